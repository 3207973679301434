import { Transform } from "node:stream";

const PRELOAD = /<link rel="modulepreload"/g;
const HEAD_END = "</head>";

/**
 * The document's stream, with its module preloads (React Router writes one per script of the page, ~25)
 * fetched at low priority: on a slow connection the stylesheet and the first row's images arrive before
 * the scripts, so the page is painted first and taken over by the scripts after, instead of the other
 * way round. Only the <head> is rewritten (React hoists the preloads there); the body passes untouched.
 *
 * The head is read as latin1, one character per byte: the patterns are ASCII, which UTF-8 never uses
 * inside a multi-byte letter, so a letter cut in two by a chunk's end comes out byte for byte as it came.
 */
export function lowPriorityPreloads(): Transform {
  let carry = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      let text = carry + chunk.toString("latin1");
      carry = "";
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd >= 0) {
        inHead = false;
        const cut = headEnd + HEAD_END.length;
        text = withLowPriority(text.slice(0, cut)) + text.slice(cut);
      } else {
        // A tag cut in two by the chunk's end waits for the next chunk.
        const open = text.lastIndexOf("<");
        if (open >= 0 && !text.includes(">", open)) {
          carry = text.slice(open);
          text = text.slice(0, open);
        }
        text = withLowPriority(text);
      }
      callback(null, text ? Buffer.from(text, "latin1") : undefined);
    },
    flush(callback) {
      callback(null, carry ? Buffer.from(withLowPriority(carry), "latin1") : undefined);
    },
  });
}

function withLowPriority(html: string): string {
  return html.replace(PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
