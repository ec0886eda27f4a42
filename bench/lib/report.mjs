// What the benchmarks' reports share: figures as their tables print them, the
// version of an installed package, and BENCHMARKS.md, in which each benchmark
// owns one "## " section and rewrites only that.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/bundle-server.mjs";

/** The installed version of package `name`. */
export const packageVersion = (name) =>
  JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;

/** A whole number with thousands separators ("-" for none). */
export const f0 = (n) => (n === undefined ? "-" : Math.round(n).toLocaleString("en-US"));

/** One decimal ("-" for none). */
export const f1 = (n) => (n === undefined ? "-" : n.toFixed(1));

/** Two decimals ("-" for none). */
export const f2 = (n) => (n === undefined ? "-" : n.toFixed(2));

/**
 * `document` with `section` in place of the section that has the same heading
 * (the section's first line) up to the next "## " heading, or added at the end.
 */
export function replaceSection(document, section) {
  const start = document.indexOf(section.slice(0, section.indexOf("\n")));
  if (start === -1) return `${document.trimEnd()}\n\n${section}`;
  const after = document.indexOf("\n## ", start + 1);
  return document.slice(0, start) + section + (after === -1 ? "" : document.slice(after + 1));
}

/** Writes `section` into BENCHMARKS.md (see replaceSection). */
export function writeBenchmarksSection(section) {
  const file = join(ROOT, "BENCHMARKS.md");
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  writeFileSync(file, replaceSection(previous, section));
}
