import { describe, expect, it } from "vitest";
import { bundleReport, initialFiles, type ViteManifest } from "./bundle-size.ts";

// A Vite manifest shaped like React Router's client build: route modules are keyed with a query.
const manifest: ViteManifest = {
  "app/entry.client.tsx": { file: "assets/entry.client.js", imports: ["_react.js"] },
  "app/root.tsx?__react-router-build-client-route": { file: "assets/root.js", imports: ["_react.js", "_shared.js"] },
  "app/routes/product.tsx?__react-router-build-client-route": {
    file: "assets/product.js",
    imports: ["_shared.js", "_money.js"],
    dynamicImports: ["app/features/product/image-viewer.tsx"],
  },
  "app/routes/cart.tsx?__react-router-build-client-route": { file: "assets/cart.js", imports: ["_cart-lines.js"] },
  "app/features/product/image-viewer.tsx": { file: "assets/image-viewer.js", imports: ["_shared.js"] },
  "_react.js": { file: "assets/react.js" },
  "_shared.js": { file: "assets/shared.js", imports: ["_react.js"] },
  "_money.js": { file: "assets/money.js", imports: ["_shared.js"] },
  "_cart-lines.js": { file: "assets/cart-lines.js" },
};

describe("initialFiles", () => {
  it("takes the entry, the root and product routes and what they import statically, each once", () => {
    expect(initialFiles(manifest)).toEqual([
      "assets/entry.client.js",
      "assets/react.js",
      "assets/root.js",
      "assets/shared.js",
      "assets/product.js",
      "assets/money.js",
    ]);
  });

  it("leaves out dynamic imports and other routes", () => {
    const files = initialFiles(manifest);
    expect(files).not.toContain("assets/image-viewer.js");
    expect(files).not.toContain("assets/cart.js");
  });

  it("reads a route module under its plain key when the build has no client-route variant", () => {
    const plain: ViteManifest = {
      "app/entry.client.tsx": { file: "assets/entry.client.js" },
      "app/root.tsx": { file: "assets/root.js" },
      "app/routes/product.tsx": { file: "assets/product.js" },
    };
    expect(initialFiles(plain)).toEqual(["assets/entry.client.js", "assets/root.js", "assets/product.js"]);
  });

  it("fails on a route the manifest does not have", () => {
    expect(() => initialFiles(manifest, ["app/routes/missing.tsx"])).toThrow(/missing\.tsx/);
  });
});

describe("bundleReport", () => {
  const sizes: Record<string, number> = {
    "assets/entry.client.js": 60,
    "assets/react.js": 40,
    "assets/root.js": 8,
    "assets/shared.js": 2,
    "assets/product.js": 8,
    "assets/money.js": 3,
    "assets/es-AR.js": 9,
    "assets/pt-BR.js": 7,
    "assets/home-es-AR.js": 2,
  };
  const withCatalogues: ViteManifest = {
    ...manifest,
    "app/i18n/catalogues/es-AR.ts": { file: "assets/es-AR.js", src: "app/i18n/catalogues/es-AR.ts" },
    "app/i18n/catalogues/pt-BR.ts": { file: "assets/pt-BR.js", src: "app/i18n/catalogues/pt-BR.ts" },
    "app/i18n/catalogues/home/es-AR.ts": { file: "assets/home-es-AR.js", src: "app/i18n/catalogues/home/es-AR.ts" },
  };
  const measure = (file: string) => ({ file, bytes: sizes[file]! * 3, gzip: sizes[file]! });

  it("counts each locale's catalogue on top of the preloaded files, and checks the largest", () => {
    const report = bundleReport(withCatalogues, measure);
    expect(report.gzip).toBe(121);
    expect(report.catalogues.map((c) => c.locale)).toEqual(["es-AR", "pt-BR"]);
    expect(report.initial).toEqual([
      { locale: "es-AR", bytes: 390, gzip: 130 },
      { locale: "pt-BR", bytes: 384, gzip: 128 },
    ]);
    expect(report.initialGzip).toBe(130);
  });

  it("counts what a catalogue imports, unless the page preloads it already", () => {
    const shared: ViteManifest = {
      ...withCatalogues,
      "app/i18n/catalogues/es-AR.ts": { file: "assets/es-AR.js", src: "app/i18n/catalogues/es-AR.ts", imports: ["_es-PY.js", "_shared.js"] },
      "_es-PY.js": { file: "assets/es-PY-shared.js" },
    };
    sizes["assets/es-PY-shared.js"] = 5;
    const report = bundleReport(shared, measure);
    expect(report.catalogues.filter((c) => c.locale === "es-AR").map((c) => c.file)).toEqual(["assets/es-AR.js", "assets/es-PY-shared.js"]);
    expect(report.initial).toContainEqual({ locale: "es-AR", bytes: 405, gzip: 135 });
  });

  it("leaves out the text groups, which only the pages that show them download", () => {
    expect(bundleReport(withCatalogues, measure).catalogues.map((c) => c.file)).not.toContain("assets/home-es-AR.js");
  });
});
