// `npm run bench`: builds, serves with `npm start`, runs Lighthouse (mobile,
// default simulated throttling) three times per route, takes medians, measures
// each route's JS/CSS bytes, and writes the table to BENCHMARKS.md. Two control
// rows follow the routes: an almost empty page with the site's headers, and
// without Cross-Origin-Opener-Policy (bench/lib/control-page.mjs).
//
// BENCH_RUNS, BENCH_ROUTES (a partial run does not rewrite BENCHMARKS.md),
// BENCH_SKIP_BUILD=1, BENCH_SAVE_DIR (keeps each run's report and the trace it
// was computed from), BENCH_CONTROL=0 (no control rows) and
// RR_BUILD_DIR/BENCH_PORT tune a run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumPath } from "../scripts/lib/chromium.mjs";
import { siteRoutes } from "../scripts/lib/site-routes.mjs";
import { refuseTakenPort } from "./lib/bench-server.mjs";
import { CONTROL_ROUTES, startControlServer } from "./lib/control-page.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const loadBefore = loadavg()[0];
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const origin = `http://127.0.0.1:${PORT}`;
const chromePath = chromiumPath;
if (!existsSync(chromePath)) {
  console.error(
    `Chromium is not at ${chromePath}: install Debian's (apt-get install chromium) or set CHROME_PATH to another.`,
  );
  process.exit(1);
}

const buildDir = process.env.RR_BUILD_DIR || "build";
const verbose = process.env.BENCH_VERBOSE !== "0";
/** Keeps every run's full report (JSON) there when set, for reading the audits' details. */
const saveDir = process.env.BENCH_SAVE_DIR;
const onlyRoutes = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
const env = {
  ...process.env,
  RR_BUILD_DIR: buildDir,
  CLIENT_DIR: join(buildDir, "client"),
  PORT: String(PORT),
  HOST: "127.0.0.1",
  SITE_URL: origin,
  DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")),
  LOG_LEVEL: "warn",
};
if (process.env.BENCH_SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Read after the build: the sitemap lists every page the catalogues produce.
const routes = onlyRoutes ?? siteRoutes(buildDir);
// Another server on the port would be measured instead of this build (with the old build's CSP).
await refuseTakenPort(origin);
const server = spawn("node", ["scripts/start.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);
// Stopped from outside (Ctrl-C, kill): take the server down too.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

/**
 * Audits that cost points: in a weighted category (score below 1), plus any
 * performance metric under a perfect score. Each with a one-line detail.
 */
function failingAudits(lhr) {
  const found = new Map();
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (ref.weight === 0 && categoryId !== "performance") continue;
      if (categoryId === "performance" && ref.weight === 0 && audit.scoreDisplayMode !== "metricSavings")
        continue;
      if (found.has(ref.id)) continue;
      // Some audits' items are not a list (an insight's sections): those show no examples.
      const items = (Array.isArray(audit.details?.items) ? audit.details.items : [])
        .slice(0, 3)
        .map((item) => {
          const node = item.node?.snippet ?? item.node?.selector;
          return (
            node ?? item.url ?? item.source?.url ?? item.description ?? JSON.stringify(item).slice(0, 120)
          );
        })
        .filter(Boolean);
      found.set(ref.id, {
        id: ref.id,
        text: `[${categoryId}] ${ref.id} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ""})${items.length ? `: ${items.join(" | ")}` : ""}`,
      });
    }
  }
  return [...found.values()];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A response's body size as the server sends it for the given Accept-Encoding. */
function servedBytes(url, encoding) {
  return spawnSync("curl", ["-s", "-H", `Accept-Encoding: ${encoding}`, url]).stdout.length;
}

/**
 * JS a route loads before any interaction: every script Lighthouse saw the page
 * fetch while it loaded untouched (across all runs), raw and as served to a
 * gzip-only client (the server's precompressed .gz variant). Stylesheets the
 * same way; the site inlines its CSS, so there are none.
 */
function payload(urls) {
  const totals = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const url of urls) {
    const kind = /\.css(\?|$)/.test(url) ? "css" : "js";
    totals[kind] += servedBytes(url, "identity");
    totals[`${kind}Gzip`] += servedBytes(url, "gzip");
  }
  return totals;
}

await waitForServer();
// Two control rows after the routes (not in the goals): what an almost empty page reads here.
const control = process.env.BENCH_CONTROL === "0" ? null : await startControlServer(origin);
const targets = [
  ...routes.map((route) => ({ route, url: `${origin}${route}` })),
  ...(control
    ? Object.entries(CONTROL_ROUTES).map(([path, label]) => ({
        route: label,
        url: `${control.origin}${path}`,
        control: true,
      }))
    : []),
];
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});
// A run stopped halfway takes its browser down too: one left running loads the next run's machine.
process.on("exit", () => {
  try {
    process.kill(chrome.pid, "SIGKILL");
  } catch {
    // already gone: the run ended normally
  }
});
const rows = [];
try {
  for (const { route, url, control: isControl } of targets) {
    const runs = [];
    for (let i = 0, attempts = 0; i < RUNS; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        // The 404 page answers with a real 404; Lighthouse would otherwise refuse to score it.
        ignoreStatusCode: true,
      });
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, say): run again.
      if (result.lhr.runtimeError && ++attempts <= 3) {
        console.log(`  ${route}: ${result.lhr.runtimeError.code}; running again`);
        i--;
        continue;
      }
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${route.replace(/\W+/g, "_") || "home"}-${i + 1}.json`;
        writeFileSync(join(saveDir, name), JSON.stringify(result.lhr));
        // The trace Lighthouse simulated from: which tasks its blocking time counts (see BENCHMARKS.md).
        if (result.artifacts?.Trace) {
          writeFileSync(
            join(saveDir, name.replace(/\.json$/, ".trace.json")),
            JSON.stringify(result.artifacts.Trace),
          );
        }
      }
      const { categories, audits } = result.lhr;
      const problems = failingAudits(result.lhr);
      if (verbose && problems.length) {
        console.log(`  ${route} run ${i + 1}:`);
        for (const problem of problems) console.log(`    ${problem.text}`);
      }
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories["best-practices"].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        fcp: audits["first-contentful-paint"].numericValue,
        si: audits["speed-index"].numericValue,
        // What the page really fetched as script, compressed as served (brotli).
        scriptTransfer: (audits["network-requests"].details?.items ?? [])
          .filter((item) => item.resourceType === "Script")
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        failing: problems.map((problem) => problem.id),
        assets: (audits["network-requests"].details?.items ?? [])
          .filter(
            (item) => ["Script", "Stylesheet"].includes(item.resourceType) && item.url.startsWith(origin),
          )
          .map((item) => item.url),
      });
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    const row = {
      route,
      control: Boolean(isControl),
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      tbtRuns: runs.map((run) => Math.round(run.tbt)),
      cls: pick("cls"),
      fcp: pick("fcp"),
      si: pick("si"),
      scriptTransfer: pick("scriptTransfer"),
      failing: [...new Set(runs.flatMap((run) => run.failing))],
      assets: [...new Set(runs.flatMap((run) => run.assets))].length,
      ...payload(new Set(runs.flatMap((run) => run.assets))),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await chrome.kill();
  await control?.close();
  stop();
}

if (onlyRoutes) {
  console.log("BENCH_ROUTES set: a partial run; BENCHMARKS.md left as it was.");
  process.exit(0);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * One line per goal of the performance issue that a route misses: on how many routes it is met, and
 * the route furthest from it (the table has every route's figure); one line for the goals met on all.
 */
function goalSummary(allRows) {
  const rows = allRows.filter((row) => !row.control);
  const controls = allRows.filter((row) => row.control);
  // `distance`: how far a route is from the goal (higher is further); the worst is named.
  const check = (label, pass, show, distance) => {
    const short = rows.filter((row) => !pass(row));
    if (short.length === 0) return { label, missed: null };
    const worst = short.reduce((a, b) => (distance(b) > distance(a) ? b : a));
    return {
      label,
      missed: `- ${label}: met on ${rows.length - short.length} of ${rows.length}; worst ${worst.route} (${show(worst)}).`,
    };
  };
  const scores = (row) => [row.performance, row.accessibility, row.bestPractices, row.seo];
  const checks = [
    check(
      "100 in all four categories",
      (row) => scores(row).every((score) => score === 100),
      (row) => scores(row).join("/"),
      (row) => scores(row).reduce((sum, score) => sum + 100 - score, 0),
    ),
    check(
      "LCP ≤ 1,200 ms",
      (row) => row.lcp <= 1200,
      (row) => `${Math.round(row.lcp)} ms`,
      (row) => row.lcp,
    ),
    check(
      "TBT 0 ms",
      (row) => Math.round(row.tbt) === 0,
      (row) => `${Math.round(row.tbt)} ms`,
      (row) => row.tbt,
    ),
    check(
      "CLS 0",
      (row) => row.cls === 0,
      (row) => row.cls.toFixed(3),
      (row) => row.cls,
    ),
    check(
      "JS before interaction ≤ 20 KiB gzip",
      (row) => row.jsGzip <= 20 * 1024,
      (row) => `${kb(row.jsGzip)} KiB`,
      (row) => row.jsGzip,
    ),
  ];
  const met = checks.filter((goal) => !goal.missed).map((goal) => goal.label);
  return [
    "Goals (medians):",
    "",
    ...checks.filter((goal) => goal.missed).map((goal) => goal.missed),
    ...(met.length ? [`- ${met.join("; ")}: met on all ${rows.length} routes.`] : []),
    ...(controls.length
      ? [
          `- The control rows (not in the goals): ${controls.map((row) => `${row.route.replace("(control) ", "")}, TBT ${Math.round(row.tbt)} ms (${row.tbtRuns.join(", ")})`).join("; ")}. A TBT a route shares with an almost empty page is the machine's and the browser's, not the page's (bench/lib/control-page.mjs).`,
        ]
      : []),
    "",
  ];
}
const chromium = spawnSync(chromePath, ["--version"]).stdout.toString().trim();
const lines = [
  "# Benchmarks",
  "",
  `## Lighthouse (mobile, simulated throttling), median of ${RUNS} runs per route`,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (bench/lighthouse.mjs): Lighthouse ${JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, ${chromium}, Node ${process.version}, served by \`npm start\` on loopback, on a ${cpus().length}-core machine, load average (1 min) ${loadBefore.toFixed(1)} before → ${loadavg()[0].toFixed(1)} after the run${loadBefore > 1.5 ? ": the machine was busy with other work, so TBT (measured on the real main thread, then scaled) reads higher than on a quiet machine" : ""}.`,
  "",
  "| route | Perf | A11y | Best practices | SEO | FCP ms | LCP ms | TBT ms (each run) | CLS | JS KiB (gzip) | CSS KiB (gzip) | not passing |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.fcp)} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} (${row.tbtRuns.join(", ")}) | ${row.cls.toFixed(3)} | ${kb(row.js)} (${kb(row.jsGzip)}) | ${kb(row.css)} (${kb(row.cssGzip)}) | ${row.failing.join(", ") || "-"} |`,
  ),
  "",
  ...goalSummary(rows),
  "- JS: every script the page fetched while Lighthouse loaded it without any interaction (the union over the runs), raw and as the server sends it to a gzip-only client (its precompressed .gz, zopfli), in KiB (1,024 bytes). Code that loads on intent (the two forms' React islands) is not in it. CSS: the stylesheet is inlined into each page's HTML (about 9 KiB gzip), so there is no stylesheet request.",
  "- TBT: Lighthouse takes the tasks the main thread really ran and scales them by 4, so it moves with whatever else the machine does; each run's figure is in brackets. On a shared 2-core machine a median of three is a rough figure.",
  "- The document room's rows (`/documents`, and a room link with a token of the right shape) are sent `X-Robots-Tag: noindex, nofollow` on purpose: a page reached by a private link must not be indexed, so they fail `is-crawlable` in SEO by design, and an SEO 100 there would be a defect. Their JS is what loads before \"Open my documents\" is pressed: the public pages' script; the room's React and tus-js-client load on the press and at the first upload.",
  "- The 404 row is a real 404: Lighthouse is told to score it anyway (`ignoreStatusCode`), and by design it fails `http-status-code` (404) and `is-crawlable` (noindex) in SEO, and `errors-in-console` in Best practices (Chrome logs the document's 404, and the 404 page logs the missing path with `console.error`, so a broken link shows in the console).",
  "",
];
const file = "BENCHMARKS.md";
const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
// The file's own introduction, before this section, stays as it is.
const lighthouseStart = previous.indexOf("\n## Lighthouse");
if (lighthouseStart !== -1) lines[0] = previous.slice(0, lighthouseStart).trimEnd();
const apiStart = previous.includes("## API") ? previous.indexOf("## API") : previous.length;
const apiSection = previous.slice(apiStart);
// Hand-written subsections ("### ...") of the Lighthouse section stay, after the new table.
const notes = previous
  .slice(0, apiStart)
  .split(/\n(?=### )/)
  .slice(1)
  .map((note) => note.trimEnd())
  .join("\n\n");
writeFileSync(file, lines.join("\n") + (notes ? `\n${notes}\n` : "") + (apiSection ? `\n${apiSection}` : ""));
console.log(`wrote ${file}`);
process.exit(0);
