// `npm run test:fast`: the loop a developer runs while working, in a few minutes on a 2-core
// machine (the README's "Tests" and BENCHMARKS.md have the figures). Lint (with its cache) and the
// typecheck (incremental, its state in node_modules/.cache) side by side, then, on the embedded
// store (TEST_ENGINES=pglite) and the Node that runs it, the unit, component and server tests near
// what changed since the branch left main (on main, since the last commit), committed or not:
// scripts/lib/near-tests.mjs says which. `-- --related` runs every test that imports a changed
// file however far down (vitest's --changed: for a server module, every server test), `-- --all`
// every one. Left to `npm test`: PostgreSQL, the fault and install tests, the fuzzers, the build,
// the browsers and Node 20; a change is not done until `npm test` passes.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { isTestFile, nearTests } from "./lib/near-tests.mjs";

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs a command, its output held and printed whole when it ends; resolves to its exit code. */
function run(name, command, args, env = process.env) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      process.stdout.write(`\n=== ${name}: ${command} ${args.join(" ")}\n${output}`);
      console.log(`=== ${name}: ${code === 0 ? "ok" : "FAILED"} in ${seconds(started)}`);
      resolve(code ?? 1);
    });
  });
}

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
const lines = (text) => text.split("\n").filter(Boolean);

/** What the tests are chosen against: where this branch left main, or the last commit on main. */
function changedSince() {
  try {
    const base = git("merge-base", "HEAD", "main");
    return base === git("rev-parse", "HEAD") ? "HEAD" : base;
  } catch {
    return "HEAD";
  }
}

// Left to `npm test` (see above), however the tests are chosen: as vitest's globs, and as patterns
// for the near tests, since vitest runs a file named on its command line whatever --exclude says.
const LEFT_OUT_GLOBS = ["test/fault/**", "test/install/**", "**/*fuzz*.test.ts"];
const LEFT_OUT = [/^test\/fault\//, /^test\/install\//, /fuzz[^/]*\.test\.ts$/];

/** The test files near what changed since `base`: committed, staged, in the work tree, or new. */
function testsNearChanges(base) {
  const untracked = lines(git("ls-files", "--others", "--exclude-standard"));
  const changed = [...lines(git("diff", "--name-only", base)), ...untracked];
  const tests = [...new Set([...lines(git("ls-files")), ...untracked])].filter(
    (path) => isTestFile(path) && existsSync(path) && !LEFT_OUT.some((pattern) => pattern.test(path)),
  );
  return { changed, tests: nearTests(changed, tests, (path) => readFileSync(path, "utf8")) };
}

const base = changedSince();
const mode = process.argv.includes("--all") ? "all" : process.argv.includes("--related") ? "related" : "near";
const near = mode === "near" ? testsNearChanges(base) : null;
const chosen = {
  all: { args: [], what: "all" },
  related: {
    args: ["--changed", base, "--passWithNoTests"],
    what: `every one that imports what changed since ${base}`,
  },
  near: {
    args: near?.tests ?? [],
    what: `${near?.tests.length} near the ${near?.changed.length} files changed since ${base}`,
  },
}[mode];

const started = Date.now();
const checks = await Promise.all([
  run("lint", "npx", [
    "eslint",
    "--cache",
    "--cache-location",
    "node_modules/.cache/eslint",
    "--max-warnings=0",
    ".",
  ]),
  // What `npm run typecheck` runs, keeping what tsc checked for the next run.
  run("typecheck", "sh", [
    "-c",
    "react-router typegen && tsc --incremental --tsBuildInfoFile node_modules/.cache/tsc/fast.tsbuildinfo",
  ]),
]);
let status = checks.find((code) => code !== 0) ?? 0;
if (status === 0 && mode === "near" && chosen.args.length === 0) {
  console.log(`\n=== no test is near the ${near.changed.length} files changed since ${base}`);
} else if (status === 0) {
  const { NODE_ENV: _unused, ...env } = process.env;
  status = await run(
    `unit, component and server tests on PGlite (${chosen.what})`,
    "npx",
    ["vitest", "run", ...LEFT_OUT_GLOBS.flatMap((glob) => ["--exclude", glob]), ...chosen.args],
    { ...env, TEST_ENGINES: "pglite" },
  );
}
console.log(`\n=== ${status === 0 ? "the fast loop passed" : "the fast loop FAILED"} in ${seconds(started)}`);
process.exit(status);
