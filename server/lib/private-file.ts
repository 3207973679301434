import type { FastifyReply } from "fastify";

/** The media types a private file (an identity document) may be answered as; anything else goes as bytes to save. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/**
 * Answers a private stored file (an identity document) with headers that keep it private: never cached
 * by the browser or a proxy, shown in the page (an image, or a PDF in the browser's viewer) under the type
 * its bytes were checked as, and never sniffed into something else (HTML, script). A type outside the
 * list is sent as an attachment of `application/octet-stream`, so nothing stored can run in the store's origin.
 */
export function sendPrivateFile(reply: FastifyReply, file: { mime: string; data: Buffer }) {
  const inline = INLINE_TYPES.has(file.mime);
  return reply
    .header("content-type", inline ? file.mime : "application/octet-stream")
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", inline ? "inline" : "attachment")
    .send(file.data);
}
