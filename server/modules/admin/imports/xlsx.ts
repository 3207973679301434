import { Transform, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { HttpError } from "../../../lib/errors.ts";
import { entryStream, zipEntries, ZipRefused, type ZipEntry } from "./zip.ts";

/**
 * What one workbook may cost to read (docs/decisions/024). The storefront shares the process, so a
 * small file that inflates to gigabytes, or holds millions of texts, is refused before it costs that.
 */
export interface XlsxLimits {
  /** All the entries read, inflated: sizes the central directory declares, then bytes actually inflated. */
  inflatedBytes: number;
  /** The shared strings' part: every string of it stays in memory while the sheet is read. */
  sharedStringsBytes: number;
  sharedStrings: number;
  /** Cells of the sheet, empty rows' included. */
  cells: number;
  /** The longest run of XML without a tag: one text node the parser would hold whole. */
  textRun: number;
}

const MB = 1024 * 1024;
export const XLSX_LIMITS: XlsxLimits = {
  inflatedBytes: 256 * MB,
  sharedStringsBytes: 64 * MB,
  sharedStrings: 1_000_000,
  cells: 5_000_000,
  textRun: 4 * MB,
};

/** A workbook the store will not read, as the refusal the importer reads (in their language, with the limit). */
export function zipRefusal(err: ZipRefused, limits: XlsxLimits = XLSX_LIMITS): HttpError {
  const [key, max] = (
    {
      unreadable: ["import_unreadable", 0],
      too_big: ["import_inflates_too_much", Math.round(limits.inflatedBytes / MB)],
      cells: ["import_too_many_cells", limits.cells],
      strings: ["import_too_many_texts", limits.sharedStrings],
      text: ["import_cell_too_long", Math.round(limits.textRun / MB)],
    } as const
  )[err.reason];
  return new HttpError(422, key, { errors: { arquivo: [key] }, vars: { max } });
}

/** The parts read: the workbook's sheet list and its links, the shared strings, and the first sheet. */
const WORKBOOK = "xl/workbook.xml";
const RELS = "xl/_rels/workbook.xml.rels";
const SHARED = "xl/sharedStrings.xml";
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** Counts what passes and stops at a text run longer than the limit. */
function guarded(stream: Readable, limits: XlsxLimits): Readable {
  let run = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (let from = 0; ;) {
        const i = chunk.indexOf(60, from);
        run += (i === -1 ? chunk.length : i) - from;
        if (run > limits.textRun) return done(new ZipRefused("text"));
        if (i === -1) break;
        run = 0;
        from = i + 1;
      }
      done(null, chunk);
    },
  });
  stream.on("error", (err) => guard.destroy(err));
  // A reader that stops early (a bound reached, a refusal) lets go of the entry, and so of its file.
  guard.on("close", () => stream.destroy());
  return stream.pipe(guard);
}

/** The entries a workbook needs, checked against the limits by their declared sizes before any is read. */
export async function workbookEntries(path: string, limits: XlsxLimits = XLSX_LIMITS) {
  const entries = await zipEntries(path);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const sheets = entries.filter((e) => SHEET.test(e.name)).sort((a, b) => sheetNo(a) - sheetNo(b));
  const first = sheets[0];
  const parts = [byName.get(RELS), byName.get(WORKBOOK), byName.get(SHARED), first].filter((e): e is ZipEntry => e !== undefined);
  const declared = parts.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.inflatedBytes || (byName.get(SHARED)?.size ?? 0) > limits.sharedStringsBytes) throw new ZipRefused("too_big");
  return { rels: byName.get(RELS), workbook: byName.get(WORKBOOK), shared: byName.get(SHARED), first };
}

const sheetNo = (e: ZipEntry) => Number(SHEET.exec(e.name)?.[1] ?? 0);

/**
 * exceljs's streaming reader, fed by the entries above instead of its own unzip: random access reads
 * the shared strings before the sheet (exceljs would spill a sheet that comes first to a temporary file,
 * inflated without a bound), each entry is cut off past its bound, and the shared strings are counted.
 * Leans on WorkbookReader's `_parse…` methods (exceljs 4.4).
 */
class BoundedWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  declare sharedStrings?: unknown[];

  constructor(
    private readonly path: string,
    private readonly limits: XlsxLimits,
  ) {
    super(path, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", entries: "ignore" });
  }

  async *parse(): AsyncGenerator<{ eventType: string; value: unknown }> {
    const parts = await workbookEntries(this.path, this.limits);
    const budget = { left: this.limits.inflatedBytes };
    const open = async (entry: ZipEntry) => guarded(await entryStream(this.path, entry, budget), this.limits);
    const self = this as unknown as Internals;
    if (parts.rels) await self._parseRels(await open(parts.rels));
    if (parts.workbook) await self._parseWorkbook(await open(parts.workbook));
    if (parts.shared) {
      // The part's own generator yields nothing when caching: it fills `sharedStrings`, counted here as it grows.
      const count = () => this.sharedStrings?.length ?? 0;
      const counting = new Transform({
        transform: (chunk: Buffer, _encoding, done) => (count() > this.limits.sharedStrings ? done(new ZipRefused("strings")) : done(null, chunk)),
      });
      const source = await open(parts.shared);
      source.on("error", (err) => counting.destroy(err));
      counting.on("close", () => source.destroy());
      for await (const event of self._parseSharedStrings(source.pipe(counting))) yield event;
      if (count() > this.limits.sharedStrings) throw new ZipRefused("strings");
    } else {
      this.sharedStrings = [];
    }
    if (!parts.first) return;
    yield* self._parseWorksheet(await open(parts.first), String(sheetNo(parts.first)));
  }
}

interface Internals {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ eventType: string; value: unknown }>;
  _parseWorksheet(entry: Readable, sheetNo: string): Generator<{ eventType: string; value: unknown }>;
}

/** The first sheet's rows, every one (empty rows too: they count against the caps), and their cells counted. */
export async function* xlsxSheetRows(path: string, limits: XlsxLimits = XLSX_LIMITS): AsyncGenerator<ExcelJS.Row> {
  const workbook = new BoundedWorkbookReader(path, limits);
  let cells = 0;
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      cells += Math.max(1, row.cellCount);
      if (cells > limits.cells) throw new ZipRefused("cells");
      yield row;
    }
    return;
  }
}
