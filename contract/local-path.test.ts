import { describe, expect, it } from "vitest";
import { localPath } from "./local-path.ts";

// Every one of these is read by a browser as another host once normalised.
const OFF_SITE = [
  "//evil.example",
  "/\\evil.example",
  "/.//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/a/..//evil.example",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/..//evil.example/x",
  "https://evil.example/x",
  "javascript:alert(1)",
  "perfil",
  "/\nx",
  "/ //evil.example",
  "",
  null,
  undefined,
];

describe("localPath", () => {
  it("keeps store paths with their query and fragment, normalised", () => {
    expect(localPath("/perfil/endereco?aba=1#x")).toBe("/perfil/endereco?aba=1#x");
    expect(localPath("/a/../checkout")).toBe("/checkout");
    expect(localPath("/./produtos")).toBe("/produtos");
  });

  it("refuses every target that normalises to another host", () => {
    for (const bad of OFF_SITE) expect(localPath(bad), String(bad)).toBeUndefined();
    expect(localPath("//evil.com", { absolute: true })).toBeUndefined();
    expect(localPath("/.//evil.com", { absolute: true })).toBeUndefined();
  });

  it("with `absolute`, keeps only the path of an http(s) link", () => {
    expect(localPath("https://ferramentasdoparaguai.com.br/produtos?x=1", { absolute: true })).toBe("/produtos?x=1");
    expect(localPath("https://evil.example//evil.example/", { absolute: true })).toBeUndefined();
    expect(localPath("ftp://evil.example/x", { absolute: true })).toBeUndefined();
  });
});
