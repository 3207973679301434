import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

/** A file of a multipart form, in memory; one over the size limit arrives marked truncated, never as a crash. */
export interface UploadedFile {
  field: string;
  buffer: Buffer;
  truncated: boolean;
}

export interface MultipartLimits {
  /** Bytes a file may hold; one byte more marks it truncated, which the caller answers with its size message. */
  fileSize?: number;
  files?: number;
  fields?: number;
  /** The file fields kept; the others are read past without being buffered. */
  fileFields?: readonly string[];
}

const busboyLimits = ({ fileSize, files, fields }: MultipartLimits) =>
  Object.fromEntries(Object.entries({ fileSize, files, fields }).filter(([, v]) => v !== undefined));

/** Busboy's own errors (no boundary, a body cut short, a malformed part) carry no status: the client sent them. */
function sendersFault(err: unknown): never {
  if (typeof (err as { statusCode?: unknown }).statusCode === "number") throw err;
  throw new HttpError(400, "bad_request");
}

function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw new HttpError(415, "unsupported_media_type");
}

/**
 * Reads a whole multipart form: its text fields and its files in memory. Every upload of the API reads
 * its form here, with the app's limits (`@fastify/multipart`'s registration) unless narrower ones are given.
 */
export async function readMultipart(
  request: FastifyRequest,
  limits: MultipartLimits = {},
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  requireMultipart(request);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts({ limits: busboyLimits(limits) })) {
      if (part.type === "file") {
        if (limits.fileFields && !limits.fileFields.includes(part.fieldname)) part.file.resume();
        else files.push({ field: part.fieldname, buffer: await part.toBuffer(), truncated: part.file.truncated });
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    sendersFault(err);
  }
  return { fields, files };
}

/** The first file of a multipart form as a stream, for a file too large to hold in memory (the caller reads it to its end). */
export async function streamMultipartFile(
  request: FastifyRequest,
  limits: MultipartLimits,
): Promise<{ field: string; filename: string; file: Readable & { truncated?: boolean } } | undefined> {
  requireMultipart(request);
  const part = await request.file({ limits: busboyLimits(limits) }).catch(sendersFault);
  return part && { field: part.fieldname, filename: part.filename, file: part.file };
}
