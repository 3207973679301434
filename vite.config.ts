import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

const REACT = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
// Every page runs the client entry and the root route, and so every module they import statically.
// The entry itself stays out: its body hydrates the page, and it must run only when React Router's
// inline module script imports it, after the route modules and the manifest are in place.
const ENTRY = path.resolve("app/entry.client.tsx");
const ROOT = path.resolve("app/root.tsx");

type ModuleInfo = { importedIds: readonly string[] } | null;
type GetModuleInfo = (id: string) => ModuleInfo;
// Per build (the browser's and the server's each have their own module graph).
const shells = new WeakMap<GetModuleInfo, Set<string>>();

/** The modules the entry and the root route import statically, at any depth: the shell of every page. */
function shellModules(getModuleInfo: GetModuleInfo): Set<string> {
  const known = shells.get(getModuleInfo);
  if (known) return known;
  const found = new Set<string>();
  const queue = [ENTRY, ROOT];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  found.delete(ENTRY);
  shells.set(getModuleInfo, found);
  return found;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The manifest stays in build/client/.vite/ for bench/bundle-size.ts; dotfiles are not served.
  build: {
    target: "es2022",
    manifest: true,
    rollupOptions: {
      output: {
        // React, React DOM and React Router, which every page runs, in one file of their own: a page of the
        // back office that also uses React DOM's public API (the editor) then splits nothing off the storefront's.
        // The rest of what every page runs in one more: a phone then asks for a handful of files
        // before the page works rather than some thirty (docs/decisions/021). A page loads no more
        // code for it, since every module in it runs on every page.
        manualChunks: (id, { getModuleInfo }) => {
          if (REACT.test(id)) return "react";
          if (shellModules(getModuleInfo).has(id)) return "shell";
          return undefined;
        },
      },
    },
  },
});
