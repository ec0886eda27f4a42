import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers (docs/decisions/0002-layers.md): imports flow one way, whether they are
 * written with an alias (~/ the website, #domain/, #ui/) or as relative paths
 * (the rule sees resolved files).
 *   domain/   what the site, the desk and the server share: imports no other folder
 *   ui/       the primitives, tokens and cn both front-ends render: imports no other folder
 *   app/      the public website; may use domain/ and ui/, never desk/ or server/
 *   desk/     the lead desk (its own client build); may use domain/ and ui/, never app/ or server/
 *   server/   may use domain/, never app/, desk/ or ui/
 * Inside the website: lib -> content -> components -> features -> routes/root;
 * features do not import each other; routes and root compose them. The islands
 * (app/islands/, decision 0013) sit beside features: their core (island,
 * hydrate, ids), which features use, imports no feature, route or page
 * script; each `*.client.tsx` hydrates one feature, and loader.ts fetches
 * them for the page script. The page script (app/page/, every
 * page's one script) is an entry: it uses lib/ and the islands' loader, and
 * nothing imports it.
 * Production code never imports tests, test support or benchmarks.
 */
const message = "Imports flow one way: see docs/decisions/0002-layers.md";
const FEATURES = [
  "application",
  "products",
  "home",
  "faq",
  "legal",
  "newsletter",
  "analytics",
  "privacy-request",
  "opt-out",
  "texting",
];
const DESK_FEATURES = [
  "inbox",
  "application",
  "quarantine",
  "consents",
  "health",
  "mail",
  "analytics",
  "staff",
  "audit",
  "account",
  "sign-in",
  "exports",
  "privacy",
];
const zone = (target, from, except) => ({ target, from, ...(except ? { except } : {}), message });
const CLIENTS_AND_SERVER = ["./app", "./desk", "./server"];
const layerZones = [
  zone("./domain", [...CLIENTS_AND_SERVER, "./ui", "./scripts"]),
  zone("./ui", [...CLIENTS_AND_SERVER, "./domain", "./scripts"]),
  zone("./app", ["./server", "./desk"]),
  zone("./desk", ["./app", "./server"]),
  zone("./server", ["./app", "./desk", "./ui"]),
  zone("./app/lib", [
    "./app/islands",
    "./app/page",
    "./app/content",
    "./app/components",
    "./app/features",
    "./app/routes",
    "./app/seo",
    "./app/hooks",
    "./app/root.tsx",
  ]),
  zone("./app/content", [
    "./app/islands",
    "./app/page",
    "./app/components",
    "./app/features",
    "./app/routes",
    "./app/seo",
    "./app/hooks",
    "./app/root.tsx",
  ]),
  zone("./app/components", ["./app/features", "./app/routes", "./app/root.tsx", "./app/page"]),
  zone("./app/hooks", ["./app/features", "./app/routes", "./app/root.tsx", "./app/page"]),
  zone("./app/seo", ["./app/features", "./app/routes", "./app/root.tsx", "./app/page"]),
  zone("./app/features", "./app/page"),
  zone("./app/routes", "./app/page"),
  zone("./app/islands/!(*.client|loader*).{ts,tsx}", [
    "./app/features/**",
    "./app/routes/**",
    "./app/{root.tsx,page/**}",
    "./app/islands/{*.client.tsx,loader.ts}",
  ]),
  zone("./app/islands/{*.client.tsx,loader*}", ["./app/routes/**", "./app/{root.tsx,page/**}"]),
  zone("./app/page", [
    "./app/content",
    "./app/components",
    "./app/features",
    "./app/routes",
    "./app/hooks",
    "./app/seo",
    "./app/root.tsx",
  ]),
  ...FEATURES.map((name) => zone(`./app/features/${name}`, "./app/features", [`./${name}`])),
  ...FEATURES.map((name) => zone(`./app/features/${name}`, ["./app/routes", "./app/root.tsx"])),
  zone("./scripts", ["./desk"]),
  // The desk, by feature as the site is: a feature uses desk/common, never another feature.
  zone(
    "./desk/common",
    DESK_FEATURES.map((name) => `./desk/${name}`),
  ),
  ...DESK_FEATURES.map((name) => zone(`./desk/${name}`, "./desk", [`./${name}`, "./common"])),
];
/**
 * Inside server/, one folder per domain (server/README.md, "What lives where"),
 * imported one way: store/ is infrastructure and imports no domain; outbox/
 * (the workers' loop, claims, retry schedule and notifier) only store/;
 * crm-delivery/ and mail/ each own their outbox and use outbox/ and store/,
 * never each other or the intake; intake/ may use crm-delivery/, mail/,
 * outbox/, store/, assignment/ and review-clock/; assignment/ stands on
 * audit/ and store/, review-clock/ on mail/ and store/; opt-outs/ on newsletter/,
 * crm-delivery/, mail/, outbox/ and store/; no domain imports the
 * desk, the CLI, routes/ or inbound/ (the webhooks the CRM and the booking
 * service call, an entry like the desk); retention/ (legal holds, the purge)
 * on audit/ and store/; audit/ (the audit log, which the entries, the jobs
 * and any domain may write to) on store/ alone; documents/ (the document
 * room's encrypted store) on audit/, outbox/ and store/, and review-clock/'s
 * deadline.ts alone (the decision's clock); room/ (the applicant's side
 * of the document room) on documents/, mail/ and store/ (and that deadline.ts), and only the intake
 * (the room link it makes) and the entries use it; work/ (working an
 * application: its work status, follow-ups, history and timeline) and
 * consents/ (the SMS consent records) on store/ alone; staff/ (accounts,
 * sessions, the sign-in throttle, passwords, invitations, setup) on audit/
 * and store/. Every other folder (booked-calls/, plugins/, site/, and any
 * new one until it gets a zone of its own) at least imports no entry.
 */
const SERVER_ENTRIES = ["desk", "cli", "routes", "inbound"];
const serverZone = (target, from) => ({
  target: `./server/${target}`,
  from: [...from, ...SERVER_ENTRIES].map((name) => `./server/${name}`),
  message: "Server folders import one way: see server/README.md",
});
const serverZones = [
  serverZone("store", [
    "claims",
    "room",
    "documents",
    "privacy",
    "outbox",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "opt-outs",
  ]),
  serverZone("outbox", [
    "room",
    "privacy",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "opt-outs",
  ]),
  serverZone("crm-delivery", ["mail", "intake", "newsletter", "inbox", "analytics", "opt-outs"]),
  serverZone("mail", [
    "claims",
    "room",
    "privacy",
    "crm-delivery",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "opt-outs",
  ]),
  serverZone("intake", ["newsletter", "inbox", "analytics", "opt-outs"]),
  serverZone("newsletter", ["crm-delivery", "intake", "inbox", "analytics", "opt-outs"]),
  serverZone("inbox", ["intake", "newsletter", "analytics", "opt-outs"]),
  serverZone("analytics", ["outbox", "crm-delivery", "mail", "intake", "newsletter", "inbox", "opt-outs"]),
  // The opt-out ledger (recorded by the desk, the inbound webhook and the
  // public form) uses the newsletter, the CRM's outboxes, mail and the review
  // clock's admin recipients; nothing but those entries uses it.
  serverZone("opt-outs", ["intake", "inbox", "analytics", "assignment"]),
  // Privacy requests (server/privacy/) use mail, the opt-outs, the CRM's
  // outboxes and the legal holds; only the entries and main.ts use them.
  serverZone("privacy", ["intake", "inbox", "analytics", "assignment", "review-clock"]),
  serverZone("assignment", [
    "outbox",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "review-clock",
    "opt-outs",
  ]),
  // Retention (legal holds, the purge) stands on audit/ and store/.
  serverZone("retention", [
    "outbox",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "review-clock",
    "opt-outs",
  ]),
  // The audit log: anything may write to it; it stands on store/ alone.
  serverZone("audit", [
    "claims",
    "outbox",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "review-clock",
    "opt-outs",
    "privacy",
    "retention",
    "documents",
    "room",
  ]),
  // The document room's store (encrypted files, checklists): on audit/,
  // outbox/ (the accepted documents' outbox it queues to) and store/; the
  // room's routes, the desk and the CRM's document worker use it.
  serverZone("documents", [
    "claims",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "opt-outs",
    "privacy",
    "retention",
    "room",
  ]),
  // The applicant's side of the document room: on documents/, mail/, audit/
  // and store/; the intake makes its links, the entries use it.
  serverZone("room", [
    "crm-delivery",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "opt-outs",
    "privacy",
    "retention",
  ]),
  // Documents complete start the decision's clock: the document room counts its deadline with
  // review-clock/'s clock (deadline.ts, which imports nothing of the domains), and nothing else of it.
  ...["documents", "room"].map((target) => ({
    target: `./server/${target}`,
    from: "./server/review-clock",
    except: ["./deadline.ts"],
    message: "Server folders import one way: see server/README.md",
  })),
  serverZone("review-clock", [
    "outbox",
    "crm-delivery",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "opt-outs",
  ]),
  // The claims (server/claims/: roles, evidence, reviews, the owners' e-mails, the state file):
  // on documents/ (the encrypted store), mail/, audit/ and store/ (its tests seed the room through
  // room/); only the desk and jobs use it.
  serverZone("claims", [
    "outbox",
    "crm-delivery",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "review-clock",
    "opt-outs",
    "privacy",
    "retention",
    "work",
    "consents",
    "staff",
  ]),
  // Working an application and the SMS consent records: SQL over store/ alone.
  ...["work", "consents"].map((target) =>
    serverZone(target, [
      "outbox",
      "crm-delivery",
      "mail",
      "intake",
      "newsletter",
      "inbox",
      "analytics",
      "assignment",
      "review-clock",
      "opt-outs",
      "privacy",
      "retention",
      "documents",
      "room",
      "staff",
      ...["work", "consents"].filter((name) => name !== target),
    ]),
  ),
  // The staff accounts, their sessions, sign-in throttle, passwords and invitations: on audit/ and store/.
  serverZone("staff", [
    "outbox",
    "crm-delivery",
    "mail",
    "intake",
    "newsletter",
    "inbox",
    "analytics",
    "assignment",
    "review-clock",
    "opt-outs",
    "privacy",
    "retention",
    "documents",
    "room",
    "work",
    "consents",
  ]),
];
// Every other folder of server/ (read when ESLint starts, so a new one is covered at once)
// imports none of the entries.
const zonedFolders = new Set(serverZones.map((entry) => entry.target));
for (const folder of readdirSync(new URL("./server/", import.meta.url), { withFileTypes: true })) {
  const target = `./server/${folder.name}`;
  if (folder.isDirectory() && !SERVER_ENTRIES.includes(folder.name) && !zonedFolders.has(target)) {
    serverZones.push(serverZone(folder.name, []));
  }
}
/**
 * server/desk/ is the desk's HTTP layer (server/README.md): its routes, guards
 * and views. Repositories and rules live in the domain folders, so under
 * server/desk/ there is no `*repository*` file and no SQL: no query on a store,
 * a transaction or a connection (`store.query(…)`, `tx.query(…)`,
 * `app.store.exec(…)`) and no SQL statement in a string. A route's
 * `request.query` and a regular expression's `exec` are not SQL. Tests may
 * seed and read the store. Proved by test/lint/desk-layer.test.ts.
 */
const DESK_LAYER =
  "server/desk/ is the desk's HTTP layer: SQL and rules belong in a domain folder's repository (server/README.md)";
const SQL_TEXT = "/^\\s*(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\\s/";
const deskSql = [
  "CallExpression[callee.property.name=/^(query|exec)$/][callee.object.name=/^(store|db|tx|trx|client|pool|connection|target|queryable)$/]",
  "CallExpression[callee.property.name=/^(query|exec)$/][callee.object.property.name=/^(store|db|tx|trx|client|pool|connection)$/]",
  `Literal[value=${SQL_TEXT}]`,
  `TemplateElement[value.raw=${SQL_TEXT}]`,
].map((selector) => ({ selector, message: DESK_LAYER }));
/** Production files only: tests may use test support. */
const productionZones = ["./app", "./server", "./desk", "./domain", "./ui"].map((target) =>
  zone(target, ["./test", "./bench", "./e2e"]),
);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "dist/",
      "node_modules/",
      ".react-router/",
      "test-results/",
      "playwright-report/",
      "data/",
      "screenshots/",
      ".lighthouse/",
      "coverage/",
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
    files: ["app/**/*.tsx", "desk/**/*.tsx", "ui/**/*.tsx"],
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
      "import-x/no-restricted-paths": ["error", { zones: [...layerZones, ...serverZones] }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["app/**", "server/**", "desk/**", "domain/**", "ui/**"],
    plugins: { "import-x": importX },
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...layerZones, ...serverZones, ...productionZones] },
      ],
    },
  },
  {
    files: ["server/desk/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...deskSql] },
  },
  {
    files: ["server/desk/**/*repository*"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Program",
          message: `No repository under server/desk/: ${DESK_LAYER}`,
        },
        ...deskSql,
      ],
    },
  },
  // The server renders no UI but its e-mails and the few pages drawn like them: its React
  // components are mail/'s templates, which a plain module (.ts) reaches only through a renderer
  // (mail/compose.tsx, privacy/access-package-page.tsx). An import names no extension, so this is
  // a zone on the files imported, not a pattern on the import's text.
  {
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            ...serverZones,
            ...productionZones,
            {
              target: "./server/**/*.ts",
              from: ["./server/mail/templates/**"],
              message: "The e-mail templates are reached through a renderer: use mail/compose.tsx",
            },
          ],
        },
      ],
    },
  },
);
