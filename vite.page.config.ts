import { resolve } from "node:path";
import { defineConfig } from "vite";
import { publicBuildEnv } from "./scripts/public-env.mjs";

// The public pages' script (app/page/main.ts): no React, no React Router, a
// few kilobytes. Built after `react-router build` into the site's own
// <build>/client/assets; an island's React code, imported on intent, becomes
// chunks of its own. The manifest names the hashed entry for
// scripts/page-script.mjs, which adds it to every public page and then
// deletes the manifest. See docs/decisions/0013-pages-without-framework.md.
const buildDir = resolve(process.env.RR_BUILD_DIR || "build");

// The same public values as the prerendered pages (vite.config.ts).
const env = publicBuildEnv(process.env);
process.env.VITE_SITE_URL = env.siteUrl;
process.env.VITE_BOOKING_URL = env.bookingUrl;
process.env.VITE_CLAIMS_STRICT = env.claimsStrict ? "1" : "0";
process.env.VITE_CLAIMS_TODAY = env.claimsToday;
// The stored state only matters in strict mode: without it the pages stay byte for byte as before.
process.env.VITE_CLAIMS_STATE = env.claimsStrict ? JSON.stringify(env.claimsState) : "{}";

const PAGE_MANIFEST = "page-manifest.json";

export default defineConfig({
  // The site's files in public/ are already in the client folder.
  publicDir: false,
  resolve: { tsconfigPaths: true },
  build: {
    outDir: resolve(buildDir, "client"),
    // The prerendered pages and React Router's assets are already there.
    emptyOutDir: false,
    manifest: PAGE_MANIFEST,
    // Browsers that run module scripts know modulepreload; the polyfill would be dead code.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { page: resolve("app/page/main.ts") },
      // An island's modules may mark themselves "use client" (React Server
      // Components); in a browser-only bundle the directive means nothing.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
      output: {
        entryFileNames: "assets/page-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
      },
    },
  },
});
