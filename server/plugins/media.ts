import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";

/** The catalogue's images (demo and uploaded product media) under DATA_DIR/media, public and cached a week. */
export async function mediaPlugin(app: FastifyInstance, { dataDir }: { dataDir: string }) {
  await app.register(fastifyStatic, {
    root: path.join(dataDir, "media"),
    prefix: "/media/",
    decorateReply: false,
    maxAge: "7d",
  });
}
