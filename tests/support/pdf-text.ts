import { inflateSync } from "node:zlib";

/** The lines of text a PDFKit document draws: its Flate streams inflated, each TJ's hex chunks joined. */
export function pdfText(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf("endstream", start);
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const op of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...op[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join("");
      out.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return out;
}
