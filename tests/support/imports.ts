import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { AdminImport } from "#contract/api/admin/imports.ts";
import { multipart, type FixtureFile } from "./fixtures.ts";
import { asStaff, type StaffAgent } from "./staff.ts";

/** Helpers for the import's API tests: a member (or an API key) sends a file, and polls it as the screen does. */

export type Auth = { agent: StaffAgent } | { key: string; ip?: string };
const headersOf = (auth: Auth): Record<string, string> => ("key" in auth ? { authorization: `Bearer ${auth.key}` } : {});
const agentOf = (auth: Auth) => ("agent" in auth ? auth.agent : undefined);
const ipOf = (auth: Auth) => ("key" in auth ? auth.ip : undefined);

export const csvFile = (lines: string[], name = "produtos.csv"): FixtureFile => ({
  name,
  type: "text/csv",
  data: Buffer.from(lines.join("\n"), "utf8"),
});
export const xlsxFile = (data: Buffer, name = "produtos.xlsx"): FixtureFile => ({ name, type: "application/octet-stream", data });

export async function upload(app: FastifyInstance, file: FixtureFile, auth: Auth) {
  return asStaff<{ message: string; data: AdminImport; errors?: Record<string, string[]> }>(app, agentOf(auth), "POST", "/api/admin/imports", {
    form: await multipart({}, { arquivo: file }),
    headers: headersOf(auth),
    ip: ipOf(auth),
  });
}

export async function importOf(app: FastifyInstance, id: number, auth: Auth) {
  const res = await asStaff<{ data: AdminImport }>(app, agentOf(auth), "GET", `/api/admin/imports/${id}`, {
    headers: headersOf(auth),
    ip: ipOf(auth),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Polls an import until its step is done; `meanwhile` runs between polls (e.g. a shopper's request). */
export async function settled(app: FastifyInstance, id: number, auth: Auth, meanwhile?: () => Promise<void>): Promise<AdminImport> {
  for (let i = 0; i < 1200; i++) {
    const data = await importOf(app, id, auth);
    if (data.estado !== "checking" && data.estado !== "applying") return data;
    if (meanwhile) await meanwhile();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} never settled`);
}

export async function checkFile(app: FastifyInstance, file: FixtureFile, auth: Auth) {
  const res = await upload(app, file, auth);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return settled(app, res.body.data.id, auth);
}

export async function applyImport(app: FastifyInstance, id: number, auth: Auth, query = "") {
  return asStaff<{ message: string; data: AdminImport }>(app, agentOf(auth), "POST", `/api/admin/imports/${id}/apply${query}`, {
    headers: headersOf(auth),
    ip: ipOf(auth),
  });
}
