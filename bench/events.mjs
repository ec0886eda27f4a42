// `npm run bench:events`: the site's analytics under load. On PostgreSQL,
// POST /api/events (batches of BENCH_BATCH events from many visitors) paced at
// the 2,000 events/s goal and saturated, and POST /api/applications' latency
// at a steady rate with and without that load beside it. Then the dashboard's
// queries over 1,000,000 bulk-seeded events on PostgreSQL and PGlite
// (bench/events-queries.ts). Writes the "## Events" section of BENCHMARKS.md.
//
// Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// fresh schemas are made and dropped), BENCH_DURATION_S (15), BENCH_CONNECTIONS (16),
// BENCH_BATCH (10), BENCH_APP_RATE (20 applications/s), BENCH_EVENTS (1000000),
// BENCH_PORT (4431), BENCH_ONLY=ingest|queries.
import { cpus, loadavg, totalmem } from "node:os";
import { freshSchema, serverBench } from "./lib/bench-server.mjs";
import { f0, f1, packageVersion as version, writeBenchmarksSection } from "./lib/report.mjs";
import { eventsBatch, loadInProcess } from "./lib/event-load.mjs";

const DURATION = Number(process.env.BENCH_DURATION_S ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);
const APP_RATE = Number(process.env.BENCH_APP_RATE ?? 20);
const GOAL_EVENTS = 2000;
// Paced a little above the goal: autocannon's pacing lands a fraction under its target.
const PACED_EVENTS = GOAL_EVENTS * 1.05;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ONLY = process.env.BENCH_ONLY;

const bench = await serverBench("events", {
  name: "harborline-bench-events",
  entries: { queries: "bench/events-queries.ts" },
  port: 4431,
  env: { ANALYTICS_RATE_LIMIT_MAX: "10000000" },
});
const { log, startServer } = bench;

const bodies = { eventsBody: JSON.stringify(eventsBatch(BATCH)), application: bench.sampleApplication };
/** One load of `kind` ("events" or "applications"); each in its own process, so loads side by side do not skew each other. */
const load = (kind, { duration, rate, connections = CONNECTIONS }) =>
  loadInProcess({ port: bench.port, kind, duration, rate, connections, bodies });

async function ingestion() {
  const db = await freshSchema();
  const server = await startServer({ DATABASE_URL: db.url });
  try {
    const load0 = loadavg()[0];
    await load("events", { duration: 3 }); // warm-up (JIT, connection pool)
    await load("applications", { duration: 2, rate: APP_RATE, connections: 4 });
    log(`applications alone at ${APP_RATE}/s, ${DURATION} s`);
    const appsAlone = await load("applications", { duration: DURATION, rate: APP_RATE, connections: 4 });
    log(`events paced at ${PACED_EVENTS}/s (${PACED_EVENTS / BATCH} requests/s), ${DURATION} s`);
    const paced = await load("events", { duration: DURATION, rate: PACED_EVENTS / BATCH });
    log(`the same with applications at ${APP_RATE}/s beside it, ${DURATION} s`);
    const [pacedBeside, appsBeside] = await Promise.all([
      load("events", { duration: DURATION, rate: PACED_EVENTS / BATCH }),
      load("applications", { duration: DURATION, rate: APP_RATE, connections: 4 }),
    ]);
    log(`events saturated, ${CONNECTIONS} connections, ${DURATION} s`);
    const before = await db.count("SELECT count(*) AS n FROM $schema.analytics_events");
    const saturated = await load("events", { duration: DURATION });
    // Everything answered 202 is in the store a second later.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const stored = (await db.count("SELECT count(*) AS n FROM $schema.analytics_events")) - before;
    return {
      version: db.version,
      appsAlone,
      paced,
      pacedBeside,
      appsBeside,
      saturated,
      stored,
      load: [load0, loadavg()[0]],
    };
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await db.drop();
  }
}

const queries = (env) => bench.runEntry("queries", { ...env, BENCH_EVENTS: String(EVENTS) });

async function measureQueries() {
  const results = [];
  const db = await freshSchema();
  try {
    log(`queries on PostgreSQL over ${EVENTS.toLocaleString("en-US")} events`);
    results.push({ ...queries({ DATABASE_URL: db.url }), load: loadavg()[0] });
  } finally {
    await db.drop();
  }
  log(`queries on PGlite over ${EVENTS.toLocaleString("en-US")} events`);
  results.push({ ...queries({}), load: loadavg()[0] });
  return results;
}

const startLoad = loadavg()[0];
const ingest = ONLY === "queries" ? undefined : await ingestion();
const dashboards = ONLY === "ingest" ? [] : await measureQueries();

// ---------------------------------------------------------------------------
// BENCHMARKS.md

const met = (ok) => (ok ? "met" : "missed");
const cpu = cpus()[0]?.model ?? "unknown CPU";
const lines = [
  "## Events",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:events\` (bench/events.mjs, bench/events-queries.ts) on ${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, fastify ${version("fastify")}, PGlite ${version("@electric-sql/pglite")}, pg ${version("pg")}${ingest ? `, PostgreSQL ${ingest.version}` : ""}, autocannon ${version("autocannon")}. The machine is shared: 1-minute load average ${startLoad.toFixed(1)} when the run started.${ingest ? ` Ingestion (PostgreSQL): \`POST /api/events\`, ${BATCH} events per request, a new visitor (user agent) per request, server in its own process with its production logger; applications at ${APP_RATE}/s on 4 connections. Latencies in ms.` : ""}`,
  "",
];
if (ingest) {
  const { appsAlone, paced, pacedBeside, appsBeside, saturated, stored } = ingest;
  const pacedEvents = paced.perSecond * BATCH;
  lines.push(
    "| run | events/s answered 202 | p50 / p99 | non-2xx / errors |",
    "| --- | --- | --- | --- |",
    `| events paced at ${f0(PACED_EVENTS)}/s | ${f0(pacedEvents)} | ${f1(paced.p50)} / ${f1(paced.p99)} | ${paced.non2xx} / ${paced.errors} |`,
    `| events paced at ${f0(PACED_EVENTS)}/s, applications beside | ${f0(pacedBeside.perSecond * BATCH)} | ${f1(pacedBeside.p50)} / ${f1(pacedBeside.p99)} | ${pacedBeside.non2xx} / ${pacedBeside.errors} |`,
    `| events saturated (${CONNECTIONS} connections) | ${f0(saturated.perSecond * BATCH)} | ${f1(saturated.p50)} / ${f1(saturated.p99)} | ${saturated.non2xx} / ${saturated.errors} |`,
    `| applications alone (${APP_RATE}/s) | - | ${f1(appsAlone.p50)} / ${f1(appsAlone.p99)} | ${appsAlone.non2xx} / ${appsAlone.errors} |`,
    `| applications beside ${f0(PACED_EVENTS)} events/s | - | ${f1(appsBeside.p50)} / ${f1(appsBeside.p99)} | ${appsBeside.non2xx} / ${appsBeside.errors} |`,
    "",
    `- Goal at least ${f0(GOAL_EVENTS)} events/s with p99 under 50 ms: ${met(pacedEvents >= GOAL_EVENTS && paced.p99 < 50)} (paced run: ${f0(pacedEvents)} events/s, p99 ${f1(paced.p99)} ms; with applications beside it p99 ${f1(pacedBeside.p99)} ms); the saturated run shows the headroom.`,
    ...(paced.p99 >= 50 && appsAlone.p99 >= 40
      ? [
          `- Why the tail: on this shared machine the application endpoint alone, at only ${APP_RATE} requests/s, has a p99 of ${f1(appsAlone.p99)} ms; the slowest 1% is CPU queueing behind other work (2 cores, the load average below), not the ingestion path, which answers ${f0(saturated.perSecond * BATCH)} events/s when saturated.`,
        ]
      : []),
    `- The application endpoint beside that load: p50 / p99 ${f1(appsAlone.p50)} / ${f1(appsAlone.p99)} ms alone, ${f1(appsBeside.p50)} / ${f1(appsBeside.p99)} ms beside it (goal: unchanged; ${appsBeside.p50 - appsAlone.p50 <= 1 && appsBeside.p99 - appsAlone.p99 <= 5 ? "met" : `missed by ${f1(appsBeside.p50 - appsAlone.p50)} ms at p50 and ${f1(appsBeside.p99 - appsAlone.p99)} ms at p99`}). Nothing on an application's path waits for analytics (server/analytics/flood.test.ts shows it with the events' writes held back); what is left is the server, PostgreSQL and both load generators sharing two cores. ${appsBeside.p99 < 50 ? "Beside it, its p99 stays under the application endpoint's own goal of 50 ms." : `Beside it, its p99 (${f1(appsBeside.p99)} ms) is over the application endpoint's own goal of 50 ms.`}`,
    `- Stored: ${stored >= saturated.ok * BATCH ? "all" : `only ${f0(stored)} of the`} ${f0(saturated.ok * BATCH)} events the saturated run had answered 202 were in the store 2.5 s later${stored > saturated.ok * BATCH ? ` (with ${f0(stored - saturated.ok * BATCH)} more sent as the run ended)` : ""}; the buffer writes one insert per batch of up to 2,000 every second. Load average (1 min) ${ingest.load.map((n) => n.toFixed(1)).join(" → ")} over the ingestion runs.`,
    "",
  );
}
if (dashboards.length) {
  const rows = dashboards.map(
    (d) =>
      `| ${d.engine === "postgres" ? "PostgreSQL" : "PGlite"} | ${f0(d.events)} | ${f0(d.seedMs)} | ${d.rolledDays} × ${f0(d.rollMsPerDay)} | ${f0(d.full.p50)} / ${f0(d.full.p95)} | ${f0(d.bySource.p50)} / ${f0(d.bySource.p95)} | ${f0(d.byCampaign.p50)} / ${f0(d.byCampaign.p95)} | ${f0(d.live.p50)} / ${f0(d.live.p95)} | ${d.load.toFixed(1)} |`,
  );
  const goal = (d) => (d.engine === "postgres" ? 300 : 1000);
  lines.push(
    `Dashboard queries over ${f0(EVENTS)} events seeded in one SQL statement across 30 days (five events per visitor, a third into the wizard), ${dashboards[0].full.runs} timed runs after one warm-up, in ms (p50 / p95). "30 days" is \`GET /api/desk/analytics\`'s report for the last 30 days: the roll-ups of the days before today and today counted live (the server's hourly upkeep keeps the roll-ups; here they are made first, timed per day). "All raw" is the same report with nothing rolled up (30 days counted live, the worst case; fewer runs).`,
    "",
    "| store | events | seed ms | roll-up: days × ms | 30 days | source filter | campaign filter | all raw | load avg |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    `- ${dashboards
      .map((d) => {
        const worst = Math.max(d.full.p95, d.bySource.p95, d.byCampaign.p95);
        return `${d.engine === "postgres" ? "PostgreSQL" : "PGlite"}: goal p95 under ${goal(d)} ms: ${met(worst < goal(d))} (worst of the three: ${f0(worst)} ms)`;
      })
      .join("; ")}.`,
    "",
  );
}
const section = lines.join("\n");
writeBenchmarksSection(section);
bench.remove();
log("wrote BENCHMARKS.md");
console.log(`\n${section}`);
