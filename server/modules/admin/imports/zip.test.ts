import { readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyRowsWorkbook, part, zip } from "../../../../tests/support/hostile-workbooks.ts";
import { fileRows } from "./file.ts";
import { XLSX_LIMITS } from "./xlsx.ts";
import { entryStream, zipEntries, ZipRefused } from "./zip.ts";

/** The zip reading's guarantees (docs/decisions/024): refusals by reason, bytes bounded, no file left open. */

let folder: string;
let n = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "zip-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function file(data: Buffer) {
  const at = path.join(folder, `${n++}.zip`);
  await writeFile(at, data);
  return at;
}

async function read(at: string, budget = { left: Infinity }) {
  const out: Buffer[] = [];
  for (const entry of await zipEntries(at)) {
    const chunks: Buffer[] = [];
    for await (const c of await entryStream(at, entry, budget)) chunks.push(c as Buffer);
    out.push(Buffer.concat(chunks));
  }
  return out;
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => "read",
    (err: unknown) => (err instanceof ZipRefused ? err.reason : String(err)),
  );

/** Open descriptors of this process, once closes in flight have landed. */
async function openFds(atMost = Infinity) {
  let count = readdirSync("/proc/self/fd").length;
  for (let i = 0; i < 50 && count > atMost; i++) {
    await sleep(20);
    count = readdirSync("/proc/self/fd").length;
  }
  return count;
}

describe("zip reading", () => {
  it("reads a workbook's entries to their declared sizes, and leaves no file open", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("produtos").addRow(["codigo", "preco"]);
    const at = await file(Buffer.from(await workbook.xlsx.writeBuffer()));
    const before = await openFds();
    const entries = await zipEntries(at);
    expect(entries.map((e) => e.name)).toContain("xl/worksheets/sheet1.xml");
    expect((await read(at)).map((b) => b.length)).toEqual(entries.map((e) => e.size));
    expect(await openFds(before)).toBe(before);
  });

  it("refuses by reason: malformed, too many entries, ZIP64, lying, past the budget, corrupt data", async () => {
    const before = await openFds();
    expect(await reason(zipEntries(await file(Buffer.from("codigo;preco\nX;1\n"))))).toBe("unreadable");
    const many = Array.from({ length: 10_001 }, (_, i) => part(`p${i}`, ""));
    expect(await reason(zipEntries(await file(zip(many))))).toBe("too_big");
    expect(await reason(zipEntries(await file(zip([{ ...part("a", "x"), zip64: true }]))))).toBe("too_big");
    const text = "x".repeat(100_000);
    const lying = await file(zip([part("a", text)], () => 10));
    expect(await reason(read(lying))).toBe("too_big");
    const two = await file(zip([part("a", text), part("b", text)]));
    expect(await reason(read(two, { left: 150_000 }))).toBe("too_big");
    expect(await reason(read(two, { left: 200_000 }))).toBe("read");
    const corrupt = await file(zip([{ ...part("a", text), data: Buffer.alloc(50, 0xff) }]));
    expect(await reason(read(corrupt))).toBe("unreadable");
    expect(await openFds(before)).toBe(before);
  });

  it("lets go of the file when a reader stops early", async () => {
    const at = await file(await emptyRowsWorkbook(300_000));
    const before = await openFds();
    const sheet = (await zipEntries(at)).find((e) => e.name === "xl/worksheets/sheet1.xml")!;
    const stream = await entryStream(at, sheet, { left: Infinity });
    for await (const _ of stream) break;
    const rows = async () => {
      for await (const _ of fileRows(at, "xlsx", { ...XLSX_LIMITS, cells: 1000 }));
    };
    await expect(rows()).rejects.toMatchObject({ messageKey: "import_too_many_cells" });
    expect(await openFds(before)).toBe(before);
  });
});
