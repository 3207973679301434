import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
        manualChunks: (id) => (/[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/.test(id) ? "react" : undefined),
      },
    },
  },
});
