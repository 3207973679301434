/** Swaps the database name of a postgres:// URL (tests create one database per file). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = "/" + name;
  return u.toString();
}
