// Runs after the builds (`react-router build`, the page script, the desk): adds
// the page script to the public pages, precompresses the static files, records
// the CSP hashes of every page's inline scripts, and stamps the build with the
// public values it was made with (scripts/start.mjs rebuilds when they change).
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { collectCspHashes, listFiles } from "../server/site/csp-hashes.mjs";
import { precompressCacheDir, precompressor } from "./lib/precompressed.mjs";
import { addPageScriptToFiles } from "./page-script.mjs";
import { publicBuildEnv } from "./public-env.mjs";

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|xml|txt|json|webmanifest)$/;

const started = Date.now();
const buildDir = process.env.RR_BUILD_DIR || "build";
const clientDir = join(buildDir, "client");
await stat(join(clientDir, "index.html")).catch(() => {
  console.error(`postbuild: ${clientDir}/index.html is missing; run react-router build first.`);
  process.exit(1);
});

// HTML rewrites come first: compression and CSP hashes must see the final bytes.
const htmlFiles = listFiles(clientDir).filter((file) => file.endsWith(".html"));
const pageScript = await addPageScriptToFiles(clientDir, htmlFiles);

const files = listFiles(clientDir).filter((file) => COMPRESSIBLE.test(file));
const cache = precompressor();
let written = 0;
await Promise.all(
  files.map(async (file) => {
    const data = await readFile(file);
    const [br, gzipped] = await cache.variants(data);
    // A variant that is not smaller is left out; the server then sends the original.
    for (const [suffix, variant] of [
      [".br", br],
      [".gz", gzipped],
    ]) {
      if (variant.length >= data.length) continue;
      await writeFile(`${file}${suffix}`, variant);
      written++;
    }
  }),
);

cache.prune();

const hashes = collectCspHashes(clientDir);
await writeFile(join(buildDir, "csp-hashes.json"), `${JSON.stringify(hashes, null, 2)}\n`);

const { siteUrl, bookingUrl, claimsStrict, claimsComputed } = publicBuildEnv(process.env);
// claimsComputed: the computed claims the pages state ({} unless the provider opted in, CLAIMS_COMPUTED).
const info = { builtAt: new Date().toISOString(), siteUrl, bookingUrl, claimsStrict, claimsComputed };
await writeFile(join(buildDir, "build-info.json"), `${JSON.stringify(info, null, 2)}\n`);

console.log(
  `postbuild: ${pageScript.src} on ${pageScript.added} pages, ${written} precompressed variants of ${files.length} files (${cache.hits} from ${precompressCacheDir()}), CSP hashes for ${Object.keys(hashes).length} pages, ${buildDir}/build-info.json (${Date.now() - started} ms)`,
);
