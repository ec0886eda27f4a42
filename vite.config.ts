import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { publicBuildEnv } from "./scripts/public-env.mjs";

// Public values (never secrets) are baked into the prerendered pages at build
// time as import.meta.env.VITE_*; scripts/start.mjs rebuilds when they change.
const env = publicBuildEnv(process.env);
process.env.VITE_SITE_URL = env.siteUrl;
process.env.VITE_BOOKING_URL = env.bookingUrl;
// The claims' strict mode and the day their status is taken on (docs/claims.md): fixed at build time,
// so a page and its hydration show the same words.
process.env.VITE_CLAIMS_STRICT = env.claimsStrict ? "1" : "0";
process.env.VITE_CLAIMS_TODAY = env.claimsToday;
// The claims stated as computed from our records, where the provider opted in (CLAIMS_COMPUTED).
process.env.VITE_CLAIMS_COMPUTED = JSON.stringify(env.claimsComputed);
// The stored state only matters in strict mode: without it the pages stay byte for byte as before.
process.env.VITE_CLAIMS_STATE = env.claimsStrict ? JSON.stringify(env.claimsState) : "{}";

// Not @react-router/dev: its entry.client module is the page's entry, which must stay a chunk of its own.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

// lucide-react's own runtime (createLucideIcon, Icon): the shell's icons import
// it, so importedByShell() below cannot see it. The icons stay where used.
const LUCIDE_RUNTIME =
  /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]|lucide-react\.mjs)/;
// The page meta every route's meta() is built from, and the site URL it makes
// absolute links with: like the shell, needed on every page, so they share
// the shell's file instead of their own.
const PAGE_META = /[\\/]app[\\/](seo[\\/](meta|structured-data)|lib[\\/]public-env)\.ts$/;
// Our own modules: the site, and the shared domain and UI primitives it renders.
const OWN_MODULE = /[\\/](app|domain|ui)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/;
const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/])/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/**
 * Whether the root route (the layout every page renders) imports a module,
 * directly or through others. Such a module loads on every page anyway, so it
 * may as well share one chunk with the rest of the shell instead of a dozen
 * small ones (each its own request and its own gzip stream).
 */
function inRootGraph(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (seen.has(id) || !OWN_MODULE.test(id) || ROUTE_MODULE.test(id)) return false;
  seen.add(id);
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer) => ROOT_ROUTE.test(importer) || inRootGraph(importer, graph, seen));
}

/**
 * A package module the shell imports directly (an icon the header or footer
 * imports by its own path, say), not one reached through a package's barrel.
 */
function importedByShell(id: string, graph: ModuleGraph): boolean {
  if (OWN_MODULE.test(id)) return false;
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  return importers.some((importer) => ROOT_ROUTE.test(importer) || inRootGraph(importer, graph));
}

/**
 * The browser build's chunks: the framework in one file, and the modules the
 * root route pulls in (header, footer, newsletter form, site facts) in one
 * "shell" file rather than a dozen small ones, each its own request and its
 * own gzip stream. Only our own modules join the shell: a package's barrel
 * file would drag in every module it re-exports. Route modules keep their
 * exports (React Router reads them) but may gain some for the shell, which
 * React Router's own "exports-only" forbids.
 */
function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    enforce: "post",
    configEnvironment(name, options) {
      if (name !== "client") return;
      options.build ??= {};
      const rollupOptions = options.build.rollupOptions ?? {};
      options.build.rollupOptions = {
        ...rollupOptions,
        preserveEntrySignatures: "allow-extension",
        output: {
          ...rollupOptions.output,
          codeSplitting: {
            groups: [
              { name: "framework", test: FRAMEWORK, priority: 2 },
              {
                name: (id, graph) =>
                  LUCIDE_RUNTIME.test(id) ||
                  PAGE_META.test(id) ||
                  inRootGraph(id, graph) ||
                  importedByShell(id, graph)
                    ? "shell"
                    : null,
                debugName: "shell",
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), clientChunks()],
  resolve: { tsconfigPaths: true },
});
