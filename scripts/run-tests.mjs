// `npm test`: sets up what the tests need where it can (Chromium, the test
// PostgreSQL), then runs every check, in the order a failure is cheapest to find.
// `node scripts/run-tests.mjs --setup-only` stops after the set-up.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chromiumPath } from "./lib/chromium.mjs";

const steps = [
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
  ["format", "npx", ["prettier", "--check", "."]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unit, component and server tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["browser tests", "npx", ["playwright", "test"]],
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

ensureChromium();
for (const url of databases) await ensureDatabase(url);
if (process.argv.includes("--setup-only")) process.exit(0);

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  console.log(
    `=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
