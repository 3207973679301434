import { createReadStream } from "node:fs";
import { open, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { format as csvFormat } from "@fast-csv/format";
import { parse as csvParse } from "@fast-csv/parse";
import ExcelJS from "exceljs";
import { fileTypeFromFile } from "file-type";
import { IMPORT_MAX_ROWS } from "#contract/api/admin/imports.ts";
import { HttpError } from "../../../lib/errors.ts";
import { XLSX_LIMITS, xlsxSheetRows, zipRefusal, type XlsxLimits } from "./xlsx.ts";
import { ZipRefused } from "./zip.ts";

/** One row of a file: its line (the spreadsheet's row number, the header being 1) and its cells as text. */
export interface FileRow {
  linha: number;
  cells: string[];
}

/** What a file is, by its bytes: an XLSX workbook, or text read as CSV; anything else is refused. */
export async function fileFormat(filePath: string): Promise<"csv" | "xlsx"> {
  const type = await fileTypeFromFile(filePath);
  if (!type) return "csv";
  if (type.ext === "xlsx") return "xlsx";
  throw new HttpError(415, "import_file_type", { errors: { arquivo: ["import_file_type"] } });
}

/** A CSV's separator: Excel in Portuguese and Spanish writes `;`, most systems `,`; the header line says which. */
async function csvDelimiter(filePath: string): Promise<string> {
  const handle = await open(filePath, "r");
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const first = buffer.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0] ?? "";
    const count = (c: string) => first.split(c).length - 1;
    const [best] = [";", ",", "\t"].sort((a, b) => count(b) - count(a));
    return best!;
  } finally {
    await handle.close();
  }
}

/** A cell of a workbook as the text a person typed: numbers as written, rich text joined, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/** The header and at most IMPORT_MAX_ROWS rows; empty rows count too (a million blank lines cost as much to read). */
const MAX_LINES = IMPORT_MAX_ROWS + 1;
const tooManyRows = () => new HttpError(422, "import_too_many_rows", { vars: { max: IMPORT_MAX_ROWS } });

async function* csvRows(filePath: string): AsyncGenerator<FileRow> {
  const parser = createReadStream(filePath).pipe(
    csvParse({ delimiter: await csvDelimiter(filePath), ignoreEmpty: false, trim: true, maxRows: MAX_LINES + 1, encoding: "utf8" }),
  );
  let read = 0;
  let first = true;
  for await (const record of parser as AsyncIterable<string[]>) {
    if (++read > MAX_LINES) throw tooManyRows();
    const cells = record.map(fromCsvSafe);
    if (first && cells[0]) cells[0] = cells[0].replace(/^\uFEFF/, "");
    if (cells.every((c) => c === "")) continue;
    first = false;
    yield { linha: read, cells };
  }
}

async function* xlsxRows(filePath: string, limits: XlsxLimits): AsyncGenerator<FileRow> {
  let read = 0;
  for await (const row of xlsxSheetRows(filePath, limits)) {
    if (++read > MAX_LINES || row.number > MAX_LINES) throw tooManyRows();
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (v) => cellText(v as ExcelJS.CellValue).trim());
    if (cells.every((c) => c === "")) continue;
    yield { linha: row.number, cells };
  }
}

/**
 * The rows of an uploaded file, streamed: never the whole file in memory. A file that cannot be read,
 * or that would cost more than its limits to read (docs/decisions/024), is refused.
 */
export async function* fileRows(filePath: string, formato: "csv" | "xlsx", limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<FileRow> {
  try {
    yield* formato === "xlsx" ? xlsxRows(filePath, limits) : csvRows(filePath);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof ZipRefused) throw zipRefusal(err, limits);
    throw new HttpError(422, "import_unreadable");
  }
}

/** A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or return first). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A CSV cell made safe to open in a spreadsheet: a leading apostrophe keeps it text (OWASP's "CSV
 * injection"). The import takes the apostrophe off again, so the value round-trips.
 */
export const csvSafe = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);
/** The value of a cell written by `csvSafe`. */
export const fromCsvSafe = (cell: string) => (cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell);

/** Writes rows as CSV (`;`, UTF-8 with a BOM so Excel reads the accents) or as an XLSX workbook, streamed. */
export async function writeRows(out: Writable, formato: "csv" | "xlsx", header: readonly string[], rows: AsyncIterable<string[]>) {
  if (formato === "csv") {
    const csv = csvFormat({ delimiter: ";", writeBOM: true, quoteColumns: true });
    csv.pipe(out);
    csv.write(header);
    for await (const row of rows) {
      if (!csv.write(row.map(csvSafe))) await new Promise((resolve) => csv.once("drain", resolve));
    }
    csv.end();
    await new Promise((resolve, reject) => {
      out.once("finish", resolve);
      out.once("error", reject);
    });
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet("produtos");
  sheet.addRow([...header]).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

/** Removes the files of a folder older than `ms` (an upload never applied). */
export async function removeOlderThan(folder: string, ms: number) {
  const names = await readdir(folder).catch(() => [] as string[]);
  const before = Date.now() - ms;
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) await rm(file, { force: true });
  }
}

/** A CSV's lines, counted before the check so the progress bar knows its end (a workbook's is known once read). */
export async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return Math.max(0, lines);
}
