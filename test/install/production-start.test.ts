/**
 * A production install (`NODE_ENV=production npm ci`, as the README says)
 * installs what package-lock.json pins, devDependencies left out, and `npm
 * start` must still build the site and serve it. When the build tools are
 * missing after all, `npm start` says what to run instead of the shell's
 * "react-router: not found".
 *
 * Runs on a copy of the checkout's files (tracked, and new ones git does not
 * ignore) in a temp dir; npm installs from its cache, which the checkout's own
 * install filled.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCheckout, freePort, shellPath } from "../support/checkout-copy";
import { standInNodes } from "./stand-in-node";

/** What a deploy's shell has: no npm lifecycle variables or node_modules/.bin from the run that started vitest. */
function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: shellPath(), NODE_ENV: "production" };
  for (const key of [
    "HOME",
    "TMPDIR",
    "npm_config_cache",
    "npm_config_registry",
    "npm_config_userconfig",
    "PRECOMPRESS_CACHE_DIR",
  ]) {
    if (process.env[key]) env[key] = process.env[key];
  }
  return { ...env, ...extra };
}

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: productionEnv(), encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(dir: string, env: Record<string, string>): Started {
  // Its own process group, so the server npm starts goes down with it.
  const child = spawn("npm", ["start"], { cwd: dir, env: productionEnv(env), detached: true });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function stop(started: Started) {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  process.kill(-started.child.pid!, "SIGTERM");
  const timer = setTimeout(() => process.kill(-started.child.pid!, "SIGKILL"), 10_000);
  await started.exited;
  clearTimeout(timer);
}

/** GET url until it answers (the server is up) or npm start exits. */
async function firstAnswer(url: string, started: Started, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${started.output()}`);
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`no answer from ${url} after ${timeoutMs} ms:\n${started.output()}`);
}

describe("a production install (devDependencies left out)", () => {
  let dir: string;

  beforeAll(() => {
    dir = copyCheckout("harborline-production-");
    run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  }, 180_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the dev tools out, then `npm start` builds the site and serves it", async () => {
    // (vitest and typescript stay: production packages name them as optional peers.)
    expect(existsSync(join(dir, "node_modules", "eslint"))).toBe(false);
    expect(existsSync(join(dir, "build"))).toBe(false);
    const port = await freePort();
    const started = npmStart(dir, { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dir, "data") });
    try {
      const home = await firstAnswer(`http://127.0.0.1:${port}/`, started, 240_000);
      expect(home.status).toBe(200);
      expect(home.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await home.text()).toContain("Harborline");
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      expect(started.output()).toContain("start: building first");
    } finally {
      await stop(started);
    }
  }, 300_000);

  it("`npm test`'s set-up finds the dev tools a production install left out and installs them, or says what to run", () => {
    // npm may not fetch here (an empty cache, offline), so the install fails and the set-up says what to run.
    const result = spawnSync(process.execPath, ["scripts/run-tests.mjs", "--setup-only"], {
      cwd: dir,
      env: productionEnv({
        CHROME_PATH: process.execPath,
        npm_config_cache: join(dir, "empty-npm-cache"),
        npm_config_offline: "true",
        ...standInNodes(dir),
      }),
      encoding: "utf8",
      timeout: 60_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toContain("dev dependencies are not installed (NODE_ENV=production leaves them out)");
    expect(output).toContain("npm install --include=dev");
    expect(result.status).toBe(1);
    expect(output).toContain("Run `npm install --include=dev`, then `npm test` again.");
  });

  it("`npm start` without the build tools stops and says to run npm install", async () => {
    rmSync(join(dir, "build"), { recursive: true, force: true });
    rmSync(join(dir, "dist"), { recursive: true, force: true });
    rmSync(join(dir, "node_modules", "@react-router", "dev"), { recursive: true, force: true });
    const port = await freePort();
    const started = npmStart(dir, { PORT: String(port), DATA_DIR: join(dir, "data") });
    try {
      expect(await started.exited).not.toBe(0);
      expect(started.output()).toContain("the build tools are not installed (@react-router/dev)");
      expect(started.output()).toContain("run `npm install`");
      expect(started.output()).not.toContain("not found");
    } finally {
      await stop(started);
    }
  }, 60_000);
});
