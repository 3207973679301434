import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const PRELOAD = /<link rel="modulepreload"/g;
const HEAD_END = "</head>";

/**
 * The document's stream, with its module preloads (React Router writes one per script of the page, ~25)
 * fetched at low priority: on a slow connection the stylesheet and the first row's images arrive before
 * the scripts, so the page is painted first and taken over by the scripts after, instead of the other
 * way round. Only the <head> is rewritten (React hoists the preloads there).
 */
export function lowPriorityPreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = carry + decoder.write(chunk);
      carry = "";
      if (inHead) {
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
      }
      callback(null, text || undefined);
    },
    flush(callback) {
      const rest = carry + decoder.end();
      callback(null, (inHead ? withLowPriority(rest) : rest) || undefined);
    },
  });
}

function withLowPriority(html: string): string {
  return html.replace(PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
}
