import { randomToken } from "./tokens.ts";
import { HttpError } from "./errors.ts";
import type { Limiter } from "./limiter.ts";
import { readSigned, signValue } from "./signed.ts";

/**
 * Keeps password guessing out without letting a stranger lock the owner out (docs/decisions/005):
 *
 * - per account and client address (or per account and known device): 5 attempts in 15 minutes,
 *   then that address alone is refused for the rest of the window;
 * - per account, from devices it has never logged in on: 5 attempts in 15 minutes, then one
 *   attempt per growing pause (2 s, 4 s, 8 s … at most 1 minute) — slower, never locked;
 * - a device that logged in before (signed cookie) skips the account-wide pause, so the owner gets
 *   in whatever strangers do elsewhere.
 *
 * Every attempt is counted before the password is hashed, in one atomic step of the limiter, so
 * guesses sent in parallel are counted like guesses sent one after the other.
 * Per client address across accounts, the login route's own rate limit applies (20 in 15 minutes).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_ATTEMPTS = 5;
export const ACCOUNT_FREE_ATTEMPTS = 5;
const FIRST_PAUSE_MS = 2_000;
export const MAX_PAUSE_MS = 60_000;
export const DEVICE_COOKIE = "dispositivo";
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

export interface LoginClient {
  /** The client's address as the server sees it (TRUST_PROXY decides). */
  ip: string;
  /** The device cookie, if the browser sent one. */
  device?: string;
}

interface DevicePayload {
  c: number;
  d: string;
}

/** `prefix` keeps one door's counters apart from another's (the back office's staff use their own). */
export function createLoginGuard(limiter: Limiter, secret: string, prefix = "login") {
  const keys = (account: string, client: LoginClient, deviceId: string | undefined) => ({
    pair: deviceId ? `${prefix}:device:${account}:${deviceId}` : `${prefix}:pair:${account}:${client.ip}`,
    account: `${prefix}:account:${account}`,
    pause: `${prefix}:pause:${account}`,
  });

  /** The id of the device the cookie names, when it was signed here for this customer. */
  function knownDevice(client: LoginClient, customerId: number | undefined): string | undefined {
    if (!client.device || customerId === undefined) return undefined;
    const payload = readSigned<DevicePayload>(client.device, secret);
    return payload && payload.c === customerId && typeof payload.d === "string" ? payload.d : undefined;
  }

  /** Counts one attempt; throws 429 when this one must not reach the password check. */
  async function admit(email: string, client: LoginClient, customerId: number | undefined) {
    const account = email.toLowerCase();
    const deviceId = knownDevice(client, customerId);
    const k = keys(account, client, deviceId);
    const pair = await limiter.hit(k.pair, LOGIN_WINDOW_MS);
    if (pair.count > PAIR_ATTEMPTS) {
      throw new HttpError(429, "account_locked", { vars: { minutes: Math.max(1, Math.ceil(pair.resetInMs / 60_000)) } });
    }
    if (!deviceId) {
      const { count } = await limiter.hit(k.account, LOGIN_WINDOW_MS);
      if (count > ACCOUNT_FREE_ATTEMPTS) {
        const pauseMs = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(10, count - ACCOUNT_FREE_ATTEMPTS - 1));
        // The first attempt of each pause goes through; the others wait for the next one.
        const slot = await limiter.hit(k.pause, pauseMs);
        if (slot.count > 1) {
          throw new HttpError(429, "login_slow_down", { vars: { seconds: Math.max(1, Math.ceil(slot.resetInMs / 1000)) } });
        }
      }
    }
    return {
      /** After a right password: this address (or device) starts afresh, and so does the account. */
      async succeeded(): Promise<void> {
        await Promise.all([limiter.reset(k.pair), limiter.reset(k.account), limiter.reset(k.pause)]);
      },
      /** The cookie to set after a successful login: the same device keeps its id. */
      deviceCookie(id: number): string {
        return signValue({ c: id, d: deviceId ?? randomToken(12) } satisfies DevicePayload, secret, DEVICE_TTL_MS);
      },
    };
  }

  /**
   * A new password ends the slowdown of the account and the refusals of the address that reset it
   * (the owner's own mistypes); other addresses' attempts run out with their window.
   */
  async function forget(email: string, ip: string) {
    const account = email.toLowerCase();
    await Promise.all([
      limiter.reset(`${prefix}:account:${account}`),
      limiter.reset(`${prefix}:pause:${account}`),
      limiter.reset(`${prefix}:pair:${account}:${ip}`),
    ]);
  }

  return { admit, forget };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
