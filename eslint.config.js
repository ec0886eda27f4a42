import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers (docs/decisions/0002-layers.md): imports flow one way.
 *   lib -> content -> components/ui -> components -> features -> routes/root
 * Features do not import each other; routes and root compose them.
 * The server may import app schemas and content, never UI.
 */
const message = "Imports flow one way: see docs/decisions/0002-layers.md";
const restrict = (patterns) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: patterns, message }] }],
});
const feature = (name) => ({
  files: [`app/features/${name}/**`],
  rules: restrict(["~/routes/*", "~/features/*/**", `!~/features/${name}/**`]),
});

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
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ["app/lib/**"],
    rules: restrict(["~/content/*", "~/components/*", "~/features/*", "~/routes/*", "~/seo/*", "~/hooks/*"]),
  },
  {
    files: ["app/content/**"],
    rules: restrict(["~/components/*", "~/features/*", "~/routes/*", "~/seo/*", "~/hooks/*"]),
  },
  {
    files: ["app/components/ui/**"],
    rules: restrict([
      "~/content/*",
      "~/features/*",
      "~/routes/*",
      "~/seo/*",
      "~/components/layout/*",
      "~/hooks/*",
    ]),
  },
  {
    files: ["app/components/**", "app/hooks/**", "app/seo/**"],
    rules: restrict(["~/features/*", "~/routes/*"]),
  },
  feature("application"),
  feature("products"),
  feature("home"),
  feature("faq"),
  feature("legal"),
  feature("newsletter"),
  { files: ["server/**"], rules: restrict(["~/components/*", "~/routes/*", "~/hooks/*", "**/*.tsx"]) },
);
