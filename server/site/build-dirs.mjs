// The layout of a build folder (`build/`, or RR_BUILD_DIR): every build is
// made in a new folder of its own and swapped in whole, so a server that is
// running keeps the build it loaded while another one is made beside it.
//
//   <root>/builds/<id>/        one complete build: client/, desk/, server/,
//                              csp-hashes.json, build-info.json, and in-use/<pid>
//                              for each live process that builds or serves it
//   <root>/current             a symlink to builds/<id>, replaced by rename (atomic)
//   <root>/client, desk, csp-hashes.json, build-info.json
//                              symlinks through current: what a newly started server loads
//
// scripts/build.mjs makes and swaps builds; the server marks the build it
// loaded (server/site/load-site.ts). A build is deleted once it is neither
// current nor marked by a live process.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";

export const BUILDS = "builds";
export const CURRENT = "current";
/** What a server reads from the build folder, each a symlink through `current`. */
export const LINKED = ["client", "desk", "csp-hashes.json", "build-info.json"];
const IN_USE = "in-use";

/** A new, empty build folder under `root`, marked in use by `pids` while it is made. */
export function createBuildDir(root, pids) {
  const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}`;
  const dir = join(root, BUILDS, id);
  mkdirSync(dir, { recursive: true });
  for (const pid of pids) markInUse(dir, pid);
  return dir;
}

export function markInUse(buildDir, pid) {
  mkdirSync(join(buildDir, IN_USE), { recursive: true });
  writeFileSync(join(buildDir, IN_USE, String(pid)), "");
}

export function releaseInUse(buildDir, pid) {
  rmSync(join(buildDir, IN_USE, String(pid)), { force: true });
}

/**
 * The build a path inside the build folder resolves to (`<root>/client` ->
 * `<root>/builds/<id>`), or undefined when the path is not reached through
 * the layout above (a build made in place, a test's fixture).
 */
export function managedBuildOf(path) {
  if (!existsSync(path)) return undefined;
  const real = realpathSync(path);
  const build = dirname(real);
  return basename(dirname(build)) === BUILDS && real !== path ? build : undefined;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Makes `buildDir` the current build of `root` in one rename. Entries of an
 * older layout (real folders at <root>/client …) are moved into a build
 * folder of their own first, so nothing is deleted under a server using them.
 */
export function swapIn(root, buildDir) {
  const legacy = LINKED.filter((name) => {
    const path = join(root, name);
    return existsSync(path) && !lstatSync(path).isSymbolicLink();
  });
  if (legacy.length > 0) {
    const moved = join(root, BUILDS, `earlier-layout-${Date.now()}-${process.pid}`);
    mkdirSync(moved, { recursive: true });
    for (const name of legacy) renameSync(join(root, name), join(moved, name));
  }
  const next = join(root, `${CURRENT}.next-${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(relative(root, buildDir), next);
  renameSync(next, join(root, CURRENT));
  for (const name of LINKED) {
    const link = join(root, name);
    if (!lstatExists(link)) symlinkSync(join(CURRENT, name), link);
  }
}

function lstatExists(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Deletes the builds that are neither current nor in use by a live process; returns their names. */
export function removeUnused(root) {
  const buildsDir = join(root, BUILDS);
  if (!existsSync(buildsDir)) return [];
  const current = existsSync(join(root, CURRENT)) ? realpathSync(join(root, CURRENT)) : undefined;
  const removed = [];
  for (const name of readdirSync(buildsDir)) {
    const dir = join(buildsDir, name);
    if (realpathSync(dir) === current) continue;
    const users = existsSync(join(dir, IN_USE)) ? readdirSync(join(dir, IN_USE)).map(Number) : [];
    if (users.some((pid) => Number.isInteger(pid) && pid > 0 && isAlive(pid))) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
