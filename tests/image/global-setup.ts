import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";

const run = promisify(execFile);

export type ImageEnv = { available: false; reason: string } | { available: true; image: string };

/**
 * The image suite checks a production image that is already built (`docker build -t store:latest .`, or
 * STORE_IMAGE). Without a Docker engine or without that image its tests are reported skipped.
 */
export default async function setup(project: TestProject) {
  const image = process.env.STORE_IMAGE || "store:latest";
  const docker = await run("docker", ["version", "--format", "{{.Server.Version}}"], { timeout: 10_000 }).then(
    () => "",
    () => "no Docker engine answers",
  );
  const missing =
    docker ||
    (await run("docker", ["image", "inspect", image], { timeout: 10_000 }).then(
      () => "",
      () => `image ${image} not built (docker build -t ${image} .)`,
    ));
  if (missing) console.warn(`Image tests skipped: ${missing}.`);
  project.provide("image", missing ? { available: false, reason: missing } : { available: true, image });
}

declare module "vitest" {
  export interface ProvidedContext {
    image: ImageEnv;
  }
}
