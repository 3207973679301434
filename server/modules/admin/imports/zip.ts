import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough, Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream";
import { createInflateRaw } from "node:zlib";

/**
 * A zip archive read by hand (an XLSX workbook is one), so that what it may inflate to is known before
 * reading (the central directory's sizes) and enforced while reading (the bytes that actually come out
 * of the inflater, since declared sizes can lie). docs/decisions/024.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** What the central directory declares; an entry inflating past it is cut off. */
  size: number;
  localOffset: number;
}

/** A zip the store will not read: malformed, or past a bound (inflated bytes, cells, shared strings, one text's length). */
export class ZipRefused extends Error {
  constructor(readonly reason: "unreadable" | "too_big" | "cells" | "strings" | "text") {
    super(`zip ${reason}`);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record (22 bytes) and the longest comment it may carry. */
const TAIL = 22 + 0xffff;
/** More entries than any workbook has: a central directory of millions is refused before it is read. */
const MAX_ENTRIES = 10_000;

/** The archive's entries, as its central directory declares them. */
export async function zipEntries(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, TAIL);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new ZipRefused("unreadable");
    const count = tail.readUInt16LE(end + 10);
    const dirSize = tail.readUInt32LE(end + 12);
    const dirOffset = tail.readUInt32LE(end + 16);
    // 0xffff / 0xffffffff mean ZIP64, which no workbook of at most 100 MB needs.
    if (count === 0xffff || dirOffset === 0xffffffff || count > MAX_ENTRIES) throw new ZipRefused("too_big");
    if (dirOffset + dirSize > size) throw new ZipRefused("unreadable");
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) throw new ZipRefused("unreadable");
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      const entry: ZipEntry = {
        method: dir.readUInt16LE(at + 10),
        compressedSize: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        localOffset: dir.readUInt32LE(at + 42),
        name: dir.toString("utf8", at + 46, at + 46 + nameLength),
      };
      if (entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) throw new ZipRefused("too_big");
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * One entry's inflated bytes, streamed. It fails with ZipRefused("too_big") as soon as more comes out
 * than its declared size or than `budget.left` (shared by the entries of one file), and with
 * ZipRefused("unreadable") for a method other than stored or deflate.
 */
export async function entryStream(path: string, entry: ZipEntry, budget: { left: number }): Promise<Readable> {
  if (entry.method !== 0 && entry.method !== 8) throw new ZipRefused("unreadable");
  const handle = await open(path, "r");
  const local = Buffer.alloc(30);
  try {
    await handle.read(local, 0, 30, entry.localOffset);
  } finally {
    await handle.close();
  }
  if (local.readUInt32LE(0) !== LOCAL) throw new ZipRefused("unreadable");
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const out = new PassThrough();
  if (entry.compressedSize === 0) {
    out.end();
    return out;
  }
  let inflated = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      inflated += chunk.length;
      budget.left -= chunk.length;
      if (inflated > entry.size || budget.left < 0) return done(new ZipRefused("too_big"));
      done(null, chunk);
    },
  });
  const raw = createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  const fail = (err: Error | null) => {
    if (err) out.destroy(err instanceof ZipRefused ? err : new ZipRefused("unreadable"));
  };
  if (entry.method === 8) pipeline(raw, createInflateRaw(), counter, out, fail);
  else pipeline(raw, counter, out, fail);
  return out;
}
