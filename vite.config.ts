import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The manifest stays in build/client/.vite/ for bench/bundle-size.ts; dotfiles are not served.
  build: { target: "es2022", manifest: true },
});
