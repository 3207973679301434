import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { entryStream, zipEntries } from "../../server/modules/admin/imports/zip.ts";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Workbooks built to hurt a reader, made in the test (no binary fixtures): a real exceljs workbook whose
 * first sheet is swapped for XML that inflates to hundreds of megabytes, or holds millions of empty rows.
 * The XML is deflated as it is generated, so the test itself never holds it.
 */

interface Part {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
  /** Declares its sizes in a ZIP64 extra field (the central directory's own say 0xffffffff). */
  zip64?: boolean;
}

/** A part deflated in one go. */
export function part(name: string, text: string): Part {
  const data = Buffer.from(text);
  return { name, data: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/** Deflates what `write` produces, a chunk at a time: the compressed bytes, their CRC and inflated size. */
async function deflated(name: string, chunks: () => Generator<Buffer>): Promise<Part> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  let crc = 0;
  let size = 0;
  for (const chunk of chunks()) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once("drain", r));
  }
  deflate.end();
  await done;
  return { name, data: Buffer.concat(out), crc, size };
}

/** A zip of deflated parts; `declare` may state a size other than the real one (a lying central directory). */
export function zip(parts: Part[], declare: (p: Part) => number = (p) => p.size): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(declare(p), 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc >>> 0, 16);
    entry.writeUInt32LE(p.zip64 ? 0xffffffff : p.data.length, 20);
    entry.writeUInt32LE(p.zip64 ? 0xffffffff : declare(p), 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    const extra = Buffer.alloc(p.zip64 ? 20 : 0);
    if (p.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(declare(p)), 4);
      extra.writeBigUInt64LE(BigInt(p.data.length), 12);
      entry.writeUInt16LE(extra.length, 30);
    }
    locals.push(local, name, p.data);
    central.push(entry, name, extra);
    offset += 30 + name.length + p.data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a small real workbook (a header row), read back with the store's own zip reader. */
async function baseParts(): Promise<Part[]> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("produtos").addRow(["codigo", "preco", "estoque"]);
  const folder = await mkdtemp(path.join(tmpdir(), "hostile-"));
  try {
    const file = path.join(folder, "base.xlsx");
    await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const parts: Part[] = [];
    for (const entry of await zipEntries(file)) {
      const chunks: Buffer[] = [];
      for await (const c of await entryStream(file, entry, { left: Infinity })) chunks.push(c as Buffer);
      const data = Buffer.concat(chunks);
      parts.push({ name: entry.name, data: deflateRawSync(data), crc: crc32(data), size: data.length });
    }
    return parts;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = "</sheetData></worksheet>";
const HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>codigo</t></is></c><c r="B1" t="inlineStr"><is><t>preco</t></is></c></row>';

async function withSheet(sheet: Part, declare?: (p: Part) => number): Promise<Buffer> {
  const parts = (await baseParts()).map((p) => (p.name === "xl/worksheets/sheet1.xml" ? sheet : p));
  return zip(parts, declare);
}

/**
 * A workbook whose sheet inflates to about `megabytes` MB of XML comments after its header (no rows, so
 * only the bytes can stop it); `lie` declares 1 KB in the central directory, so only counting the inflated
 * bytes catches it.
 */
export async function inflatingWorkbook(megabytes: number, lie = false): Promise<Buffer> {
  const block = Buffer.from(`<!--${" ".repeat(1000)}-->`.repeat(1000));
  const sheet = await deflated("xl/worksheets/sheet1.xml", function* () {
    yield Buffer.from(SHEET_HEAD + HEADER_ROW);
    for (let sent = 0; sent < megabytes * 1024 * 1024; sent += block.length) yield block;
    yield Buffer.from(SHEET_TAIL);
  });
  return withSheet(sheet, lie ? (p) => (p.name === sheet.name ? 1024 : p.size) : undefined);
}

/** A workbook with a header and then `rows` empty rows (`<row r="n"/>`): tiny on disk, millions of rows to read. */
export async function emptyRowsWorkbook(rows: number): Promise<Buffer> {
  const sheet = await deflated("xl/worksheets/sheet1.xml", function* () {
    yield Buffer.from(SHEET_HEAD + HEADER_ROW);
    for (let from = 2; from < rows + 2; from += 50_000) {
      const to = Math.min(rows + 2, from + 50_000);
      yield Buffer.from(Array.from({ length: to - from }, (_, i) => `<row r="${from + i}"/>`).join(""));
    }
    yield Buffer.from(SHEET_TAIL);
  });
  return withSheet(sheet);
}
