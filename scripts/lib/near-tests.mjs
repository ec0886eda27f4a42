// The tests near a change, for the fast loop (scripts/test-fast.mjs): a changed test file itself;
// the test files beside a changed file (in its folder, or the nearest folder above it that has
// any); and the test files that import a changed file directly (or vi.mock it). Not the tests
// that reach it through other modules: a server module reaches every server test through the app
// factory, and running all of those is `npm run test:fast -- --related` (vitest's --changed) or
// `npm test`.
import { dirname, extname, join, normalize } from "node:path";

const TEST_FILE = /\.test\.(ts|tsx)$/;
const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];
/** `from "./x"`, `import("./x")`, `vi.mock("./x")`: the module specifiers of a file. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bvi\.mock\s*\(\s*)["']([^"']+)["']/g;
/** tsconfig.json's paths: "#domain/x" is domain/x, "~/x" app/x. */
const ALIASES = [
  ["#domain/", "domain/"],
  ["#ui/", "ui/"],
  ["~/", "app/"],
];

export const isTestFile = (path) => TEST_FILE.test(path);

/** A path without its source extension ("server/a.ts" and "server/a" name one module). */
const moduleOf = (path) => {
  const extension = extname(path);
  return SOURCE_EXTENSIONS.includes(extension) ? path.slice(0, -extension.length) : path;
};

/** The repository paths (extension dropped) of the modules `source`, the text of test file `file`, imports. */
export function importedModules(file, source) {
  const found = new Set();
  for (const [, specifier] of source.matchAll(SPECIFIER)) {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) found.add(moduleOf(alias[1] + specifier.slice(alias[0].length)));
    else if (specifier.startsWith(".")) found.add(moduleOf(normalize(join(dirname(file), specifier))));
  }
  return found;
}

/**
 * The test files near `changed` (repository paths, "/"-separated), chosen from `tests` (every test
 * file of the repository); `read(path)` gives a test file's text. In `tests`' order.
 */
export function nearTests(changed, tests, read) {
  const chosen = new Set();
  const byFolder = new Map();
  for (const test of tests) {
    const folder = dirname(test);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), test]);
  }
  const changedModules = new Set();
  for (const path of changed) {
    if (isTestFile(path)) {
      if (tests.includes(path)) chosen.add(path);
      continue;
    }
    changedModules.add(moduleOf(path));
    // Beside it: its folder's tests, or the nearest folder above that has some (not the root's).
    for (let folder = dirname(path); folder !== "." && folder !== "/"; folder = dirname(folder)) {
      const here = byFolder.get(folder);
      if (!here) continue;
      for (const test of here) chosen.add(test);
      break;
    }
  }
  if (changedModules.size > 0) {
    for (const test of tests) {
      if (chosen.has(test)) continue;
      for (const imported of importedModules(test, read(test))) {
        if (changedModules.has(imported)) {
          chosen.add(test);
          break;
        }
      }
    }
  }
  return tests.filter((test) => chosen.has(test));
}
