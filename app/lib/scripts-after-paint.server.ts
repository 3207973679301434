import { Transform } from "node:stream";

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]*)"/;
const NONCE = /\snonce="([^"]*)"/;
const HEAD_END = "</head>";
const SCRIPT_END = "</script>";
const FALLBACK_MS = 5_000;

/**
 * The document's stream, with the page's scripts fetched after its first paint (docs/decisions/021).
 *
 * React Router writes a module preload per script of the page into the head (~25) and one inline module
 * script at the end of the body that imports the route modules and then the entry. On a slow phone
 * connection those downloads share the first round trips with the stylesheet and the first row's
 * images, and the page paints later for them; the page is whole without its scripts (links and forms
 * work), which only take it over. So the preloads leave the head, and the module script is replaced by
 * a small classic script with the same nonce: once the first contentful paint is on the screen it adds the
 * preloads back and runs the module script's text as a module script, so the downloads start then,
 * side by side as before. A page opened in a background tab, which paints nothing, starts at once.
 * `more` adds preloads React Router does not know of (the texts the scripts will ask for).
 *
 * Applied to the built store only (`nonce` set): Vite's development server writes scripts of its own.
 *
 * The stream is read as latin1, one character per byte: the patterns are ASCII, which UTF-8 never uses
 * inside a multi-byte letter, so a letter cut in two by a chunk's end comes out byte for byte as it came.
 * React escapes `<` in text and attributes, so every `<script` or `<link` it writes is a real tag.
 *
 * What it assumes of React Router's documents is nowhere documented; scripts-after-paint.server.contract.test.ts
 * checks it on the production build's pages (tests/support/scripts-after-paint-contract.ts names each assumption).
 */
export function scriptsAfterFirstPaint(more: (preloads: string[]) => string[] = () => []): Transform {
  let carry = "";
  let state: "head" | "body" | "module" | "done" = "head";
  const preloads: string[] = [];
  let moduleTag = "";

  function rewrite(text: string, last: boolean): string {
    let out = "";
    while (text) {
      if (state === "done") return out + text;
      if (state === "head") {
        const end = text.indexOf(HEAD_END);
        const part = end >= 0 ? text.slice(0, end + HEAD_END.length) : text;
        const [kept, rest] = last || end >= 0 ? [part, ""] : splitOpenTag(part);
        out += kept.replace(PRELOAD, (link) => {
          const found = HREF.exec(link)?.[1];
          const href = found && unescapeAttribute(found);
          if (href && !preloads.includes(href)) preloads.push(href);
          return "";
        });
        if (end < 0) return carryOver(out, rest);
        state = "body";
        text = text.slice(part.length);
      } else if (state === "body") {
        const start = findModuleScript(text);
        if (start.found === undefined) {
          const [kept, rest] = last ? [text, ""] : splitOpenTag(text);
          return carryOver(out + kept, rest);
        }
        out += text.slice(0, start.found);
        text = text.slice(start.found);
        const tagEnd = text.indexOf(">") + 1;
        moduleTag = text.slice(0, tagEnd);
        text = text.slice(tagEnd);
        state = "module";
      } else {
        const end = text.indexOf(SCRIPT_END);
        if (end < 0) {
          // The script's text (and a `</script>` cut in two) waits for the next chunk; an unclosed one goes out as it came.
          if (!last) return carryOver(out, text);
          state = "done";
          return out + moduleTag + text;
        }
        const code = text.slice(0, end);
        out += starter(NONCE.exec(moduleTag)?.[1], [...preloads, ...more(preloads)], code);
        text = text.slice(end + SCRIPT_END.length);
        state = "done";
      }
    }
    return out;
  }

  function carryOver(out: string, rest: string): string {
    carry = rest;
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + chunk.toString("latin1");
      carry = "";
      const out = rewrite(text, false);
      callback(null, out ? Buffer.from(out, "latin1") : undefined);
    },
    flush(callback) {
      const out = carry ? rewrite(carry, true) : state === "module" ? moduleTag : "";
      callback(null, out ? Buffer.from(out, "latin1") : undefined);
    },
  });
}

/** The text up to a tag the chunk's end cut in two, and that tag's beginning (which waits for the next chunk). */
function splitOpenTag(text: string): [string, string] {
  const open = text.lastIndexOf("<");
  if (open >= 0 && !text.includes(">", open)) return [text.slice(0, open), text.slice(open)];
  return [text, ""];
}

/** Where the inline module script React Router writes begins (a script with `type="module"` and no `src`). */
function findModuleScript(text: string): { found?: number } {
  let from = 0;
  for (;;) {
    const open = text.indexOf("<script", from);
    if (open < 0) return {};
    const close = text.indexOf(">", open);
    if (close < 0) return {};
    const tag = text.slice(open, close + 1);
    if (tag.includes(' type="module"') && !tag.includes(" src=")) return { found: open };
    from = close + 1;
  }
}

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * The classic script that starts the page's scripts once the first contentful paint is on the screen
 * (its paint timing entry is recorded once the frame is presented); where the browser has no paint
 * timing, from the frame after the first one. A page still unpainted after `FALLBACK_MS` starts anyway.
 * The module script's text travels as a JSON string (with `<` escaped, so it cannot end the script
 * early) and keeps the nonce.
 */
function starter(nonce: string | undefined, preloads: string[], code: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  const body =
    "((preloads, code) => {" +
    "const nonce = document.currentScript.nonce; let started = false;" +
    "const start = () => { if (started) return; started = true;" +
    'for (const href of preloads) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }' +
    'const script = document.createElement("script"); script.type = "module"; script.nonce = nonce; script.text = code; document.body.append(script); };' +
    'if (document.visibilityState === "hidden") return start();' +
    'document.addEventListener("visibilitychange", start);' +
    `setTimeout(start, ${FALLBACK_MS});` +
    'if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {' +
    'new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); setTimeout(start); } }).observe({ type: "paint", buffered: true });' +
    "} else requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));" +
    `})(${json(preloads)}, ${json(code)})`;
  return `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${body}</script>`;
}
