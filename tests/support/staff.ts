import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { StaffRole, StaffSession } from "#contract/api/admin/staff.ts";
import type { Db } from "#db/client.ts";
import { upsertStaffMember } from "#db/staff.ts";
import { call, nextIp, type Reply } from "./customers.ts";
import type { MultipartBody } from "./fixtures.ts";

/** Helpers for the back-office API tests: staff members, their sessions, and calls that carry both. */

export const STAFF_PASSWORD = "Balcao#Seguro2026";
/** The test app's store host (its PUBLIC_URL): a write must come from a page of it. */
export const STORE_HOST = "loja.example.test";
export const STORE_ORIGIN = `https://${STORE_HOST}`;

export interface StaffAgent {
  id: number;
  email: string;
  role: StaffRole;
  cookie: string;
  csrf: string;
}

export const staffEmail = (role: string) => `${role}-${randomUUID().slice(0, 8)}@loja.example.test`;

/** A member of `role`, created as the shell would (no password change due), and logged in. */
export async function staffAgent(app: FastifyInstance, db: Db, role: StaffRole, lang = "pt-BR"): Promise<StaffAgent> {
  const email = staffEmail(role);
  const { id } = await upsertStaffMember(db, { email, nome: `Teste ${role}`, papel: role, password: STAFF_PASSWORD, lang });
  const res = await staffLogin(app, email, STAFF_PASSWORD);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id, email, role, cookie: cookieOf(res), csrf: (res.body as StaffSession).csrf_token };
}

/** The `staff_sid` value a login answer set. */
export function cookieOf(res: Reply<unknown>): string {
  const setCookie = ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
  const line = setCookie.find((c) => c.startsWith("staff_sid="));
  expect(line, "a staff_sid cookie").toBeDefined();
  return decodeURIComponent(line!.split(";")[0]!.slice("staff_sid=".length));
}

export function staffLogin(app: FastifyInstance, email: string, password: string, ip = nextIp(), headers: Record<string, string> = {}) {
  return call<StaffSession & { message: string }>(app, "POST", "/api/admin/login", {
    body: { email, password },
    ip,
    headers: { host: STORE_HOST, origin: STORE_ORIGIN, ...headers },
  });
}

/** The login's second step: the ticket of a right password, and a code of the app or a recovery code. */
export function staffLoginCode(app: FastifyInstance, ticket: unknown, codigo: unknown, ip = nextIp()) {
  return call<StaffSession & { message: string }>(app, "POST", "/api/admin/login/totp", {
    body: { ticket, codigo },
    ip,
    headers: { host: STORE_HOST, origin: STORE_ORIGIN },
  });
}

/** A call as `agent` from the store's own page: its cookie, and on writes its CSRF token. */
export function asStaff<T = { message: string; errors?: Record<string, string[]> }>(
  app: FastifyInstance,
  agent: Pick<StaffAgent, "cookie" | "csrf"> | undefined,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { body?: unknown; form?: MultipartBody; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers: Record<string, string> = { host: STORE_HOST, ...(method === "GET" ? {} : { origin: STORE_ORIGIN }) };
  if (agent) {
    headers.cookie = `staff_sid=${encodeURIComponent(agent.cookie)}`;
    if (method !== "GET") headers["x-csrf-token"] = agent.csrf;
  }
  return call<T>(app, method, url, { body: options.body, form: options.form, ip: options.ip, headers: { ...headers, ...options.headers } });
}
