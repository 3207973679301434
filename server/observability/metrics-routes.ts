import type { ServerBuild } from "react-router";

/** Every request whose path no route knows shares this one label. */
export const UNMATCHED = "unmatched";

type Route = NonNullable<ServerBuild["routes"][string]>;

interface Pattern {
  /** The route's full path as written ("/produto/:slug?"): the label. */
  label: string;
  regex: RegExp;
  score: number;
  /** The first segment, lower-case, when it is static ("" for the root); undefined for a parameter. */
  first?: string;
}

const PARAM = /^:[\w-]+$/;

/** How many paths' templates are kept, and the longest path kept: two megabytes at most, whatever a visitor sends. */
const KNOWN_PATHS = 10_000;
const KNOWN_PATH_LENGTH = 200;

/** "a/:b?/c" → "a/c" and "a/:b/c": React Router's reading of optional segments. */
function explode(segments: string[]): string[][] {
  if (segments.length === 0) return [[]];
  const [first, ...rest] = segments as [string, ...string[]];
  const tails = explode(rest);
  if (!first.endsWith("?")) return tails.map((t) => [first, ...t]);
  const required = first.slice(0, -1);
  return [...tails.map((t) => [required, ...t]), ...tails];
}

/** React Router's ranking (rankRouteBranches): static segments weigh most, then parameters; a splat least. */
function score(segments: string[], index: boolean): number {
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== "*") total += PARAM.test(s) ? 3 : s === "" ? 1 : 10;
  return total;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The template of a storefront page's path ("/produto/:slug?"), from the React Router build's routes: the
 * pages share one Fastify route ("/*"), so without this every page would be one label. The routes are
 * compiled once and ranked as React Router ranks them (matchRoutes would compile them on every request);
 * a path only the splat route (the "not found" page) matches, or none, is UNMATCHED.
 */
export function pageTemplates(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const routes = Object.values(build.routes).filter((r): r is Route => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  const fullPath = (route: Route): string => {
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    const own = route.path ?? "";
    if (own.startsWith("/")) return own;
    const above = parent ? fullPath(parent) : "";
    return own ? `${above}/${own}` : above;
  };
  const patterns: Pattern[] = [];
  for (const route of routes) {
    const label = `/${fullPath(route)
      .split("/")
      .filter((s) => s !== "")
      .join("/")}`;
    if (label.includes("*")) continue;
    const segments = label.split("/").filter((s) => s !== "");
    for (const variant of explode(segments)) {
      const body = variant.map((s) => (PARAM.test(s) ? "/[^/]+" : `/${escape(s)}`)).join("");
      const first = variant[0] === undefined ? "" : PARAM.test(variant[0]) ? undefined : variant[0].toLowerCase();
      patterns.push({ label, regex: new RegExp(`^${body}/*$`, "i"), score: score(variant, route.index === true), first });
    }
  }
  patterns.sort((a, b) => b.score - a.score);
  // Most paths start with a static segment: each such segment gets the few patterns that can match it
  // (its own, and those starting with a parameter), still in rank order.
  const open = patterns.filter((p) => p.first === undefined);
  const byFirst = new Map<string, Pattern[]>();
  for (const first of new Set(patterns.map((p) => p.first))) {
    if (first !== undefined)
      byFirst.set(
        first,
        patterns.filter((p) => p.first === first || p.first === undefined),
      );
  }
  const match = (pathname: string): string => {
    let path = pathname;
    if (path.includes("%")) {
      try {
        path = decodeURI(pathname);
      } catch {
        // A malformed escape: matched as it came.
      }
    }
    const first = path.split("/", 2)[1]?.toLowerCase() ?? "";
    for (const p of byFirst.get(first) ?? open) if (p.regex.test(path)) return p.label;
    return UNMATCHED;
  };
  // The paths asked again and again (the page cache's own) are matched once; the memo starts over when full.
  const known = new Map<string, string>();
  return (pathname) => {
    let label = known.get(pathname);
    if (label === undefined) {
      label = match(pathname);
      if (pathname.length > KNOWN_PATH_LENGTH) return label;
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(pathname, label);
    }
    return label;
  };
}
