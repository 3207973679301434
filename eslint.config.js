import { readdirSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The import rules (ARCHITECTURE.md, docs/decisions/017-structure-checks.md) for the `#folder/` aliases, so an
 * editor flags a forbidden import as it is written; tests/architecture/imports.test.ts checks every import,
 * relative paths and dynamic imports included. Tests may reach across folders.
 */
const layers = [
  { files: ["contract/**"], forbidden: ["#app", "#server", "#db", "#config"] },
  { files: ["config/**"], forbidden: ["#app", "#server", "#db"] },
  { files: ["db/**"], forbidden: ["#app", "#server"] },
  { files: ["server/**"], forbidden: ["#app"] },
  { files: ["app/**"], forbidden: ["#server", "#db", "#config"] },
  { files: ["app/lib/**", "app/components/**", "app/i18n/**"], forbidden: ["#server", "#db", "#config", "#app/features", "#app/routes"] },
  { files: ["app/features/**"], forbidden: ["#server", "#db", "#config", "#app/routes"] },
];
// A feature imports no other feature but the edges tests/architecture/imports.test.ts names (FEATURE_EDGES).
const FEATURE_EDGES = { layout: ["cart"], product: ["cart"] };
for (const feature of readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })) {
  if (!feature.isDirectory()) continue;
  const open = [feature.name, ...(FEATURE_EDGES[feature.name] ?? [])].join("|");
  layers.push({
    files: [`app/features/${feature.name}/**`],
    forbidden: ["#server", "#db", "#config", "#app/routes", `#app/features/(?!(?:${open})/)[^/]+`],
  });
}
const importRules = layers.map(({ files, forbidden }) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [{ regex: `^(${forbidden.join("|")})/`, message: "Forbidden by the import rules (docs/decisions/017-structure-checks.md)." }] },
    ],
  },
}));

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "db/migrations/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  ...importRules,
);
