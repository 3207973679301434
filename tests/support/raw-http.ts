import { connect, type Socket } from "node:net";

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
    const socket = connect(Number(port), hostname);
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

/** One HTTP/1.1 connection driven by hand, so a test can tell whether a kept-alive socket still answers. */
export interface RawConnection {
  /** Writes a request (head and body) and reads one whole response. */
  request(head: string, body?: Buffer | string): Promise<RawResponse>;
  /** Whether the server has closed its side. */
  readonly closed: boolean;
  close(): void;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export async function openConnection(port: number, host = "127.0.0.1"): Promise<RawConnection> {
  const socket: Socket = connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffered = Buffer.alloc(0);
  let closed = false;
  let wake: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake?.();
  });
  socket.on("close", () => {
    closed = true;
    wake?.();
  });
  socket.on("error", () => {
    closed = true;
  });

  /** Waits for one complete response (Content-Length or chunked) in the buffer and takes it out. */
  async function readResponse(): Promise<RawResponse> {
    for (;;) {
      const end = buffered.indexOf("\r\n\r\n");
      if (end >= 0) {
        const [statusLine, ...lines] = buffered.subarray(0, end).toString("latin1").split("\r\n");
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
        const rest = buffered.subarray(end + 4);
        const parsed = headers["transfer-encoding"] === "chunked" ? dechunk(rest) : fixed(rest, Number(headers["content-length"] ?? 0));
        if (parsed) {
          buffered = rest.subarray(parsed.used);
          return { status: Number(statusLine!.split(" ")[1]), headers, body: parsed.body.toString("utf8") };
        }
      }
      if (closed) throw new Error("connection closed before a whole response arrived");
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
  }

  return {
    async request(head, body) {
      socket.write(head);
      if (body !== undefined) socket.write(body);
      return readResponse();
    },
    get closed() {
      return closed;
    },
    close: () => socket.destroy(),
  };
}

function fixed(data: Buffer, length: number) {
  return data.length >= length ? { body: data.subarray(0, length), used: length } : undefined;
}

function dechunk(data: Buffer) {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    const start = lineEnd + 2;
    if (data.length < start + size + 2) return undefined;
    if (size === 0) return { body: Buffer.concat(parts), used: start + 2 };
    parts.push(data.subarray(start, start + size));
    at = start + size + 2;
  }
}
