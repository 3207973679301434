/**
 * The store-relative address a link or redirect may use, or undefined when the target could leave the
 * store. The check runs on the normalised address, which is what a browser follows: "/.//evil.example",
 * "/%2e//evil.example" and "/a/..//evil.example" all normalise to "//evil.example", another site.
 *
 * `absolute` also accepts "http(s)://any.host/path" and keeps only its path (banner links written with a
 * full URL land on the host the page is on).
 */
export function localPath(target: unknown, options: { absolute?: boolean } = {}): string | undefined {
  if (typeof target !== "string" || target === "") return undefined;
  // Control characters and spaces are dropped by URL parsers in ways that differ between them.
  if ([...target].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return undefined;
  const isPath = target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
  if (!isPath && !(options.absolute && /^https?:\/\/[^/\\]/i.test(target))) return undefined;
  const base = "http://store.invalid";
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (isPath && url.origin !== base) return undefined;
  // A path that normalises to "//host" or "/\host" is read by browsers as another host.
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // And the same path, resolved again, must still be on the store.
  return new URL(path, base).origin === base ? path : undefined;
}
