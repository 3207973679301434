import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Config, S3Options } from "#config/config.ts";

/** Private files (identity documents): never under a public folder, addressed by random keys. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

function checkKey(key: string): string {
  if (!/^[\w-]+(\/[\w.-]+)*$/.test(key) || key.includes("..")) throw new Error(`bad storage key ${key}`);
  return key;
}

/** The S3 store is used once a bucket is named; otherwise files stay under DATA_DIR/uploads. */
export function storageFor(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, "uploads"));
}

export function diskStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkKey(key));
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

/**
 * Any S3-compatible object store; objects are private and never served from it directly. The SDK
 * is loaded on first use, so a store that keeps its files on disk never pays for it.
 */
export function s3Storage(options: S3Options): Storage {
  let loaded: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | undefined;
  const connect = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        // Checksums only where S3 demands them: several compatible stores reject the SDK's newer defaults.
        ...(options.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED" as const, responseChecksumValidation: "WHEN_REQUIRED" as const } : {}),
        credentials:
          options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      }),
    })));
  const Bucket = options.bucket;
  const objectKey = (key: string) => options.prefix + checkKey(key);
  return {
    async put(key, data) {
      const Key = objectKey(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.length }));
    },
    async read(key) {
      const Key = objectKey(key);
      const { s3, sdk } = await connect();
      const res = await s3.send(new sdk.GetObjectCommand({ Bucket, Key }));
      if (!res.Body) throw new Error(`empty object ${key}`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async remove(key) {
      const Key = objectKey(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
