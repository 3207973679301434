import { runInNewContext } from "node:vm";

/**
 * What app/lib/scripts-after-paint.server.ts takes for granted about the documents React Router writes,
 * none of it documented by React Router (docs/decisions/021). Should an upgrade change any of them, the
 * rewrite would pass the document through half done, or start the wrong script, or start the right one
 * without the nonce the Content-Security-Policy asks for: in every case the page would never hydrate.
 */
export const ASSUMPTIONS = {
  preloads: 'React Router names every module of the page in a `<link rel="modulepreload" href="…">` inside <head>',
  moduleScript:
    'React Router starts hydration from one inline `<script type="module">` (no src) after <head>, importing the route modules and then the entry',
  nonce: 'React Router writes the nonce given to <Scripts> on that module script as `nonce="…"`',
} as const;

/** What the starter the rewrite wrote in place of the module script does once it runs. */
interface Started {
  nonce: string | undefined;
  preloads: string[];
  scripts: { type: string; nonce: string | undefined; text: string }[];
}

const STARTER = /<script(?: nonce="([^"]*)")?>(\(\(preloads, code\) =>[\s\S]*?)<\/script>/g;

/** Runs a starter as a hidden tab would (at once), and records the preloads and the script it adds. */
function runStarter(nonce: string | undefined, code: string): Started {
  const started: Started = { nonce, preloads: [], scripts: [] };
  const document = {
    currentScript: { nonce },
    visibilityState: "hidden",
    createElement: () => ({}),
    head: { append: (link: { rel: string; href: string }) => link.rel === "modulepreload" && started.preloads.push(link.href) },
    body: { append: (script: Started["scripts"][number]) => started.scripts.push({ type: script.type, nonce: script.nonce, text: script.text }) },
    addEventListener: () => {},
  };
  runInNewContext(code, { document, setTimeout: () => {}, requestAnimationFrame: () => {}, PerformanceObserver: undefined });
  return started;
}

/** The modules a script's text imports, statically or with `import(…)`, by their literal addresses. */
function importsOf(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[^"'();]*?\sfrom\s*)?\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * Which of the ASSUMPTIONS a document as served (after the rewrite) shows broken, each as a message that
 * begins with the assumption; none when the rewrite did all it is there to do. `nonce` is the one the
 * response's Content-Security-Policy allows; `entry` the build's client entry (`/assets/entry.client-….js`).
 */
export function brokenAssumptions(served: string, { nonce, entry }: { nonce: string; entry: string }): string[] {
  const broken: string[] = [];
  const starters = [...served.matchAll(STARTER)].map((m) => runStarter(m[1], m[2]!));
  const outside = served.replace(STARTER, "");

  const leftPreloads = [...outside.matchAll(/<link\b[^>]*\bmodulepreload\b[^>]*>/g)].map((m) => m[0]);
  if (leftPreloads.length) broken.push(`${ASSUMPTIONS.preloads}: the rewrite left ${leftPreloads.length} in the document, e.g. ${leftPreloads[0]}`);

  const leftModules = [...outside.matchAll(/<script\b[^>]*\btype="?module"?[^>]*>/g)].map((m) => m[0]);
  if (leftModules.length)
    broken.push(`${ASSUMPTIONS.moduleScript}: the rewrite left ${leftModules.length} module script(s) in the document, e.g. ${leftModules[0]}`);
  if (starters.length !== 1) {
    broken.push(`${ASSUMPTIONS.moduleScript}: the document has ${starters.length} starters of the page's scripts, not 1`);
    return broken;
  }

  const [started] = starters as [Started];
  const code = started.scripts[0]?.text ?? "";
  const imports = importsOf(code);
  if (imports.at(-1) !== entry || !code.includes("window.__reactRouterRouteModules")) {
    broken.push(
      `${ASSUMPTIONS.moduleScript}: the script the rewrite took imports ${JSON.stringify(imports)}, not the route modules and then ${entry}`,
    );
  }
  const unnamed = imports.filter((href) => !started.preloads.includes(href));
  if (started.preloads.length === 0 || unnamed.length) {
    broken.push(
      `${ASSUMPTIONS.preloads}: the head named ${started.preloads.length} module(s), and not ${JSON.stringify(unnamed)} of those the script imports`,
    );
  }

  if (started.nonce !== nonce || started.scripts[0]?.nonce !== nonce) {
    broken.push(
      `${ASSUMPTIONS.nonce}: the page's scripts would start with nonce ${JSON.stringify(started.nonce)}, the policy allows ${JSON.stringify(nonce)}`,
    );
  }
  return broken;
}
