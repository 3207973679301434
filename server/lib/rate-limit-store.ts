import { createRequire } from "node:module";
import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Redis, RedisGuard } from "./redis.ts";

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;
interface Store {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read?(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores (CommonJS files without type declarations of their own).
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreCtor;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreCtor;

/**
 * @fastify/rate-limit's counters in Redis, shared by every process, while Redis answers; this process's
 * own counters while it does not (the guard refuses at once during an outage), so a limit keeps holding
 * per process instead of letting everything through or failing the request.
 */
export function resilientRateLimitStore(redis: Redis, nameSpace: string, guard: RedisGuard): FastifyRateLimitStoreCtor {
  class Resilient implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, done: Done, timeWindow: number, max: number) {
      this.either("incr", key, done, timeWindow, max);
    }

    read(key: string, done: Done, timeWindow: number, max: number) {
      this.either("read", key, done, timeWindow, max);
    }

    child(routeOptions: unknown): Store {
      return new Resilient(this.shared.child(routeOptions), this.local.child(routeOptions));
    }

    private either(method: "incr" | "read", key: string, done: Done, timeWindow: number, max: number) {
      const call = (store: Store) =>
        new Promise<Counted>((resolve, reject) => {
          const fn = store[method];
          if (!fn) return reject(new Error(`rate-limit store without ${method}`));
          fn.call(store, key, (err, res) => (err || !res ? reject(err ?? new Error("no result")) : resolve(res)), timeWindow, max);
        });
      guard
        .run(() => call(this.shared))
        .catch(() => call(this.local))
        .then(
          (res) => done(null, res),
          (err: Error) => done(err),
        );
    }
  }

  // The plugin constructs its store with its settings, continueExceeding and exponentialBackoff among them.
  return function create(options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
    const { continueExceeding = false, exponentialBackoff = false } = options;
    return new Resilient(
      new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
      new LocalStore(continueExceeding, exponentialBackoff, 5000),
    );
  } as unknown as FastifyRateLimitStoreCtor;
}
