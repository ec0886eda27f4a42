// The Node.js versions `npm test` runs on, and where it gets them. Node 22 LTS
// runs every check; Node 20 (20.19 or later, still on many hosts) runs the
// server's and the install's tests. A runtime is, in this order: the binary
// its TEST_NODE_<major> variable names, the Node running this script when it
// fits, a copy fetched before into the cache, or else one fetched now from the
// npm registry's `node-<platform>-<arch>` package (the official binary) into
// $XDG_CACHE_HOME/harborline (default ~/.cache/harborline).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const runtimes = [
  { major: 22, minimum: "22.13.0", pinned: "22.23.3" },
  { major: 20, minimum: "20.19.0", pinned: "20.20.2" },
];

export const registryPackage = `node-${process.platform}-${process.arch}`;

export function cacheRoot(env = process.env) {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache"), "harborline");
}

export const envName = (runtime) => `TEST_NODE_${runtime.major}`;
const cachedBinary = (runtime, env) => join(cacheRoot(env), `node-${runtime.pinned}`, "bin", "node");

const parts = (version) => version.replace(/^v/, "").split(".").map(Number);

/** The version a Node binary reports ("22.23.3"), or null when it does not run. */
export function versionOf(binary) {
  const result = spawnSync(binary, ["-v"], { encoding: "utf8", timeout: 10_000 });
  const version = result.status === 0 ? result.stdout.trim() : "";
  return /^v\d+\.\d+\.\d+/.test(version) ? version.slice(1) : null;
}

/** Whether `version` belongs to the runtime's line and is at least its minimum. */
export function fits(runtime, version) {
  if (!version) return false;
  const [major, minor, patch] = parts(version);
  const [, minMinor, minPatch] = parts(runtime.minimum);
  return major === runtime.major && (minor > minMinor || (minor === minMinor && patch >= minPatch));
}

/**
 * The binary for `runtime` this machine has without fetching: { path, version, from },
 * or { missing: reason } when there is none (or TEST_NODE_<major> names an unfit one).
 */
export function findRuntime(runtime, env = process.env) {
  const named = env[envName(runtime)];
  if (named) {
    const version = versionOf(named);
    if (fits(runtime, version)) return { path: named, version, from: envName(runtime) };
    return {
      missing: `${envName(runtime)}=${named} is ${version ? `Node ${version}` : "not a Node binary that runs"}, not Node ${runtime.major} (${runtime.minimum} or later)`,
      named: true,
    };
  }
  if (fits(runtime, process.versions.node)) {
    return { path: process.execPath, version: process.versions.node, from: "this Node" };
  }
  const cached = cachedBinary(runtime, env);
  if (existsSync(cached)) {
    const version = versionOf(cached);
    if (fits(runtime, version)) return { path: cached, version, from: "the cache" };
  }
  return { missing: `this is Node ${process.versions.node}, and ${cached} is not there` };
}

/**
 * Fetches the runtime's pinned version with `npm pack` (npm checks the
 * registry's integrity hash) and unpacks its bin/node into the cache.
 * Returns the binary's path, or throws with npm's or tar's own words.
 */
export function fetchRuntime(runtime, env = process.env) {
  const root = cacheRoot(env);
  const target = join(root, `node-${runtime.pinned}`);
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, ".fetch-"));
  const run = (command, args) => {
    const result = spawnSync(command, args, { cwd: work, env, encoding: "utf8" });
    if (result.status !== 0) {
      const words = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim() || String(result.error ?? "");
      throw new Error(`${command} ${args.join(" ")} failed:\n${words}`);
    }
  };
  try {
    run("npm", [
      "pack",
      `${registryPackage}@${runtime.pinned}`,
      "--loglevel=error",
      "--pack-destination",
      work,
    ]);
    const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack ${registryPackage}@${runtime.pinned} left no tarball`);
    run("tar", ["xzf", tarball, "package/bin/node"]);
    rmSync(target, { recursive: true, force: true });
    renameSync(join(work, "package"), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const binary = join(target, "bin", "node");
  const version = versionOf(binary);
  if (!fits(runtime, version)) {
    throw new Error(`${binary} from ${registryPackage}@${runtime.pinned} reports ${version ?? "nothing"}`);
  }
  return { path: binary, version, from: "the npm registry" };
}
