import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminProductRow } from "#contract/api/admin/products.ts";
import { call } from "../../../../tests/support/customers.ts";
import { files } from "../../../../tests/support/fixtures.ts";
import { emptyRowsWorkbook, inflatingWorkbook } from "../../../../tests/support/hostile-workbooks.ts";
import { csvFile, settled, upload, xlsxFile } from "../../../../tests/support/imports.ts";
import { asStaff, staffAgent, STORE_ORIGIN, type StaffAgent } from "../../../../tests/support/staff.ts";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { openDatabase } from "#db/client.ts";
import { buildApp } from "#server/app.ts";
import { fileRows } from "./file.ts";
import { XLSX_LIMITS } from "./xlsx.ts";

/** Issue 30, item 2: a file cannot take the store down (docs/decisions/024). */

const PER_HOUR = 40;
/** What the process may grow by while a hostile file is refused. */
const RSS_BUDGET = 300 * 1024 * 1024;

let t: TestApp;
let manager: StaffAgent;
let shopperUrl: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: STORE_ORIGIN, IMPORTS_PER_HOUR: String(PER_HOUR) });
  manager = await staffAgent(t.app, t.database.db, "manager");
  const products = await asStaff<{ data: AdminProductRow[] }>(t.app, manager, "GET", "/api/admin/products");
  shopperUrl = `/api/public/products/${products.body.data[0]!.slug}/details?lang=pt&moeda_id=2`;
});
afterAll(() => t.close());

/**
 * Sends a file and follows its check while a shopper keeps asking for a product: the check's outcome, how
 * long it took, how much the process grew at most, and the shopper's answers.
 */
async function refusedWhileShopping(data: Buffer) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const answers: number[] = [];
  const started = Date.now();
  const res = await upload(t.app, xlsxFile(data), { agent: manager });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const done = await settled(t.app, res.body.data.id, { agent: manager }, async () => {
    answers.push((await call(t.app, "GET", shopperUrl)).status);
    peak = Math.max(peak, process.memoryUsage().rss);
  });
  return { done, ms: Date.now() - started, grew: peak - before, answers };
}

describe("a workbook cannot take the store down", () => {
  it("one declaring more than it may inflate to is refused at upload, before a byte of it is inflated", async () => {
    const data = await inflatingWorkbook(300);
    expect(data.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    const res = await upload(t.app, xlsxFile(data), { agent: manager });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("A planilha descompactada passa de 256 MB. Divida-a em arquivos menores ou envie-a como CSV.");
    expect(res.body.errors?.arquivo).toEqual([res.body.message]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("one lying about its size is cut off as it inflates, quickly, while the storefront answers", async () => {
    const { done, ms, grew, answers } = await refusedWhileShopping(await inflatingWorkbook(300, true));
    expect(done).toMatchObject({
      estado: "failed",
      falha: "A planilha descompactada passa de 256 MB. Divida-a em arquivos menores ou envie-a como CSV.",
    });
    expect(ms).toBeLessThan(10_000);
    expect(grew).toBeLessThan(RSS_BUDGET);
    expect(answers.every((s) => s === 200)).toBe(true);
  });

  it("millions of empty rows count against the row cap; a second import meanwhile waits its turn", async () => {
    const data = await emptyRowsWorkbook(3_000_000);
    expect(data.length).toBeLessThan(10 * 1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const answers: number[] = [];
    const started = Date.now();
    const res = await upload(t.app, xlsxFile(data), { agent: manager });
    expect(res.status).toBe(201);
    // One check or apply at a time in the shop.
    const second = await upload(t.app, csvFile(["codigo;preco", "X;1"]), { agent: manager });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("Outra importação está sendo conferida ou aplicada. Aguarde ela terminar.");
    const done = await settled(t.app, res.body.data.id, { agent: manager }, async () => {
      answers.push((await call(t.app, "GET", shopperUrl)).status);
      peak = Math.max(peak, process.memoryUsage().rss);
    });
    expect(done).toMatchObject({ estado: "failed", falha: "O arquivo tem mais de 200000 linhas. Divida-o em arquivos menores." });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(peak - before).toBeLessThan(RSS_BUDGET);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);
  });

  it("two processes on one PostgreSQL start one import between them, however close the uploads", async (ctx) => {
    if (!t.url) return ctx.skip();
    const database = await openDatabase({ url: t.url });
    const other = await buildApp({ config: t.config, database });
    try {
      // Its check runs a second or so (the row cap), long enough for the second upload to meet it.
      const file = csvFile(["codigo;preco", "X;1", ...Array<string>(200_001).fill("")]);
      const answers = await Promise.all([upload(t.app, file, { agent: manager }), upload(other, file, { agent: manager })]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      for (const [app, answer] of [t.app, other].map((app, i) => [app, answers[i]!] as const)) {
        if (answer.status === 201) await settled(app, answer.body.data.id, { agent: manager });
      }
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("a CSV's blank lines count too", async () => {
    const res = await upload(t.app, csvFile(["codigo;preco", "X;1", ...Array<string>(200_001).fill("")]), { agent: manager });
    expect(res.status).toBe(201);
    const done = await settled(t.app, res.body.data.id, { agent: manager });
    expect(done.falha).toBe("O arquivo tem mais de 200000 linhas. Divida-o em arquivos menores.");
  });

  it("bounds the shared strings, the cells and one cell's text", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "limits-"));
    try {
      const file = path.join(folder, "p.xlsx");
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("produtos");
      sheet.addRow(["codigo", "nome_pt"]);
      for (let i = 0; i < 10; i++) sheet.addRow([`C${i}`, `Nome ${i} ${"x".repeat(200)}`]);
      await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
      const read = async (limits: Partial<typeof XLSX_LIMITS>) => {
        const rows = [];
        for await (const r of fileRows(file, "xlsx", { ...XLSX_LIMITS, ...limits })) rows.push(r);
        return rows;
      };
      expect(await read({})).toHaveLength(11);
      await expect(read({ sharedStrings: 5 })).rejects.toMatchObject({ statusCode: 422, messageKey: "import_too_many_texts" });
      await expect(read({ cells: 15 })).rejects.toMatchObject({ statusCode: 422, messageKey: "import_too_many_cells" });
      await expect(read({ textRun: 100 })).rejects.toMatchObject({ statusCode: 422, messageKey: "import_cell_too_long" });
      await expect(read({ inflatedBytes: 2000 })).rejects.toMatchObject({ statusCode: 422, messageKey: "import_inflates_too_much" });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("a member starts a few checks an hour, then is told how long to wait", async () => {
    const member = await staffAgent(t.app, t.database.db, "manager");
    for (let i = 0; i < PER_HOUR; i++) expect((await upload(t.app, files.png("p.csv"), { agent: member })).status).toBe(415);
    const refused = await upload(t.app, csvFile(["codigo;preco", "X;1"]), { agent: member });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Limite de importações por hora atingido\. Tente de novo em \d+ minuto\(s\)\.$/);
    // Another member is counted apart.
    expect((await upload(t.app, files.png("p.csv"), { agent: manager })).status).toBe(415);
  });
});
