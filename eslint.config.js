import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers (docs/decisions/0002-layers.md): imports flow one way, whether they are
 * written with the ~/ alias or as relative paths (the rule sees resolved files).
 *   lib -> content -> components/ui -> components -> features -> routes/root
 * Features do not import each other; routes and root compose them.
 * The server may import the app's schemas, content and lib, never its UI.
 * The console (desk/) may use the app's lib, UI primitives, content and the
 * application schema; the public app never imports the console or the server.
 * Production code never imports tests, test support or benchmarks.
 */
const message = "Imports flow one way: see docs/decisions/0002-layers.md";
const FEATURES = ["application", "products", "home", "faq", "legal", "newsletter"];
const zone = (target, from, except) => ({ target, from, ...(except ? { except } : {}), message });
const layerZones = [
  zone("./app/lib", [
    "./app/content",
    "./app/components",
    "./app/features",
    "./app/routes",
    "./app/seo",
    "./app/hooks",
    "./app/root.tsx",
  ]),
  zone("./app/content", [
    "./app/components",
    "./app/features",
    "./app/routes",
    "./app/seo",
    "./app/hooks",
    "./app/root.tsx",
  ]),
  zone("./app/components/ui", [
    "./app/content",
    "./app/features",
    "./app/routes",
    "./app/seo",
    "./app/hooks",
    "./app/components/layout",
  ]),
  zone("./app/components", ["./app/features", "./app/routes", "./app/root.tsx"]),
  zone("./app/hooks", ["./app/features", "./app/routes", "./app/root.tsx"]),
  zone("./app/seo", ["./app/features", "./app/routes", "./app/root.tsx"]),
  ...FEATURES.map((name) => zone(`./app/features/${name}`, "./app/features", [`./${name}`])),
  ...FEATURES.map((name) => zone(`./app/features/${name}`, ["./app/routes", "./app/root.tsx"])),
  zone("./app", ["./server", "./desk"]),
  zone("./server", ["./app/components", "./app/routes", "./app/hooks", "./app/root.tsx", "./desk"]),
  zone("./desk", [
    "./server",
    "./app/routes",
    "./app/root.tsx",
    "./app/components/layout",
    "./app/hooks",
    "./app/seo",
  ]),
  // The console shows applications with the application's own schema, copy and steps; no other feature.
  zone("./desk", "./app/features", ["./application"]),
  zone("./scripts", ["./desk"]),
];
/** Production files only: tests may use test support. */
const productionZones = ["./app", "./server", "./desk"].map((target) =>
  zone(target, ["./test", "./bench", "./e2e"]),
);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "dist/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "data/",
      "screenshots/",
      ".lighthouse/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx", "desk/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // Lets the rules parse the TypeScript files an import leads to (no-cycle follows them).
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["app/**", "server/**", "desk/**"],
    plugins: { "import-x": importX },
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...productionZones] }] },
  },
  // The server never renders UI (its e-mail templates are its own React components).
  {
    files: ["server/**"],
    ignores: ["server/mail/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/*.tsx"], message }] }] },
  },
);
