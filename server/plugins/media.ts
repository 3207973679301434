import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { PUBLIC_ORIGINAL } from "../lib/media.ts";

/**
 * The catalogue's images (demo and uploaded product media) under DATA_DIR/media, public and cached a week.
 * An original an earlier version published there (with its EXIF) is never served, even before the start-up
 * sweep (main.ts) has moved it to the private store.
 */
export async function mediaPlugin(app: FastifyInstance, { dataDir }: { dataDir: string }) {
  await app.register(fastifyStatic, {
    root: path.join(dataDir, "media"),
    prefix: "/media/",
    decorateReply: false,
    maxAge: "7d",
    allowedPath: (pathName) => !PUBLIC_ORIGINAL.test(path.basename(pathName)),
  });
}
