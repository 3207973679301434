import net from "node:net";

/**
 * Writes `chunks` on one raw TCP connection and collects what comes back, until `until` holds, the
 * connection closes or `ms` pass: for what fetch cannot show (several requests on one kept-alive connection).
 */
export function rawExchange(
  origin: string,
  chunks: (Buffer | string)[],
  options: { ms?: number; until?: (text: string) => boolean } = {},
): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let text = "";
    let closed = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    const timer = setTimeout(finish, options.ms ?? 5000);
    socket.on("data", (d) => {
      text += d.toString("latin1");
      if (options.until?.(text)) finish();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      finish();
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

/** The status lines of every answer in a raw exchange, in order. */
export const statusLines = (text: string) => text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
