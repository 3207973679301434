import type { IncomingMessage } from "node:http";

/** An unread body up to this size is read and dropped after the answer; a larger (or unsized) one closes the connection. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

export interface RequestBody {
  /** The body as a web stream that reads from the socket only as it is read itself. */
  stream: ReadableStream<Uint8Array>;
  /**
   * Called once the answer is decided: a body the handler left (partly) unread, say a 405 for a page
   * without an action, is read and dropped so that the next request on the kept-alive connection is
   * parsed from its start; one larger than DRAIN_LIMIT_BYTES, or of unknown length, is not worth reading
   * and the answer closes the connection instead. Returns whether the connection must close.
   */
  settle(): boolean;
  /** Whether the body passed the limit: the handler saw an error in place of the rest, and the connection closes. */
  readonly tooLarge: boolean;
}

/** `limit`: bytes the handler may read; past it the stream fails and the rest is never read. */
export function requestBody(raw: IncomingMessage, limit = Infinity): RequestBody {
  let dropping = false;
  let tooLarge = false;
  let seen = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        raw.on("data", (chunk: Buffer) => {
          if (dropping) return;
          seen += chunk.length;
          if (seen > limit) {
            tooLarge = dropping = true;
            raw.pause();
            controller.error(new Error("request body too large"));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) raw.pause();
        });
        raw.once("end", () => {
          if (!dropping) controller.close();
        });
        raw.once("error", (err) => {
          if (!dropping) controller.error(err);
        });
        // A client that goes away mid-upload fails the body instead of leaving the reader waiting.
        raw.once("close", () => {
          if (!dropping && !raw.complete) controller.error(new Error("request body aborted"));
        });
        raw.pause();
      },
      pull() {
        raw.resume();
      },
      cancel() {
        dropping = true;
        raw.resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  return {
    stream,
    get tooLarge() {
      return tooLarge;
    },
    settle() {
      if (tooLarge) return true;
      if (raw.complete || raw.destroyed) return false;
      dropping = true;
      const declared = Number(raw.headers["content-length"]);
      const close = !Number.isFinite(declared) || declared > DRAIN_LIMIT_BYTES;
      if (close) {
        raw.pause();
        return true;
      }
      raw.resume();
      return false;
    },
  };
}
