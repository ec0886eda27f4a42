// `npm test`: sets up what the tests need where it can (Chromium, Firefox, WebKit, the test
// PostgreSQL, the Node versions), then runs every check, in the order a failure
// is cheapest to find. Every check runs on Node 22 LTS but the install's and
// the set-up's tests, which run on Node 20, as the server's tests do as well
// (scripts/lib/node-runtimes.mjs says where each Node comes from). `node scripts/run-tests.mjs --setup-only` stops
// after the set-up.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { delimiter, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { e2eBuildEnv } from "../e2e/support/build-env.mjs";
import { chromiumPath, headlessShellPath } from "./lib/chromium.mjs";
import { missingEngines } from "./lib/engines.mjs";
import {
  cacheRoot,
  envName,
  fetchRuntime,
  findRuntime,
  registryPackage,
  runtimes,
} from "./lib/node-runtimes.mjs";

// What Node 20 runs: the server on both store engines (the static site,
// intake, the store, desk sign-in with better-auth and kysely, CRM delivery,
// e-mail), the data-dir lock's native addon, log output and shutdown, which
// Node 22 runs too; and, on Node 20 only, a production install that `npm start`
// builds and serves, and the set-up. A path that no longer exists stops the run.
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

/** Debian's Chromium (the prerender test, screenshots, benchmarks) and its headless shell (the other browser tests). */
function ensureChromium() {
  const wanted = process.env.CHROME_PATH ? [chromiumPath] : [chromiumPath, headlessShellPath];
  const missing = () => wanted.filter((path) => !existsSync(path));
  if (missing().length === 0) return;
  if (!process.env.CHROME_PATH && isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("=== setup: Chromium or its headless shell is missing; installing Debian's packages");
    if (
      sh("apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null") &&
      missing().length === 0
    )
      return;
  }
  stop([
    `The browser tests need Chromium at ${missing().join(" and ")}, and it is missing. On Debian, as root:`,
    "  apt-get update && apt-get install -y chromium chromium-headless-shell",
    "Elsewhere, set CHROME_PATH to a Chromium or Chrome executable (for every browser test).",
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

// The document room's tests run Debian's tools for real (docs/decisions/0021): clamd, with a
// test-only signature the tests write themselves (nothing is downloaded), and qpdf.
const DOCUMENT_TOOLS = [
  { what: "clamd", path: process.env.CLAMD_PATH ?? "/usr/sbin/clamd", apt: "clamav-daemon" },
  { what: "qpdf", path: process.env.QPDF_PATH ?? "/usr/bin/qpdf", apt: "qpdf" },
];

function ensureDocumentTools() {
  const missing = () => DOCUMENT_TOOLS.filter((tool) => !existsSync(tool.path));
  if (missing().length === 0) return;
  const packages = missing()
    .map((tool) => tool.apt)
    .join(" ");
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log(
      `=== setup: ${missing()
        .map((tool) => tool.what)
        .join(", ")} missing; installing Debian's packages`,
    );
    sh(`apt-get update -qq && apt-get install -y -qq ${packages} >/dev/null`);
    if (missing().length === 0) return;
  }
  stop([
    `The document room's tests need ${missing()
      .map((tool) => tool.what)
      .join(", ")}. On Debian, as root:`,
    `  apt-get update && apt-get install -y ${packages}`,
    "Elsewhere, set CLAMD_PATH and QPDF_PATH.",
  ]);
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
ensureDocumentTools();
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

// Every build of the run (the browser tests', the install test's, the second
// start's) shares one precompression cache in this checkout (scripts/lib/precompressed.mjs):
// only the first compresses what did not change. A clean clone starts without one.
const sharedEnv = {
  ...testEnv,
  PRECOMPRESS_CACHE_DIR: fileURLToPath(new URL("node_modules/.cache/harborline-precompressed", ROOT)),
};
const on = (node, extra = {}) => ({
  ...sharedEnv,
  ...extra,
  PATH: `${dirname(node.path)}${delimiter}${process.env.PATH ?? ""}`,
});

// The install and set-up tests prove what a machine with Node 20 does; Node 22 runs the rest.
const ONCE_ON_NODE_20 = "test/install/**";

// The site's browser tests, beside the desk's: their own ports (+100), build folder and store
// schema, so the two Playwright runs share nothing but the machine. One worker each: together
// they keep both cores busy.
const SITE_LANE = {
  E2E_PORT: "4417",
  E2E_BOOKING_PORT: "4418",
  E2E_CRM_PORT: "4419",
  E2E_SMTP_PORT: "4420",
  E2E_INBOX_PORT: "4421",
  E2E_BUILD_DIR: "build-e2e-site",
  E2E_WORKERS: "1",
};

// A step, or a list of steps run side by side (each prints when it ends). The first group is
// the checks that leave a core idle (lint, format, typecheck read files; Node 20's tests wait on
// PostgreSQL) beside each other; Node 22's vitest run fills both cores alone.
const steps = [
  [
    ["lint", node22, "npx", ["eslint", "--max-warnings=0", "."]],
    ["format", node22, "npx", ["prettier", "--check", "."]],
    ["typecheck", node22, "npm", ["run", "typecheck"]],
    ["server and install tests", node20, "npx", ["vitest", "run", ...NODE_20_TESTS]],
  ],
  ["unit, component and server tests", node22, "npx", ["vitest", "run", "--exclude", ONCE_ON_NODE_20]],
  // The desk lane's build: its server (scripts/start.mjs) finds it up to date. The site lane's
  // server builds its own copy (another SITE_URL) while the desk's first tests run.
  ["build", node22, "npm", ["run", "build"], e2eBuildEnv()],
  [
    [
      "browser tests, desk",
      node22,
      "npx",
      ["playwright", "test", "--project=desk", "--no-deps", "--output=test-results/desk"],
    ],
    [
      "browser tests, site",
      node22,
      "npx",
      ["playwright", "test", "--project=site", "--output=test-results/site"],
      SITE_LANE,
    ],
  ],
];

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * Two CPU clocks, in seconds, from /proc (clock ticks of 1/100 s); null where there is none.
 * `children`: this process's finished children and theirs (cutime + cstime). It misses what
 * leaves the process tree: Chromium's renderers (its zygote forks them), PostgreSQL's backends.
 * `machine`: every core's busy time (/proc/stat: all but idle and iowait), whoever spent it. A
 * step's machine CPU divided by the cores is the least wall time that work can take here, however
 * the steps are packed; on a quiet machine the two differ by what the services did.
 */
function cpuClock() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return {
      children: (Number(fields[13]) + Number(fields[14])) / 100,
      machine: (user + nice + system + irq + softirq + steal) / 100,
    };
  } catch {
    return null;
  }
}
const cores = availableParallelism();
/** The wall time since `started` (Date.now()), and the CPU spent since `cpu` (cpuClock()) where there is /proc. */
const took = (started, cpu) => {
  const wall = (Date.now() - started) / 1000;
  const now = cpuClock();
  if (now === null || cpu === null) return `${wall.toFixed(1)} s`;
  const machine = now.machine - cpu.machine;
  const busy = Math.round((100 * machine) / (cores * wall));
  return `${wall.toFixed(1)} s, CPU ${(now.children - cpu.children).toFixed(1)} s; the machine busy ${machine.toFixed(1)} CPU-s (${busy}% of ${cores} cores)`;
};

/** Runs one step, its output straight through; its exit status. */
function runStep([name, node, command, args, extra]) {
  const label = `${name} on Node ${node.version}`;
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const cpu = cpuClock();
  const result = spawnSync(command, args, { stdio: "inherit", env: on(node, extra) });
  console.log(`=== ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${took(started, cpu)}`);
  return result.status ?? 1;
}

/** Runs steps side by side, each one's output held and printed whole when it ends; the first failure's status. */
async function runTogether(group) {
  const started = Date.now();
  const cpu = cpuClock();
  console.log(`\n=== ${group.map(([name]) => name).join(", ")}, side by side`);
  const statuses = await Promise.all(
    group.map(
      ([name, node, command, args, extra]) =>
        new Promise((resolve) => {
          const stepStarted = Date.now();
          const child = spawn(command, args, { env: on(node, extra), stdio: ["ignore", "pipe", "pipe"] });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => {
            const label = `${name} on Node ${node.version}: ${command} ${args.join(" ")}`;
            process.stdout.write(`\n=== ${label}\n${output}`);
            console.log(`=== ${name}: ${code === 0 ? "ok" : "FAILED"} in ${seconds(stepStarted)}`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  console.log(`=== side by side: ${took(started, cpu)}`);
  return statuses.find((status) => status !== 0) ?? 0;
}

const runStarted = Date.now();
const runCpu = cpuClock();
for (const step of steps) {
  const status = Array.isArray(step[0]) ? await runTogether(step) : runStep(step);
  if (status !== 0) process.exit(status);
}
console.log(`\n=== every check passed in ${took(runStarted, runCpu)}`);
