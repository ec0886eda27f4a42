// What the server benchmarks share: the server bundled (with any extra entry
// points a benchmark runs beside it) into a folder of its own, the sample
// application every test starts from, and the environment a benchmarked
// server runs with (loopback, no built site, rate limits out of the way);
// starting that server, and a fresh PostgreSQL schema for one run.
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { bundleServer, ROOT } from "../../scripts/lib/bundle-server.mjs";

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Bundles `server/main.ts` and `entries` into node_modules/.cache/<name>; `remove()` deletes it. */
export async function bundleBench(name, entries) {
  const outDir = join(ROOT, "node_modules", ".cache", name);
  rmSync(outDir, { recursive: true, force: true });
  await bundleServer(outDir, {
    server: "server/main.ts",
    ...entries,
    sample: "test/support/sample-application.ts",
  });
  // The same valid application every test starts from (bundled above: it is TypeScript).
  const { sampleApplication } = await import(pathToFileURL(join(outDir, "sample.mjs")).href);
  return { outDir, sampleApplication, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

export const benchServerEnv = {
  PATH: process.env.PATH ?? "",
  // As dist/server.mjs runs it (scripts/build-server.mjs): React's production build renders the e-mails.
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  CLIENT_DIR: join(tmpdir(), "harborline-no-site", "client"),
  RATE_LIMIT_MAX: "1000000",
};

/**
 * A server benchmark's set-up: its bundle (bundleBench: `outDir`,
 * `sampleApplication`, `remove()`) and `port` (BENCH_PORT, else `port`);
 * `log` writes lines tagged [bench:<tag>]; `startServer(env)` starts the
 * bundled server on that port with the benchmark environment, `env` and the
 * run's own; `runEntry(entry, env)` runs another of the bundle's entry points
 * in a process of its own with the same environment and returns the JSON of
 * the last line it prints.
 */
export async function serverBench(tag, { name, entries, port, env = {} }) {
  const benchPort = Number(process.env.BENCH_PORT ?? port);
  const bench = await bundleBench(name, entries);
  const baseEnv = { ...benchServerEnv, ...env };
  return {
    ...bench,
    port: benchPort,
    log: (...args) => console.log(`[bench:${tag}]`, ...args),
    // The production logger stays on (info, one line per request), written nowhere.
    startServer: (runEnv) =>
      startBenchServer(bench.outDir, { port: benchPort, env: { ...baseEnv, ...runEnv } }),
    runEntry(entry, runEnv) {
      const out = execFileSync(process.execPath, [join(bench.outDir, `${entry}.mjs`)], {
        cwd: ROOT,
        env: { ...baseEnv, ...runEnv },
        encoding: "utf8",
        maxBuffer: 1 << 20,
      });
      return JSON.parse(out.trim().split("\n").at(-1));
    },
  };
}

/** The environment of the built site's own server (dist/server.mjs) for a browser benchmark. */
export function builtSiteEnv(origin, dataDir) {
  const { port, hostname } = new URL(origin);
  return {
    PATH: process.env.PATH ?? "",
    HOST: hostname,
    PORT: port,
    SITE_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "1000000",
  };
}

/**
 * Throws when something already answers /healthz at `origin`: a server left
 * there by a run stopped halfway would be measured instead of this one.
 */
export async function refuseTakenPort(origin) {
  const taken = await fetch(`${origin}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers on ${origin}: stop it (or set BENCH_PORT)`);
}

/**
 * Starts the bundled server (`outDir/server.mjs`) on `port` with `env` and
 * waits for /healthz, refusing a port something already answers on. Its
 * stdout goes nowhere, or line by line to `onLine` (its request log); stderr
 * stays on the terminal.
 */
export async function startBenchServer(outDir, { port, env, onLine }) {
  await refuseTakenPort(`http://127.0.0.1:${port}`);
  const child = spawn(process.execPath, [join(outDir, "server.mjs")], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", onLine ? "pipe" : "ignore", "inherit"],
  });
  if (onLine) createInterface({ input: child.stdout }).on("line", onLine);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, exited };
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error("server exited during start-up");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not start");
}

/**
 * A schema of its own on the benchmark PostgreSQL: `url` connects to it,
 * `version` is the server's, `count(sql)` runs a count with `$schema` replaced,
 * `drop()` removes it.
 */
export async function freshSchema() {
  const schema = `bench_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  const version = (await admin.query("SHOW server_version")).rows[0].server_version;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    version,
    count: async (sql) => Number((await admin.query(sql.replaceAll("$schema", schema))).rows[0].n),
    async drop() {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
