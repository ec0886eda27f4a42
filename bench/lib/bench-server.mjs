// What the server benchmarks share: the server bundled (with any extra entry
// points a benchmark runs beside it) into a folder of its own, the sample
// application every test starts from, and the environment a benchmarked
// server runs with (loopback, no built site, rate limits out of the way).
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
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
  HOST: "127.0.0.1",
  CLIENT_DIR: join(tmpdir(), "harborline-no-site", "client"),
  RATE_LIMIT_MAX: "1000000",
};
