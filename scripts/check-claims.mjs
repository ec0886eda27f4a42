// Build step (scripts/build.mjs, after postbuild): checks the prerendered public
// pages for figures outside a registered claim and writes
// <build>/claims-manifest.json, which page uses which claim, as found in the
// HTML (docs/claims.md). Fails naming the page and the phrase.
// Runs with tsx (`node --import tsx`) to read the claim register's ids.
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { listFiles } from "../server/site/csp-hashes.mjs";
import { claimRegister } from "../domain/claims/register.ts";
import { claimShows, claimStatus } from "../domain/claims/status.ts";
import { claimsBuildEnv } from "./public-env.mjs";
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
// Strict mode and status (docs/claims.md): the same settings the pages were rendered with.
// The stored state (evidence filed, reviews recorded) counts only in strict mode, as the pages had it.
const { claimsStrict: strict, claimsToday: today, claimsState } = claimsBuildEnv(process.env);
const state = strict ? claimsState : {};
manifest.strict = strict;
manifest.today = today;
manifest.fallback = claimRegister
  .filter(
    (record) => claimShows(record, { strict, today, state }) === "fallback" && manifest.claims[record.id],
  )
  .map((record) => record.id);
writeFileSync(join(buildDir, "claims-manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
if (problems.length > 0) {
  console.error(`claims: ${problems.length} problem(s) on the public pages (docs/claims.md):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
// One line per status, naming the claims: on a fresh install every static claim is unsupported.
const warned = { lapsed: [], unsupported: [] };
for (const record of claimRegister) {
  const status = claimStatus(record, claimsState[record.id], today);
  if (status === "lapsed" || status === "unsupported") warned[status].push(record.id);
}
for (const [status, ids] of Object.entries(warned)) {
  if (ids.length === 0) continue;
  const shown = strict ? "their fallback is shown" : "their wording is still shown";
  console.warn(
    `claims: warning: ${ids.length} claim(s) ${status} (the desk's Claims page); ${shown}: ${ids.join(", ")}`,
  );
}
console.log(
  `claims: ${Object.keys(manifest.claims).length} claims on ${pages.length} pages${strict ? `, strict: ${manifest.fallback.length} shown as fallback` : ""}, ${buildDir}/claims-manifest.json`,
);
