// Bundles server entry points (TypeScript) into one folder with the migrations
// beside them, the way scripts/build-server.mjs builds dist/. Used by the
// fault tests (test/fault) and `npm run bench:api`. npm packages stay
// external: `outDir` must be inside the repository so node_modules resolves.
import { cp, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** entries: { outName: "server/path.ts" } -> `${outDir}/${outName}.mjs` */
export async function bundleServer(outDir, entries = { server: "server/main.ts" }) {
  await mkdir(outDir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: entries,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  });
  await cp(join(ROOT, "server/store/migrations"), join(outDir, "migrations"), { recursive: true });
  return outDir;
}
