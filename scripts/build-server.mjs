// Bundles the server (server/main.ts and the app modules it imports) into
// dist/server.mjs; npm packages stay external and load from node_modules.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const started = Date.now();
await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "linked",
  logLevel: "warning",
});
// The migrations are read at start-up from beside the bundle (see server/store/migrate.ts).
await cp("server/store/migrations", "dist/migrations", { recursive: true });
console.log(`build-server: dist/server.mjs (${Date.now() - started} ms)`);
