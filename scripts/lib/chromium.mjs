// The Chromium the browser runs use (the browser tests: their own below; screenshots, Lighthouse):
// Debian's package unless CHROME_PATH names another, with the flags a headless
// run as root on a machine without outside network needs (no sandbox, no GPU,
// none of Chromium's own background connections).
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's headless shell (package chromium-headless-shell), the same
 * Blink and V8 as chromiumPath without the desktop browser around them, which Playwright itself
 * runs headless by default (CHROME_HEADLESS_SHELL_PATH names another). Both browser lanes of
 * `npm test` took 731 CPU-s with it against 1,044 with Chromium itself (BENCHMARKS.md, Test suite).
 * Speculation Rules prerender only in the full browser, so the prerender test (launchUndriven) and
 * every benchmark keep chromiumPath; CHROME_PATH sets both; without the shell the tests use chromiumPath.
 */
export const headlessShellPath = process.env.CHROME_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const testChromiumPath =
  process.env.CHROME_PATH ?? (existsSync(headlessShellPath) ? headlessShellPath : chromiumPath);

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * Chromium started on `url` with no DevTools client attached: Chromium does
 * not prerender (Speculation Rules) for a page a DevTools client is attached
 * to, and Playwright attaches to every page it opens. A run that must see a
 * prerender lets the page load here on its own, then connects
 * (`chromium.connectOverCDP(endpoint)`) once the prerender has started.
 * `untilLoaded()` waits until the tab shows `url` parsed (its title listed at
 * /json/list, which attaches nothing); `close()` ends the browser and removes
 * its profile.
 */
export async function launchUndriven(
  url,
  { width = 1280, height = 900, args = [], timeoutMs = 15_000 } = {},
) {
  const { spawn } = await import("node:child_process");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const profile = mkdtempSync(join(tmpdir(), "undriven-chromium-"));
  const child = spawn(
    chromiumPath,
    [
      ...chromiumArgs,
      "--headless=new",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      `--window-size=${width},${height}`,
      ...args,
      url,
    ],
    // A process group of its own: closing ends Chromium's helper processes too.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 3000);
      await exited;
      clearTimeout(timer);
    }
    signal("SIGKILL");
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    const endpoint = await new Promise((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(
        () => reject(new Error(`Chromium printed no DevTools endpoint: ${seen}`)),
        timeoutMs,
      );
      child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
      // Read to the end (a full pipe would stall Chromium); keep only what comes before the endpoint.
      child.stderr.on("data", (chunk) => {
        if (seen === null) return;
        seen += chunk;
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
        if (match) {
          seen = null;
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
    });
    const listed = endpoint.replace(/^ws:\/\/([^/]+)\/.*$/, "http://$1/json/list");
    const path = new URL(url).pathname;
    const untilLoaded = async () => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const targets = await (await fetch(listed)).json();
        if (targets.some((target) => target.type === "page" && target.url.endsWith(path) && target.title))
          return;
        if (Date.now() > deadline) throw new Error(`Chromium did not load ${url} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    return { endpoint, untilLoaded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
