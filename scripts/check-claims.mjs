// Build step (scripts/build.mjs, after postbuild): checks the prerendered public
// pages for figures outside a registered claim and writes
// <build>/claims-manifest.json, which page uses which claim, as found in the
// HTML (docs/claims.md). Fails naming the page and the phrase.
// Runs with tsx (`node --import tsx`) to read the claim register's ids.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { listFiles } from "../server/site/csp-hashes.mjs";
import { claimRegister } from "../domain/claims/register.ts";
import { checkPages, pagePath } from "./lib/claims-check.mjs";

const buildDir = process.env.RR_BUILD_DIR || "build";
const clientDir = join(buildDir, "client");
const pages = listFiles(clientDir)
  .map((file) => ({ file, path: pagePath(relative(clientDir, file)) }))
  .filter((page) => page.path !== null)
  .map(({ file, path }) => ({ path, html: readFileSync(file, "utf8") }));

const { manifest, problems } = checkPages(
  pages,
  claimRegister.map((record) => record.id),
);
writeFileSync(join(buildDir, "claims-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`claims: ${problems.length} problem(s) on the public pages (docs/claims.md):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `claims: ${Object.keys(manifest.claims).length} claims on ${pages.length} pages, ${buildDir}/claims-manifest.json`,
);
