import net from "node:net";

/**
 * A TCP proxy between the store and PostgreSQL or Redis that can break the way networks and servers
 * break: `cut()` resets every open connection and refuses new ones (a crash, a restart, a reset by a
 * firewall), `stall()` keeps connections open but passes nothing either way (a server or a network gone
 * quiet), `heal()` ends either. The store is pointed at `url(target)` instead of the target.
 */
export interface FaultProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's. */
  url(target: string): string;
  cut(): void;
  stall(): void;
  heal(): void;
  /** Resets the connections open now, and lets new ones through. */
  reset(): void;
  /** Connections passing through now. */
  connections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Data held while stalled, per direction. */
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const { hostname, port } = new URL(target);
  const upstreamHost = hostname.replace(/^\[|\]$/g, "");
  const upstreamPort = Number(port);
  let mode: "open" | "cut" | "stalled" = "open";
  const pairs = new Set<Pair>();

  const resetPair = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.resetAndDestroy();
    pair.upstream.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    client.on("error", () => {});
    if (mode === "cut") {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(upstreamPort, upstreamHost);
    upstream.on("error", () => {});
    const pair: Pair = { client, upstream, held: { toUpstream: [], toClient: [] } };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket, held: Buffer[]) => {
      from.on("data", (chunk: Buffer) => {
        if (mode === "stalled") held.push(chunk);
        else to.write(chunk);
      });
      from.on("close", () => {
        pairs.delete(pair);
        to.destroy();
      });
    };
    forward(client, upstream, pair.held.toUpstream);
    forward(upstream, client, pair.held.toClient);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxyPort = (server.address() as net.AddressInfo).port;

  return {
    port: proxyPort,
    url(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(proxyPort);
      return u.toString();
    },
    cut() {
      mode = "cut";
      for (const pair of [...pairs]) resetPair(pair);
    },
    stall() {
      mode = "stalled";
    },
    heal() {
      mode = "open";
      for (const pair of pairs) {
        for (const chunk of pair.held.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.held.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    reset() {
      for (const pair of [...pairs]) resetPair(pair);
    },
    connections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) resetPair(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
