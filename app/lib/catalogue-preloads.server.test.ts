import { describe, expect, it } from "vitest";
import { LOCALES } from "#contract/locale.ts";
import { cataloguePreloads, type Manifest } from "./catalogue-preloads.server.ts";

// The shape Vite writes: shared chunks under `_file`, dynamically imported modules under their source.
const MANIFEST: Manifest = {
  "app/entry.client.tsx": { file: "assets/entry.client-E.js", imports: ["_browser-B.js"] },
  "_browser-B.js": { file: "assets/browser-B.js", name: "browser", imports: ["_translator-T.js"] },
  "_translator-T.js": { file: "assets/translator-T.js", name: "translator" },
  "_home-texts-H.js": { file: "assets/home-texts-H.js", name: "home-texts", imports: ["_browser-B.js"] },
  "_home-H.js": { file: "assets/home-H.js", name: "home" },
  "app/i18n/catalogues/pt-BR.ts": { file: "assets/pt-BR-1.js", name: "pt-BR" },
  "app/i18n/catalogues/es-AR.ts": { file: "assets/es-AR-1.js", name: "es-AR", imports: ["_es-PY-S.js", "_translator-T.js"] },
  "_es-PY-S.js": { file: "assets/es-PY-S.js", name: "es-PY" },
  "app/i18n/catalogues/home/pt-BR.ts": { file: "assets/pt-BR-2.js", name: "pt-BR" },
  "app/i18n/catalogues/home/es-AR.ts": { file: "assets/es-AR-2.js", name: "es-AR", imports: ["_translator-T.js", "_home-H.js"] },
  "app/i18n/catalogues/account/pt-BR.ts": { file: "assets/pt-BR-3.js", name: "pt-BR" },
};

describe("the texts a page's scripts will ask for", () => {
  it("preloads the page's catalogue, in its language only", () => {
    expect(cataloguePreloads(MANIFEST, "pt-BR", ["/assets/entry.client-E.js", "/assets/browser-B.js"])).toEqual(["/assets/pt-BR-1.js"]);
  });

  it("adds the texts of a group a module of the page shows, with what they import and the page does not preload already", () => {
    const page = ["/assets/entry.client-E.js", "/assets/browser-B.js", "/assets/translator-T.js", "/assets/home-texts-H.js"];
    expect(cataloguePreloads(MANIFEST, "es-AR", page)).toEqual([
      "/assets/es-AR-1.js",
      "/assets/es-PY-S.js",
      "/assets/es-AR-2.js",
      "/assets/home-H.js",
    ]);
    expect(cataloguePreloads(MANIFEST, "pt-BR", page)).toEqual(["/assets/pt-BR-1.js", "/assets/pt-BR-2.js"]);
  });

  it("finds a catalogue that another one imports, which the manifest keeps under its chunk's file name", () => {
    const shared: Manifest = {
      ...MANIFEST,
      "app/i18n/catalogues/es-AR.ts": { file: "assets/es-AR-1.js", name: "es-AR", src: "app/i18n/catalogues/es-AR.ts", imports: ["_es-PY-S.js"] },
      "_es-PY-S.js": { file: "assets/es-PY-S.js", name: "es-PY", isDynamicEntry: true },
      "app/i18n/catalogues/home/es-PY.ts": {
        file: "assets/es-PY-2.js",
        name: "es-PY",
        src: "app/i18n/catalogues/home/es-PY.ts",
        isDynamicEntry: true,
      },
    };
    expect(cataloguePreloads(shared, "es-PY", ["/assets/entry.client-E.js"])).toEqual(["/assets/es-PY-S.js"]);
    expect(cataloguePreloads(shared, "es-PY", ["/assets/home-texts-H.js"])).toEqual(["/assets/es-PY-S.js", "/assets/es-PY-2.js"]);
  });

  it("leaves out what the build does not have", () => {
    expect(cataloguePreloads(MANIFEST, "es-PY", ["/assets/home-texts-H.js"])).toEqual([]);
    expect(cataloguePreloads({}, "pt-BR", [])).toEqual([]);
  });
});

describe("the text groups of the storefront's build", () => {
  it("has a module `app/i18n/<group>-texts.ts` per group, the name the preloads find it by", async () => {
    const modules = import.meta.glob("../i18n/*-texts.ts");
    const groups = Object.keys(modules).map((file) => /\/(\w+)-texts\.ts$/.exec(file)![1]);
    const catalogues = Object.keys(import.meta.glob("../i18n/catalogues/*/*.ts")).map((file) => file.split("/").slice(-2));
    expect(new Set(catalogues.map(([group]) => group))).toEqual(new Set(groups));
    for (const group of groups) for (const locale of LOCALES) expect(catalogues).toContainEqual([group, `${locale}.ts`]);
  });
});
