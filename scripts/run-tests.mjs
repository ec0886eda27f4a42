// `npm test`: sets up what the tests need where it can (Chromium, Firefox, WebKit, the test
// PostgreSQL, the Node versions), then runs every check, in the order a failure
// is cheapest to find. Every check runs on Node 22 LTS; the server's and the
// install's tests run on Node 20 as well (scripts/lib/node-runtimes.mjs says
// where each Node comes from). `node scripts/run-tests.mjs --setup-only` stops
// after the set-up.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, dirname } from "node:path";
import { chromiumPath } from "./lib/chromium.mjs";
import { missingEngines } from "./lib/engines.mjs";
import {
  cacheRoot,
  envName,
  fetchRuntime,
  findRuntime,
  registryPackage,
  runtimes,
} from "./lib/node-runtimes.mjs";

// What Node 20 runs besides Node 22: the server on both store engines (the
// static site, intake, the store, desk sign-in with better-auth and kysely, CRM
// delivery, e-mail), the data-dir lock's native addon, log output, shutdown, a
// production install that `npm start` builds and serves, and the set-up.
// About three minutes; a path that no longer exists stops the run.
const NODE_20_TESTS = [
  "server/app.test.ts",
  "server/store",
  "server/intake/intake-routes.test.ts",
  "server/intake/journal.test.ts",
  "server/desk/sign-in/sign-in.test.ts",
  "server/crm-delivery/worker.test.ts",
  "server/mail/mail.test.ts",
  "test/fault/data-dir-lock.test.ts",
  "test/fault/log-output.test.ts",
  "test/fault/shutdown.test.ts",
  "test/install",
];

// The same defaults as the tests: test/support/server.ts (TEST_DATABASE_URL)
// and e2e/support/env.ts (E2E_DATABASE_BASE, CHROME_PATH).
const LOCAL_DATABASE = "postgres://postgres@127.0.0.1:5432/test";
const databases = new Set([
  process.env.TEST_DATABASE_URL ?? LOCAL_DATABASE,
  process.env.E2E_DATABASE_BASE ?? LOCAL_DATABASE,
]);
const chromium = chromiumPath;

const isRoot = process.getuid?.() === 0;

function sh(command) {
  console.log(`=== setup: ${command}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  return spawnSync("sh", ["-c", command], { stdio: "inherit", env }).status === 0;
}

function stop(lines) {
  console.error(`\n${lines.join("\n")}`);
  process.exit(1);
}

const pg = await import("pg").then(
  (module) => module.default,
  () => stop(["The packages are not installed: run `npm install` first."]),
);

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (!process.env.CHROME_PATH && isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("=== setup: Chromium is missing; installing Debian's package");
    if (sh("apt-get update -qq && apt-get install -y -qq chromium >/dev/null") && existsSync(chromium))
      return;
  }
  stop([
    `The browser tests need Chromium at ${chromium}, and it is missing. On Debian, as root:`,
    "  apt-get update && apt-get install -y chromium",
    "Elsewhere, set CHROME_PATH to a Chromium or Chrome executable.",
  ]);
}

/** Firefox ESR, WebKitGTK's driver and Xvfb, for the browser tests in the other engines (e2e/engines). */
function ensureEngines() {
  let missing = missingEngines();
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((engine) => engine.apt))].join(" ");
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(
      `=== setup: ${missing.map((engine) => engine.what).join(", ")} missing; installing Debian's packages`,
    );
    sh(`apt-get update -qq && apt-get install -y -qq ${packages} >/dev/null`);
    missing = missingEngines();
    if (missing.length === 0) return;
  }
  stop([
    `The browser tests also run in Firefox and WebKit, and ${missing.map((engine) => engine.what).join(", ")} is missing. On Debian, as root:`,
    `  apt-get update && apt-get install -y ${packages}`,
    "Elsewhere, set FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH and XVFB_PATH.",
  ]);
}

/** null when the database answers, else the connection error. */
async function tryConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const isLocal = (url) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(url).hostname);
// A PostgreSQL answer carries a five-character SQLSTATE; a network failure does not.
const fromServer = (error) => /^[0-9A-Z]{5}$/.test(error?.code ?? "");

function startLocalCluster() {
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql").sort() : [];
  if (!isRoot || versions.length === 0 || !existsSync("/usr/bin/pg_ctlcluster")) return false;
  return sh(`pg_ctlcluster --skip-systemctl-redirect ${versions[0]} main start`);
}

async function createDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  console.log(`=== setup: creating database ${name}`);
  const client = new pg.Client({ connectionString: admin.href });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(url) {
  let error = await tryConnect(url);
  if (error && !fromServer(error) && isLocal(url) && startLocalCluster()) {
    for (let tries = 0; tries < 20 && error && !fromServer(error); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      error = await tryConnect(url);
    }
  }
  if (error?.code === "3D000") {
    error = await createDatabase(url).then(
      () => tryConnect(url),
      (createError) => createError,
    );
  }
  if (!error) return;
  stop([
    `The store and browser tests need PostgreSQL at ${url}: ${error.message}`,
    "They connect as that user without a password and make (and drop) a schema of their own per test file.",
    "Start a local Debian cluster, as root:",
    "  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -n 1) main start",
    "or point TEST_DATABASE_URL and E2E_DATABASE_BASE at another server. The browser tests also run `psql`.",
  ]);
}

/** The runtime's binary: found on this machine, else fetched now; else stops and says how to get it. */
function ensureRuntime(runtime) {
  const found = findRuntime(runtime);
  if (found.path) return found;
  let reason = found.missing;
  if (!found.named) {
    console.log(`=== setup: Node ${runtime.major} is missing (${found.missing})`);
    console.log(`=== setup: fetching ${registryPackage}@${runtime.pinned} from the npm registry`);
    try {
      return fetchRuntime(runtime);
    } catch (error) {
      reason = error.message;
    }
  }
  const want = `Node ${runtime.major} (${runtime.minimum} or later)`;
  stop([
    `The tests run on Node 22 and on Node 20, and ${want} is missing: ${reason}`,
    found.named
      ? `Set ${envName(runtime)} to ${want}, or leave it unset and \`npm test\` fetches one.`
      : `\`npm test\` fetches it from the npm registry (\`npm pack ${registryPackage}@${runtime.pinned}\`) into ` +
        `${cacheRoot()}: run it again where the registry answers, or set ${envName(runtime)} to ${want}.`,
  ]);
}

const ROOT = new URL("../", import.meta.url);
const installed = (name) => existsSync(new URL(`node_modules/${name}/package.json`, ROOT));

/** The devDependencies, which `npm install` leaves out when NODE_ENV=production: installs them when missing. */
function ensureDevDependencies() {
  const manifest = JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8"));
  const missing = Object.keys(manifest.devDependencies ?? {}).filter((name) => !installed(name));
  if (missing.length === 0) return;
  const why = process.env.NODE_ENV === "production" ? " (NODE_ENV=production leaves them out)" : "";
  console.log(
    `=== setup: ${missing.length} dev dependencies are not installed${why}, ${missing[0]} among them`,
  );
  if (sh("npm install --include=dev --no-audit --no-fund") && missing.every(installed)) return;
  stop([
    `The checks need the devDependencies (${missing.slice(0, 3).join(", ")}, …), and installing them failed.`,
    "Run `npm install --include=dev`, then `npm test` again.",
  ]);
}

ensureDevDependencies();
ensureChromium();
ensureEngines();
for (const url of databases) await ensureDatabase(url);
const [node22, node20] = runtimes.map(ensureRuntime);
for (const node of [node22, node20])
  console.log(`=== setup: Node ${node.version}: ${node.path} (${node.from})`);
if (process.argv.includes("--setup-only")) process.exit(0);

const gone = NODE_20_TESTS.filter((path) => !existsSync(new URL(path, ROOT)));
if (gone.length > 0) {
  stop([`scripts/run-tests.mjs's NODE_20_TESTS names tests that are not there: ${gone.join(", ")}`]);
}

// Each runtime's directory goes first in PATH, so npm, npx and every `node`
// the checks start run on it; the tests that start the set-up get both runtimes.
// A NODE_ENV from the shell stays out: each tool picks its own (vitest `test`,
// the build `production`), and React's production build cannot run the
// component tests.
const { NODE_ENV: _shellNodeEnv, ...shellEnv } = process.env;
const testEnv = { ...shellEnv, [envName(runtimes[0])]: node22.path, [envName(runtimes[1])]: node20.path };
const on = (node) => ({ ...testEnv, PATH: `${dirname(node.path)}${delimiter}${process.env.PATH ?? ""}` });

const steps = [
  ["lint", node22, "npx", ["eslint", "--max-warnings=0", "."]],
  ["format", node22, "npx", ["prettier", "--check", "."]],
  ["typecheck", node22, "npm", ["run", "typecheck"]],
  ["server and install tests", node20, "npx", ["vitest", "run", ...NODE_20_TESTS]],
  ["unit, component and server tests", node22, "npx", ["vitest", "run"]],
  ["build", node22, "npm", ["run", "build"]],
  ["browser tests", node22, "npx", ["playwright", "test"]],
];

for (const [name, node, command, args] of steps) {
  const label = `${name} on Node ${node.version}`;
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: on(node) });
  console.log(
    `=== ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
