import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The lead desk: a client-rendered app of its own under /desk, built apart from
// the prerendered site so none of its code or routes reach public pages or the
// public sitemap. It runs after `react-router build` and writes only
// <build>/desk (the site's client folder is left alone).
const buildDir = resolve(process.env.RR_BUILD_DIR || "build");

export default defineConfig({
  root: resolve("desk"),
  base: "/desk/",
  // The site's files in public/ belong to the site; the desk serves only its own build.
  publicDir: false,
  plugins: [tailwindcss()],
  // #domain/* and #ui/* (package.json "imports"); the site's ~/ does not resolve here.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: resolve(buildDir, "desk"),
    emptyOutDir: true,
    // Browsers the desk supports all know modulepreload; the polyfill would be dead code.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // lucide-react and radix-ui mark their modules "use client" for React
      // Server Components; in a browser-only bundle the directive means nothing.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
      // React and the router change less often than the desk's own code:
      // their chunk stays cached in the browser across desk releases. (No
      // catch-all vendor chunk: a page loaded on demand keeps its libraries.)
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
