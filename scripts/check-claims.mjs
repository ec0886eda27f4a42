// Build step (scripts/build.mjs, after postbuild): checks the prerendered public
// pages for figures outside a registered claim and writes
// <build>/claims-manifest.json, which page uses which claim, as found in the
// HTML (docs/claims.md). Fails naming the page and the phrase.
// Runs with tsx (`node --import tsx`) to read the claim register's ids.
// `--pending` prints the figures still unregistered, in the shape of
// scripts/claims-pending.json, instead of failing on them.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { listFiles } from "../server/site/csp-hashes.mjs";
import { claimRegister } from "../domain/claims/register.ts";
import { checkPages, pagePath, scanPage, UNCHECKED_PAGES } from "./lib/claims-check.mjs";

const buildDir = process.env.RR_BUILD_DIR || "build";
const clientDir = join(buildDir, "client");
const pending = JSON.parse(readFileSync(new URL("./claims-pending.json", import.meta.url), "utf8"));
const pages = listFiles(clientDir)
  .map((file) => ({ file, path: pagePath(relative(clientDir, file)) }))
  .filter((page) => page.path !== null)
  .map(({ file, path }) => ({ path, html: readFileSync(file, "utf8") }));

if (process.argv.includes("--pending")) {
  const unchecked = new Set(UNCHECKED_PAGES.map((page) => page.path));
  const found = {};
  for (const { path, html } of pages) {
    if (unchecked.has(path)) continue;
    const phrases = scanPage(html).unregistered.map((finding) => finding.phrase);
    if (phrases.length > 0) found[path] = phrases.sort();
  }
  console.log(JSON.stringify(found, null, 2));
  process.exit(0);
}

const { manifest, problems } = checkPages(
  pages,
  claimRegister.map((record) => record.id),
  pending,
);
writeFileSync(join(buildDir, "claims-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`claims: ${problems.length} problem(s) on the public pages (docs/claims.md):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
const pendingCount = Object.values(manifest.pending).reduce((sum, phrases) => sum + phrases.length, 0);
console.log(
  `claims: ${Object.keys(manifest.claims).length} claims on ${pages.length} pages, ${pendingCount} figures pending registration, ${buildDir}/claims-manifest.json`,
);
