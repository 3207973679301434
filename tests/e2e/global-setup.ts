import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../support/free-port.ts";
import { startStore } from "../support/store-process.ts";

/** Builds the storefront and starts the real server on a fresh database for the browser tests. */
export default async function setup(project: TestProject) {
  // Each run builds into its own folder, so parallel runs never overwrite each other's files. The
  // build stays inside the project: the server bundle's bare imports (react, …) resolve from there.
  const buildDir = path.resolve("build", `e2e-${process.pid}`);
  execFileSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  const viaCep = await startFakeViaCep();
  const store = await startStore({ port: await freePort(), buildDir, env: { CEP_LOOKUP_URL: viaCep.url } });
  const baseURL = store.url;
  project.provide("baseURL", baseURL);
  project.provide("buildDir", buildDir);
  return async () => {
    await store.close();
    rmSync(buildDir, { recursive: true, force: true });
    await viaCep.close();
  };
}

/** Known postal codes of the browser tests; anything else is "not found", like ViaCEP's {"erro": "true"}. */
export const FAKE_CEPS: Record<string, Record<string, string>> = {
  "01001000": { cep: "01001-000", logradouro: "Praça da Sé", bairro: "Sé", localidade: "São Paulo", uf: "SP", ibge: "3550308" },
  "85851000": { cep: "85851-000", logradouro: "Avenida Brasil", bairro: "Centro", localidade: "Foz do Iguaçu", uf: "PR", ibge: "4108304" },
};

/** A stand-in for ViaCEP on 127.0.0.1, so no browser test depends on the internet. */
async function startFakeViaCep(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((req, res) => {
    const match = /^\/ws\/(\d+)\/json\/$/.exec(req.url ?? "");
    res.setHeader("content-type", "application/json");
    if (!match || match[1]!.length !== 8) {
      res.statusCode = 400;
      return res.end("{}");
    }
    res.end(JSON.stringify(FAKE_CEPS[match[1]!] ?? { erro: "true" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The storefront's build, for tests that start a server of their own (tests/support/store-process.ts). */
    buildDir: string;
  }
}
