/**
 * Two `npm start`s in one folder, as on one host scaled to two instances: the
 * second, on another port, has another SITE_URL (its default follows PORT), so
 * it builds again. The first instance must go on serving the build it loaded:
 * every inline script of its pages listed in its own CSP, every asset there.
 *
 * Runs on a copy of the checkout's files (tracked, and new ones git does not
 * ignore) in a temp dir, with the checkout's node_modules linked in; both
 * builds are real builds.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../server/site/csp-hashes.mjs";
import { copyCheckout, freePort, ROOT, shellPath } from "../support/checkout-copy";

const BUILD_TIMEOUT_MS = 15 * 60_000;

/** A shell's environment: none of the npm lifecycle variables of the run that started vitest. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: shellPath(), HOST: "127.0.0.1", LOG_LEVEL: "warn" };
  for (const key of [
    "HOME",
    "TMPDIR",
    "npm_config_cache",
    "npm_config_userconfig",
    "CHROME_PATH",
    "PRECOMPRESS_CACHE_DIR",
  ]) {
    if (process.env[key]) env[key] = process.env[key];
  }
  return { ...env, ...extra };
}

/** The copy, with the checkout's node_modules linked in. */
function copyCheckoutWithModules(): string {
  const dir = copyCheckout("harborline-two-starts-");
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

interface Started {
  child: ChildProcess;
  origin: string;
  /** Its default SITE_URL, `http://localhost:$PORT`: the origin of its canonical URLs. */
  siteUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

function npmStart(dir: string, port: number): Started {
  // Inside the copied checkout, so the copy's removal takes the store with it.
  const dataDir = mkdtempSync(join(dir, "data-"));
  // Its own process group, so the server npm starts goes down with it.
  const child = spawn("npm", ["start"], {
    cwd: dir,
    env: shellEnv({ PORT: String(port), DATA_DIR: dataDir }),
    detached: true,
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    siteUrl: `http://localhost:${port}/`,
    output: () => output,
    exited,
  };
}

async function stop(started: Started | undefined) {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  process.kill(-started.child.pid!, "SIGTERM");
  const timer = setTimeout(() => process.kill(-started.child.pid!, "SIGKILL"), 10_000);
  await started.exited;
  clearTimeout(timer);
}

/** Waits until /healthz answers 200, or fails with what npm start printed. */
async function ready(started: Started) {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void started.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${started.output()}`);
    const answer = await fetch(`${started.origin}/healthz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${started.origin} never became ready:\n${started.output()}`);
}

const PAGES = ["/", "/faq", "/privacy-request"];

/**
 * What an instance's pages are made of: per page, the inline scripts its own
 * CSP does not allow, the assets that do not answer 200, and its canonical URL.
 */
async function pagesOf(origin: string) {
  const found = [];
  for (const path of PAGES) {
    const response = await fetch(`${origin}${path}`);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
    const blocked = inlineScriptHashes(html).filter((hash) => !scriptSrc.split(" ").includes(hash));
    const assets = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
    const missing = [];
    for (const asset of assets) {
      const status = (await fetch(`${origin}${asset}`)).status;
      if (status !== 200) missing.push(`${asset} ${status}`);
    }
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    found.push({ path, status: response.status, blocked, assets: assets.length, missing, canonical });
  }
  return found;
}

describe("a second npm start in the same folder", () => {
  let dir: string;
  let first: Started | undefined;
  let second: Started | undefined;

  beforeAll(() => {
    dir = copyCheckoutWithModules();
  });
  afterAll(async () => {
    await stop(first);
    await stop(second);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "leaves the first instance serving the build it loaded, pages and assets that match its CSP",
    async () => {
      first = npmStart(dir, await freePort());
      await ready(first);
      const before = await pagesOf(first.origin);
      for (const page of before) {
        expect(page).toMatchObject({ status: 200, blocked: [], missing: [] });
        expect(page.assets).toBeGreaterThan(0);
        expect(page.canonical?.startsWith(first.siteUrl)).toBe(true);
      }

      second = npmStart(dir, await freePort());
      await ready(second);
      expect(second.output()).toContain("SITE_URL changed");

      // The first instance: the same pages as before, its scripts allowed, its assets there.
      expect(await pagesOf(first.origin)).toEqual(before);
      // The second serves its own build, with its own address.
      for (const page of await pagesOf(second.origin)) {
        expect(page).toMatchObject({ status: 200, blocked: [], missing: [] });
        expect(page.canonical?.startsWith(second.siteUrl)).toBe(true);
      }

      // Both builds are kept while their servers run; the newer is current.
      const builds = readdirSync(join(dir, "build", "builds"));
      expect(builds).toHaveLength(2);
      expect(readlinkSync(join(dir, "build", "current"))).toBe(join("builds", builds.sort()[1]));
    },
    2 * BUILD_TIMEOUT_MS,
  );
});
