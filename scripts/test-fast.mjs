// `npm run test:fast`: the loop a developer runs while working, in a few minutes on a 2-core
// machine (BENCHMARKS.md has the figures: from seconds to about 7 minutes, by what the change reaches). Lint (with its cache) and the typecheck side by side,
// then the unit, component and server tests on the embedded store (TEST_ENGINES=pglite) on the Node
// that runs it: those that import what changed since the branch left main (or, on main, since the
// last commit), as vitest's --changed finds them; `npm run test:fast -- --all` runs them all. Left
// to `npm test`: PostgreSQL, the fault and install tests, the fuzzers, the build, the browsers and
// Node 20; a change is not done until `npm test` passes.
import { execFileSync, spawn } from "node:child_process";

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

/** What the tests are chosen against: where this branch left main, or the last commit on main. */
function changedSince() {
  const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
  try {
    const base = git("merge-base", "HEAD", "main");
    return base === git("rev-parse", "HEAD") ? "HEAD" : base;
  } catch {
    return "HEAD";
  }
}

const which = process.argv.includes("--all") ? [] : ["--changed", changedSince(), "--passWithNoTests"];
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
  run("typecheck", "npm", ["run", "typecheck"]),
]);
let status = checks.find((code) => code !== 0) ?? 0;
if (status === 0) {
  const { NODE_ENV: _unused, ...env } = process.env;
  status = await run(
    `unit, component and server tests on PGlite (${which.length > 0 ? `those touched since ${which[1]}` : "all"})`,
    "npx",
    [
      "vitest",
      "run",
      "--exclude",
      "test/fault/**",
      "--exclude",
      "test/install/**",
      "--exclude",
      "**/*fuzz*.test.ts",
      ...which,
    ],
    { ...env, TEST_ENGINES: "pglite" },
  );
}
console.log(`\n=== ${status === 0 ? "the fast loop passed" : "the fast loop FAILED"} in ${seconds(started)}`);
process.exit(status);
