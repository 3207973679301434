import { readFileSync } from "node:fs";
import type { Locale } from "#contract/locale.ts";

/** What the build's manifest (build/client/.vite/manifest.json) says of one chunk. */
export interface ManifestChunk {
  file: string;
  name?: string;
  /** The source module, for an entry or a module imported dynamically. */
  src?: string;
  imports?: string[];
  /** Loaded later, when the code asks: not part of the initial JavaScript. */
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The texts a page's scripts will ask for, as module preloads beside the page's own. The browser's
 * entry waits for the page's catalogue (app/i18n/browser.ts) before it hydrates, and a module that
 * shows a group's texts (`app/i18n/<group>-texts.ts`) waits for that group's: both are imported
 * dynamically, so without these preloads a phone learns of them only once every script has arrived
 * and run, one slow round trip after another (docs/decisions/021).
 *
 * `preloads` are the page's module preloads (`/assets/…`); the answer is the catalogue chunks of
 * `locale` (with the chunks they import) that are not among them.
 */
export function cataloguePreloads(manifest: Manifest, locale: Locale, preloads: readonly string[]): string[] {
  const { byFile, catalogues } = indexOf(manifest);
  const wanted = [catalogues.get(locale) ?? `app/i18n/catalogues/${locale}.ts`];
  for (const href of preloads) {
    const group = /^(\w+)-texts$/.exec(byFile.get(href)?.name ?? "")?.[1];
    if (group) wanted.push(`app/i18n/catalogues/${group}/${locale}.ts`);
  }
  const have = new Set(preloads);
  const extra: string[] = [];
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || have.has(`/${chunk.file}`)) return;
    have.add(`/${chunk.file}`);
    extra.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const key of wanted) add(key);
  return extra;
}

const indexes = new WeakMap<Manifest, { byFile: Map<string, ManifestChunk>; catalogues: Map<string, string> }>();

/**
 * The manifest's chunks by their address, and where it keeps each locale's catalogue, worked out once
 * per manifest (every document asks). A catalogue is kept under its source's name as a rule; but one
 * another imports as well (es-AR's inherits es-PY's) is written under its chunk's file name
 * (`_es-PY-….js`, without `src`), known then by its name among the dynamically imported chunks. The
 * groups' catalogues (in folders, all named by their locale too) always keep their source.
 */
function indexOf(manifest: Manifest) {
  let index = indexes.get(manifest);
  if (!index) {
    const catalogues = new Map<string, string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      const source = /^app\/i18n\/catalogues\/([\w-]+)\.ts$/.exec(key)?.[1];
      if (source) catalogues.set(source, key);
      else if (key.startsWith("_") && !chunk.src && chunk.isDynamicEntry && chunk.name && !catalogues.has(chunk.name))
        catalogues.set(chunk.name, key);
    }
    index = { byFile: new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk])), catalogues };
    indexes.set(manifest, index);
  }
  return index;
}

let built: Manifest | null | undefined;

/**
 * The manifest of the build this server bundle belongs to (it sits at build/server/index.js, the
 * manifest at build/client/.vite/manifest.json); null where there is none, as under Vite's
 * development server, and the page then goes without these preloads.
 */
export function buildManifest(): Manifest | null {
  if (built === undefined) {
    try {
      built = JSON.parse(readFileSync(new URL("../client/.vite/manifest.json", import.meta.url), "utf8")) as Manifest;
    } catch {
      built = null;
    }
  }
  return built;
}
