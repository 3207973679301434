import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Private files (identity documents): never under a public folder, addressed by random keys. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!/^[\w-]+(\/[\w.-]+)*$/.test(key) || key.includes("..")) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { mode: 0o600 });
    },
    read: (key) => readFile(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  };
}
