// `npm run bench:live`: how soon a new application appears in a signed-in
// browser on another instance. Two servers (the built desk, one PostgreSQL
// schema) on BENCH_PORT and the port after it; a staff member signed in over
// HTTP and on duty (the applications are theirs), whose session cookie goes
// into headless Chromium, on the first instance's inbox; then BENCH_RUNS applications (after two for warming up)
// submitted to the second, one every BENCH_GAP_MS. Each run's time is from
// the second instance's `201` reaching the submitter to the application's
// company name appearing in the first instance's page (a MutationObserver in
// the page notes the moment; one clock, one machine). Writes the "## Live
// inbox" section of BENCHMARKS.md.
//
// Needs a build (`npm run build`: the desk is served from build/desk).
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// a fresh schema is made and dropped), BENCH_RUNS (20), BENCH_GAP_MS (1500),
// BENCH_PORT (4441, and 4442), CHROME_PATH (/usr/bin/chromium),
// BENCH_SCREENSHOTS=<dir> (also saves the inbox at 1440 and 390 px wide there).
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { TOTP } from "otpauth";
import { chromium } from "playwright-core";
import { ROOT } from "../scripts/lib/bundle-server.mjs";
import { chromiumArgs, chromiumPath } from "../scripts/lib/chromium.mjs";
import { benchServerEnv, bundleBench, freshSchema, startBenchServer } from "./lib/bench-server.mjs";
import { f0, packageVersion as version, writeBenchmarksSection } from "./lib/report.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARM_UP = 2;
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 1500);
const PORT = Number(process.env.BENCH_PORT ?? 4441);
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
const log = (...args) => console.log("[bench:live]", ...args);

if (!existsSync(join(ROOT, "build", "desk", "index.html"))) {
  console.error("[bench:live] the desk is not built: run `npm run build` first");
  process.exit(1);
}

const bench = await bundleBench("harborline-bench-live", {
  postgres: "server/store/postgres.ts",
  migrate: "server/store/migrate.ts",
  invitations: "server/staff/invitation-repository.ts",
});
const load = (name) => import(pathToFileURL(join(bench.outDir, `${name}.mjs`)).href);
const { openPostgresStore } = await load("postgres");
const { migrate } = await load("migrate");
const { createInvitations } = await load("invitations");

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cookiePairs = (response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "");

/**
 * A staff member invited in the store, then enrolled over HTTP (password,
 * authenticator code) and put on duty: the session's cookies.
 */
async function signedInStaff(url, base) {
  const store = await openPostgresStore({ connectionString: url, max: 1 });
  let token;
  try {
    await migrate(store);
    const invitation = await createInvitations({ store, siteUrl: base, ttlMs: 3_600_000 }).create({
      purpose: "invite",
      email: `live-bench-${randomUUID().slice(0, 8)}@example.test`,
      role: "staff",
    });
    token = invitation.url.split("/").pop();
  } finally {
    await store.close();
  }
  const headers = { "content-type": "application/json", origin: base };
  const accepted = await fetch(`${base}/api/desk/invitations/${token}/accept`, {
    method: "POST",
    headers,
    body: JSON.stringify({ password: `live bench ${randomUUID()}` }),
  });
  if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
  const { secret } = (await accepted.json()).enrolment;
  const confirmed = await fetch(`${base}/api/desk/enrolment/confirm`, {
    method: "POST",
    headers: { ...headers, cookie: cookiePairs(accepted).join("; ") },
    body: JSON.stringify({ code: new TOTP({ secret, digits: 6, period: 30 }).generate() }),
  });
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  // On duty: the new applications are theirs, in the inbox's own view ("Mine").
  const duty = await fetch(`${base}/api/desk/me/duty`, {
    method: "PATCH",
    headers: { ...headers, cookie: cookiePairs(confirmed).join("; ") },
    body: JSON.stringify({ onDuty: true }),
  });
  if (duty.status !== 200) throw new Error(`duty: ${duty.status} ${await duty.text()}`);
  return cookiePairs(confirmed).map((pair) => {
    const at = pair.indexOf("=");
    return {
      name: pair.slice(0, at),
      value: pair.slice(at + 1),
      url: base,
      httpOnly: true,
      sameSite: "Strict",
    };
  });
}

/** Submits one application to `base`; resolves to Date.now() when its 201 arrived. */
async function submit(base, companyName) {
  const response = await fetch(`${base}/api/applications`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "LiveBench/1.0" },
    body: JSON.stringify({
      ...bench.sampleApplication,
      companyName,
      email: `${randomUUID()}@live-bench.example`,
      submissionId: randomUUID(),
    }),
  });
  const at = Date.now();
  if (response.status !== 201) throw new Error(`submit: ${response.status} ${await response.text()}`);
  return at;
}

/** Arms the page to note (Date.now()) when `text` first appears in it. */
function watchFor(page, text) {
  return page.evaluate((wanted) => {
    window.__liveBenchSeen = new Promise((resolve) => {
      const seen = () => document.body.textContent.includes(wanted);
      if (seen()) return resolve(Date.now());
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        resolve(Date.now());
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, text);
}

const seenAt = (page, timeoutMs = 15_000) =>
  page.evaluate(
    (ms) =>
      Promise.race([
        window.__liveBenchSeen,
        new Promise((_, reject) => setTimeout(() => reject(new Error("not shown in time")), ms)),
      ]),
    timeoutMs,
  );

async function screenshots(page, second) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const shot = (name) => page.screenshot({ path: join(SCREENSHOTS, `live-${name}.png`) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(300);
  await shot("1440-inbox");
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.mouse.wheel(0, 10);
  await submit(second, `Scrolled ${randomUUID().slice(0, 6)}`);
  await page.getByRole("button", { name: /new application/ }).waitFor();
  await shot("1440-scrolled");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
  await sleep(500);
  await shot("390-inbox");
  await page.getByRole("button", { name: "Menu" }).click();
  await shot("390-menu");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.mouse.wheel(0, 10);
  await submit(second, `Phone ${randomUUID().slice(0, 6)}`);
  await page.getByRole("button", { name: /new application/ }).waitFor();
  await shot("390-scrolled");
  log(`screenshots in ${SCREENSHOTS}`);
}

const schema = await freshSchema();
const first = `http://127.0.0.1:${PORT}`;
const second = `http://127.0.0.1:${PORT + 1}`;
const servers = [];
let browser;
const latencies = [];
const loadBefore = loadavg()[0];
try {
  // The desk comes from build/desk (DESK_DIR's default); the site's pages are not needed.
  const env = { ...benchServerEnv, DATABASE_URL: schema.url, LOG_LEVEL: "warn" };
  servers.push(await startBenchServer(bench.outDir, { port: PORT, env: { ...env, SITE_URL: first } }));
  servers.push(await startBenchServer(bench.outDir, { port: PORT + 1, env: { ...env, SITE_URL: second } }));
  const cookies = await signedInStaff(schema.url, first);

  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/desk/live"));
  await page.goto(`${first}/desk/inbox`);
  await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
  if ((await stream).status() !== 200) throw new Error("the live stream was refused");
  log(`signed in on ${first}, submitting to ${second}`);

  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const company = `Live ${run + 1} ${randomUUID().slice(0, 8)}`;
    await watchFor(page, company);
    const at201 = await submit(second, company);
    const ms = (await seenAt(page)) - at201;
    if (run >= WARM_UP) latencies.push(ms);
    log(`${run < WARM_UP ? "warm-up" : `run ${run - WARM_UP + 1}`}: ${ms} ms`);
    await sleep(GAP_MS);
  }
  if (SCREENSHOTS) await screenshots(page, second);
} finally {
  await browser?.close();
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
  await schema.drop();
  bench.remove();
}

const median = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
log(`median ${median} ms, p95 ${p95} ms, min ${Math.min(...latencies)} ms, max ${Math.max(...latencies)} ms`);

writeBenchmarksSection(`## Live inbox

\`flock /tmp/e2e.lock npm run bench:live\` (after \`npm run build\`), ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${f0(totalmem() / 2 ** 30)} GiB, load ${loadBefore.toFixed(1)} before the run (a machine shared with other work), Node ${process.versions.node}, PostgreSQL ${schema.version}, Chromium (${chromiumPath}) through playwright-core ${version("playwright-core")}.

Two server instances on one PostgreSQL schema. A staff member is signed in on the first and on duty (each application is assigned to them at intake), their inbox open in headless Chromium (1440 × 900, at the top of the first page). ${RUNS} applications (after ${WARM_UP} for warming up) are submitted to the second instance, one every ${GAP_MS / 1000} s. Each time is from the second instance's \`201\` reaching the submitter to the application's row appearing in the first instance's page (noted in the page by a MutationObserver):

| runs | median | p95 | fastest | slowest |
| ---: | -----: | --: | ------: | ------: |
| ${RUNS} | ${f0(median)} ms | ${f0(p95)} ms | ${f0(Math.min(...latencies))} ms | ${f0(Math.max(...latencies))} ms |

`);
log("BENCHMARKS.md updated");
