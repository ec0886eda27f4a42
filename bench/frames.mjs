// `npm run bench:frames` (after `npm run build`): what a slow phone's main thread does while a
// public page loads, in a real browser rather than Lighthouse's simulation. Headless Chromium,
// 412 × 823 mobile, CPU slowed 4× (CDP), the built site on loopback: each route loaded
// BENCH_RUNS times (5 unless set) with its page script and as many times with the script's
// request refused, 4 s watched. Reports the median first contentful paint and the median sum
// of blocking time (each Long Animation Frame's `blockingDuration`) after it, and how much of
// those frames was style and layout against script. Prints a table; writes nothing.
//
// BENCH_ROUTES (comma-separated; "/,/faq,/privacy-policy,/products/growth-capital" unless set),
// BENCH_RUNS, BENCH_PORT (4451).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { ROOT } from "../scripts/lib/bundle-server.mjs";
import { chromiumArgs, chromiumPath } from "../scripts/lib/chromium.mjs";
import { builtSiteEnv, startBenchServer } from "./lib/bench-server.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4451);
const ROUTES = (process.env.BENCH_ROUTES ?? "/,/faq,/privacy-policy,/products/growth-capital").split(",");
const origin = `http://127.0.0.1:${PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

if (!existsSync(join(ROOT, "dist/server.mjs"))) {
  console.error("[bench:frames] dist/server.mjs is missing: run `npm run build` first");
  process.exit(1);
}

/** Runs in the page before its own scripts: keeps every Long Animation Frame. */
function observeFrames() {
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      window.__frames.push({
        start: frame.startTime,
        blocking: frame.blockingDuration,
        style: frame.styleAndLayoutStart ? frame.startTime + frame.duration - frame.styleAndLayoutStart : 0,
        script: frame.scripts.reduce((sum, script) => sum + script.duration, 0),
      });
    }
  }).observe({ type: "long-animation-frame", buffered: true });
}

async function load(browser, route, withScript) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observeFrames);
    if (!withScript) await page.route("**/assets/page-*.js", (request) => request.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    await sleep(4000);
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const after = window.__frames.filter((frame) => frame.start >= fcp);
      const sum = (key) => after.reduce((total, frame) => total + frame[key], 0);
      return { fcp, blocking: sum("blocking"), style: sum("style"), script: sum("script") };
    });
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-frames-"));
let server;
let browser;
try {
  ({ child: server } = await startBenchServer(join(ROOT, "dist"), {
    port: PORT,
    env: builtSiteEnv(origin, dataDir),
  }));
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const rows = [];
  for (const route of ROUTES) {
    for (const withScript of [true, false]) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await load(browser, route, withScript));
      const pick = (key) => Math.round(median(runs.map((result) => result[key])));
      rows.push(
        `| ${route} | ${withScript ? "yes" : "refused"} | ${pick("fcp")} | ${pick("blocking")} | ${pick("style")} | ${pick("script")} |`,
      );
    }
  }
  console.log(
    [
      `Chromium ${browser.version()}, CPU 4× slower, ${RUNS} loads each, medians (ms):`,
      "",
      "| route | page script | FCP | blocking after FCP | of those frames: style and layout | script |",
      "| --- | --- | ---: | ---: | ---: | ---: |",
      ...rows,
    ].join("\n"),
  );
} finally {
  await browser?.close();
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
