import { crc32, deflateSync } from "node:zlib";

/** Files and multipart bodies for API tests: real tiny images and documents, and hostile look-alikes. */

export interface FixtureFile {
  name: string;
  type: string;
  data: Buffer;
}

function pngChunk(kind: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(kind, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG (8-bit RGB), every pixel the given colour; a different colour gives different bytes. */
export function png(width = 1, height = 1, rgb: [number, number, number] = [200, 80, 20]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(pixels)), pngChunk("IEND", Buffer.alloc(0))]);
}

/** A tiny but complete PDF with one empty page and a correct cross-reference table. */
export function pdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A 1×1 transparent GIF89a. */
export const gif = (): Buffer => Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** A 1×1 greyscale JPEG (JFIF). */
export const jpeg = (): Buffer =>
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////" +
      "////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  );

/** An ELF executable header: what a disguised upload really is. */
export const elf = (): Buffer => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

/** Bytes that start like a PNG and are exactly `size` long (the size limit is checked before anything else). */
export const pngSized = (size: number): Buffer => {
  const small = png();
  return Buffer.concat([small, Buffer.alloc(size - small.length, 0)]);
};

export const files = {
  png: (name = "frente.png"): FixtureFile => ({ name, type: "image/png", data: png() }),
  pdf: (name = "verso.pdf"): FixtureFile => ({ name, type: "application/pdf", data: pdf() }),
  gif: (name = "doc.gif"): FixtureFile => ({ name, type: "image/gif", data: gif() }),
  jpeg: (name = "doc.jpg"): FixtureFile => ({ name, type: "image/jpeg", data: jpeg() }),
  /** An executable with an image's name and content type. */
  disguisedElf: (name = "foto.png"): FixtureFile => ({ name, type: "image/png", data: elf() }),
  /** Plain text with an image's name and content type. */
  disguisedText: (name = "foto.png"): FixtureFile => ({
    name,
    type: "image/png",
    data: Buffer.from("<?php system($_GET['c']); ?>\nnot an image at all\n"),
  }),
  /** 5 MB plus one byte, looking like a PNG. */
  tooLarge: (name = "grande.png"): FixtureFile => ({ name, type: "image/png", data: pngSized(5_242_880 + 1) }),
  /** Exactly 5 MB, looking like a PNG: the largest file allowed. */
  largest: (name = "limite.png"): FixtureFile => ({ name, type: "image/png", data: pngSized(5_242_880) }),
};

export interface MultipartBody {
  payload: Buffer;
  headers: { "content-type": string };
}

/**
 * Builds a multipart/form-data body the way a browser does (global FormData through a Request),
 * ready for `app.inject({ payload, headers })`.
 */
export async function multipart(
  fields: Record<string, string | number | undefined>,
  fileParts: Record<string, FixtureFile | undefined> = {},
): Promise<MultipartBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, String(value));
  }
  for (const [key, file] of Object.entries(fileParts)) {
    if (file) form.append(key, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  }
  const request = new Request("http://localhost/upload", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type")! },
  };
}
