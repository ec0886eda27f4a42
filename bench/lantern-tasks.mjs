// `npm run bench:lantern`: which main-thread tasks Lighthouse's blocking time
// counts, route by route. Lighthouse's TBT is Lantern's simulation (4x CPU,
// a slow network): every task over 50 ms simulated (12.5 ms really run here)
// that ends after the simulated first contentful paint adds what it has over
// 50 ms. The total alone does not say which task that was; this prints each
// task of the pessimistic simulation (the one whose TBT is the higher),
// simulated and really run, with its largest trace events, and marks the
// ones counted. Served as `npm run bench` serves the site (dist/server.mjs
// on loopback), with the almost empty control page last
// (bench/lib/control-page.mjs): what the machine and the browser cost before
// any page.
//
// Needs `npm run build`. BENCH_ROUTES (comma-separated; default /, /faq,
// /cookie-policy), BENCH_RUNS (1), BENCH_PORT (4391). Nothing is written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Lighthouse's own computed metrics: the same simulation its TBT audit runs, with its node timings.
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { ROOT } from "../scripts/lib/bundle-server.mjs";
import { chromiumArgs, chromiumPath } from "../scripts/lib/chromium.mjs";
import { builtSiteEnv, startBenchServer } from "./lib/bench-server.mjs";
import { startControlServer } from "./lib/control-page.mjs";

const ROUTES = process.env.BENCH_ROUTES?.split(",").filter(Boolean) ?? ["/", "/faq", "/cookie-policy"];
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const origin = `http://127.0.0.1:${PORT}`;
/** Over this, a task costs blocking time in Lantern's simulation (ms, simulated). */
const BLOCKING_MS = 50;

/** The trace events inside a task that took longest, as "name ms", longest first. */
function largestEvents(node, count = 6) {
  const longest = new Map();
  for (const event of node.childEvents) {
    if (!event.dur || event.dur < 1000 || /RunTask$/.test(event.name)) continue;
    longest.set(event.name, Math.max(longest.get(event.name) ?? 0, event.dur / 1000));
  }
  return [...longest]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(", ");
}

/** Lighthouse on `url`, then its TBT simulation task by task. */
async function tasks(url, port) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ignoreStatusCode: true,
  });
  const { artifacts, lhr } = result;
  const settings = lhr.configSettings;
  const context = { settings, computedCache: new Map(), options: {} };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  // The pessimistic TBT is computed from the optimistic first paint (Lantern's TotalBlockingTime).
  const paintAt = fcp.optimisticEstimate.timeInMs;
  const lines = [];
  for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== "cpu" || node.duration < 2000) continue;
    const counted = Math.min(timing.duration, timing.endTime - paintAt) - BLOCKING_MS;
    lines.push({
      start: timing.startTime,
      text: `${timing.startTime.toFixed(0).padStart(6)} ms  ${timing.duration.toFixed(0).padStart(4)} simulated  ${(node.duration / 1000).toFixed(1).padStart(5)} run  ${counted > 0 ? `counts ${counted.toFixed(0).padStart(3)}` : "          "}  ${largestEvents(node)}`,
    });
  }
  lines.sort((a, b) => a.start - b.start);
  return [
    `${url}: TBT ${Math.round(lhr.audits["total-blocking-time"].numericValue)} ms (the mean of optimistic ${Math.round(tbt.optimisticEstimate.timeInMs)} and pessimistic ${Math.round(tbt.pessimisticEstimate.timeInMs)}); simulated first paint ${Math.round(paintAt)} ms`,
    "   start  task (ms)              blocking  largest events in it (ms, really run)",
    ...lines.map((line) => `  ${line.text}`),
  ].join("\n");
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-lantern-"));
const { child: server } = await startBenchServer(join(ROOT, "dist"), {
  port: PORT,
  env: builtSiteEnv(origin, dataDir),
});
const control = await startControlServer(origin);
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
try {
  const urls = [...ROUTES.map((route) => `${origin}${route}`), `${control.origin}/control`];
  for (const url of urls) {
    for (let run = 0; run < RUNS; run++) console.log(`\n${await tasks(url, chrome.port)}`);
  }
} finally {
  await chrome.kill();
  await control.close();
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
