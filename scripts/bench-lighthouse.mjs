// `npm run bench`: builds, serves with `npm start`, runs Lighthouse (mobile,
// default simulated throttling) three times per route, takes medians, measures
// each route's JS/CSS bytes, and writes the table to BENCHMARKS.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const origin = `http://127.0.0.1:${PORT}`;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const routes = [
  "/",
  "/faq",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/products/growth-capital",
  "/products/revenue-based-financing",
  "/products/bridge-funding",
  "/products/strategic-financing",
  "/products/real-estate-financing",
  "/products/sba-loans",
  "/this-page-does-not-exist",
];

const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  SITE_URL: origin,
  DATA_DIR: mkdtempSync(join(tmpdir(), "bench-")),
  LOG_LEVEL: "warn",
};
const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);
const server = spawn("node", ["scripts/start.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not start");
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** JS and CSS a route loads before interaction: what its HTML references. */
function payload(route) {
  const html = spawnSync("curl", ["-s", `${origin}${route}`]).stdout.toString();
  const refs = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) refs.add(match[1]);
  const totals = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const ref of refs) {
    const file = join(process.env.RR_BUILD_DIR ?? "build", "client", ref);
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    const kind = ref.endsWith(".js") ? "js" : "css";
    totals[kind] += bytes.length;
    totals[`${kind}Gzip`] += gzipSync(bytes, { level: 9 }).length;
  }
  return totals;
}

await waitForServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
});
const rows = [];
try {
  for (const route of routes) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${origin}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const { categories, audits } = result.lhr;
      runs.push({
        performance: categories.performance.score * 100,
        accessibility: categories.accessibility.score * 100,
        bestPractices: categories["best-practices"].score * 100,
        seo: categories.seo.score * 100,
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        fcp: audits["first-contentful-paint"].numericValue,
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
          .map((audit) => audit.id),
      });
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    const row = {
      route,
      performance: pick("performance"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      lcp: pick("lcp"),
      tbt: pick("tbt"),
      cls: pick("cls"),
      fcp: pick("fcp"),
      failing: [...new Set(runs.flatMap((run) => run.failing))],
      ...payload(route),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await chrome.kill();
  stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const chromium = spawnSync(chromePath, ["--version"]).stdout.toString().trim();
const lines = [
  "# Benchmarks",
  "",
  `## Lighthouse (mobile, simulated throttling), median of ${RUNS} runs per route`,
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (scripts/bench-lighthouse.mjs): Lighthouse ${JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, ${chromium}, Node ${process.version}, served by \`npm start\` on loopback, on a 2-core machine.`,
  "",
  "| route | Perf | A11y | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB (gzip) | CSS KB (gzip) | not passing |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.fcp)} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${kb(row.js)} (${kb(row.jsGzip)}) | ${kb(row.css)} (${kb(row.cssGzip)}) | ${row.failing.join(", ") || "-"} |`,
  ),
  "",
];
const file = "BENCHMARKS.md";
const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
const apiSection = previous.includes("## API") ? previous.slice(previous.indexOf("## API")) : "";
writeFileSync(file, lines.join("\n") + (apiSection ? `\n${apiSection}` : ""));
console.log(`wrote ${file}`);
process.exit(0);
