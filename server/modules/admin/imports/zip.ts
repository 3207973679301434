import { Transform, type Readable } from "node:stream";
import { openPromise, type Entry, type ZipFile } from "yauzl";

/**
 * A zip archive (an XLSX workbook is one) read with yauzl, so that what it may inflate to is known before
 * reading (the central directory's sizes) and enforced while reading: yauzl's `validateEntrySizes` fails an
 * entry that inflates past its declared size, and the bytes that come out are counted against the file's
 * budget. docs/decisions/024.
 */

export interface ZipEntry {
  name: string;
  /** What the central directory declares; an entry inflating past it is cut off. */
  size: number;
  raw: Entry;
}

/** A zip the store will not read: malformed, or past a bound (inflated bytes, cells, shared strings, one text's length). */
export class ZipRefused extends Error {
  constructor(readonly reason: "unreadable" | "too_big" | "cells" | "strings" | "text") {
    super(`zip ${reason}`);
  }
}

/** More entries than any workbook has: a central directory of millions is refused before it is read. */
const MAX_ENTRIES = 10_000;
/** The ZIP64 extended information extra field: sizes past 4 GB, which no workbook of at most 100 MB needs. */
const ZIP64_EXTRA = 0x0001;

/** yauzl's errors are a malformed archive's; the file system's (they carry a syscall) stay what they are. */
function refusal(err: unknown): unknown {
  if (err instanceof ZipRefused || (err as { syscall?: unknown }).syscall !== undefined) return err;
  // validateEntrySizes' words for an entry inflating past its declared size.
  return new ZipRefused(/^too many bytes/.test((err as Error).message) ? "too_big" : "unreadable");
}

/**
 * The archive, opened without reading its entries. Its fd closes once `close()` is called and every stream
 * opened from it has ended or been destroyed. The listener keeps a late error (the fd failing to close)
 * from being an unhandled 'error' event: reading has either finished or failed through its own callback.
 */
async function openZip(path: string): Promise<ZipFile> {
  const zip = await openPromise(path, { autoClose: false, validateEntrySizes: true }).catch((err: unknown) => {
    throw refusal(err);
  });
  zip.on("error", () => {});
  return zip;
}

/** The archive's entries, as its central directory declares them. */
export async function zipEntries(path: string): Promise<ZipEntry[]> {
  const zip = await openZip(path);
  try {
    // ZIP64's count can be anything up to 2^53: refused before a record is read.
    if (zip.entryCount > MAX_ENTRIES) throw new ZipRefused("too_big");
    const entries: ZipEntry[] = [];
    for await (const raw of zip.eachEntry()) {
      if (raw.extraFields.some((f) => f.id === ZIP64_EXTRA)) throw new ZipRefused("too_big");
      entries.push({ name: raw.fileName, size: raw.uncompressedSize, raw });
    }
    return entries;
  } catch (err) {
    throw refusal(err);
  } finally {
    zip.close();
  }
}

/**
 * One entry's inflated bytes, streamed. It fails with ZipRefused("too_big") as soon as more comes out
 * than its declared size or than `budget.left` (shared by the entries of one file), and with
 * ZipRefused("unreadable") for a method other than stored or deflate, an encrypted entry, or bad data.
 * The archive is opened for this entry alone and its fd closes when the stream ends or fails.
 */
export async function entryStream(path: string, entry: ZipEntry, budget: { left: number }): Promise<Readable> {
  if (!entry.raw.canDecodeFileData()) throw new ZipRefused("unreadable");
  const zip = await openZip(path);
  let source: Readable;
  try {
    source = await zip.openReadStreamPromise(entry.raw);
  } catch (err) {
    throw refusal(err);
  } finally {
    zip.close();
  }
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(new ZipRefused("too_big"));
      done(null, chunk);
    },
  });
  source.on("error", (err) => counter.destroy(refusal(err) as Error));
  // However the reading stops (its end, a refusal, a reader letting go), yauzl's stream is unpiped before it
  // is destroyed (its README's rule), and destroying it releases the fd.
  counter.on("close", () => {
    source.unpipe(counter);
    source.destroy();
  });
  return source.pipe(counter);
}
