/**
 * The analytics dashboard's queries over a bulk-seeded store, for
 * `npm run bench:events`: seeds BENCH_EVENTS events (1,000,000) over 30 days
 * with one SQL statement, rolls up the final days (timed), then times the
 * dashboard's report for the 30 days (roll-ups plus the live last days),
 * narrowed to a source and to a campaign, and the same aggregation run live
 * over all 30 days of raw events (the worst case: nothing rolled up).
 * Prints one JSON line.
 */
import { openPGliteStore } from "../server/store/pglite";
import { openPostgresStore } from "../server/store/postgres";
import { migrate } from "../server/store/migrate";
import type { Store } from "../server/store/store";
import { analyticsReport } from "../server/analytics/dashboard";
import { PRODUCT_PATHS } from "../server/analytics/plugin";
import { addDays, MAX_DAYS_PER_RUN, rollUp } from "../server/analytics/rollups";
import { utcDay } from "../server/analytics/visitor";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 20);
const DAYS = 30;
const url = process.env.DATABASE_URL;

const store: Store = url
  ? await openPostgresStore({ connectionString: url, max: 4 })
  : await openPGliteStore();
await migrate(store);

const now = new Date();
const today = utcDay(now);
const first = addDays(today, -(DAYS - 1));

// Five events per visitor, a visitor's day from its number (not from the same
// remainders that pick what it does, so every day has all kinds): page views, a third
// of visitors into the wizard (step 1 viewed, half complete it, a quarter step
// 2), some accepted applications, validation errors and intents, over eight
// pages, a few sources and campaigns and three kinds of device.
const PER_VISITOR = 5;
const SEED = `
INSERT INTO analytics_events (at, name, visitor_key, path, prev_path, referrer_host, utm_source, utm_medium,
                              utm_campaign, device, step, field, code, application_id)
SELECT $2::timestamptz + (((v / 3) % ${DAYS}) || ' days')::interval + (((v * 7919) % 80000) || ' seconds')::interval
         + ((i % ${PER_VISITOR}) * 40 || ' seconds')::interval,
       kind,
       CASE WHEN v % 97 = 0 THEN NULL ELSE v END,
       (ARRAY['/', '/faq', '/products/growth-capital', '/products/sba-loans', '/products/bridge-funding',
              '/privacy-policy', '/', '/'])[v % 8 + 1],
       CASE WHEN kind = 'step_viewed' AND v % 6 = 0 THEN '/products/growth-capital' END,
       CASE WHEN kind = 'pageview' AND v % 5 = 2 THEN 'www.google.com' WHEN kind = 'pageview' AND v % 5 = 3 THEN 'www.bing.com' END,
       CASE WHEN kind = 'pageview' AND v % 5 = 0 THEN 'newsletter' WHEN kind = 'pageview' AND v % 5 = 1 THEN 'partner' END,
       CASE WHEN kind = 'pageview' AND v % 5 < 2 THEN 'email' END,
       CASE WHEN kind = 'pageview' AND v % 5 < 2 THEN (ARRAY['spring', 'summer', 'autumn'])[v % 3 + 1] END,
       (ARRAY['mobile', 'desktop', 'desktop', 'tablet'])[v % 4 + 1],
       CASE kind WHEN 'step_viewed' THEN 1 WHEN 'step_completed' THEN (i % ${PER_VISITOR} - 1)::smallint END,
       CASE WHEN kind = 'field_error' THEN (ARRAY['email', 'phone', 'companyName'])[v % 3 + 1] END,
       CASE WHEN kind = 'field_error' THEN (ARRAY['invalid_format', 'too_small'])[v % 2 + 1] END,
       CASE WHEN kind = 'application_accepted' THEN gen_random_uuid() END
  FROM (
    SELECT i, v,
           CASE
             WHEN i % ${PER_VISITOR} = 0 OR v % 3 <> 0 THEN
               CASE WHEN i % ${PER_VISITOR} = 4 AND v % 13 = 0 THEN 'consultation_opened' ELSE 'pageview' END
             WHEN i % ${PER_VISITOR} = 1 THEN 'step_viewed'
             WHEN i % ${PER_VISITOR} = 2 AND v % 2 = 0 THEN 'step_completed'
             WHEN i % ${PER_VISITOR} = 3 AND v % 4 = 0 THEN 'step_completed'
             WHEN i % ${PER_VISITOR} = 4 AND v % 12 = 0 THEN 'application_accepted'
             WHEN v % 7 = 0 THEN 'field_error'
             ELSE 'pageview'
           END AS kind
      FROM (SELECT i, i / ${PER_VISITOR} AS v FROM generate_series(0, $1::bigint - 1) AS g(i)) AS numbered
  ) AS seed
 -- Stored in time order, as the server appends them.
 ORDER BY 1`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await work();
  return [result, performance.now() - t0];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function series(work: () => Promise<unknown>, runs = RUNS, warmUp = true) {
  if (warmUp) await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push((await timed(work))[1]);
  return { p50: percentile(times, 50), p95: percentile(times, 95), runs };
}

try {
  const [, seedMs] = await timed(() => store.query(SEED, [EVENTS, `${first}T00:00:00Z`]));
  await store.exec("ANALYZE analytics_events");

  // Nothing rolled up: the aggregation over 30 days of raw events, live.
  const range = { from: first, to: today };
  // (Seconds per run at a million events: two runs, no warm-up.)
  const live = await series(() => analyticsReport(store, range, PRODUCT_PATHS), 2, false);

  const rolledDays: string[] = [];
  const [, rollMs] = await timed(async () => {
    // Each run does at most MAX_DAYS_PER_RUN days (and always the days not final yet).
    for (;;) {
      const days = await rollUp(store, now, PRODUCT_PATHS);
      rolledDays.push(...days.filter((day) => !rolledDays.includes(day)));
      if (days.length < MAX_DAYS_PER_RUN) break;
    }
  });
  const report = await analyticsReport(store, range, PRODUCT_PATHS);
  const full = await series(() => analyticsReport(store, range, PRODUCT_PATHS));
  const bySource = await series(() =>
    analyticsReport(store, { ...range, source: "newsletter" }, PRODUCT_PATHS),
  );
  const byCampaign = await series(() =>
    analyticsReport(store, { ...range, campaign: "spring" }, PRODUCT_PATHS),
  );
  const { rows } = await store.query<{ n: string | number }>(
    "SELECT count(*)::int AS n FROM analytics_events",
  );
  console.log(
    JSON.stringify({
      engine: store.engine,
      events: Number(rows[0].n),
      seedMs,
      rolledDays: rolledDays.length,
      rollMsPerDay: rollMs / Math.max(1, rolledDays.length),
      liveDays: DAYS - rolledDays.length,
      visitors: report.totals.visitors,
      pageviews: report.totals.pageviews,
      full,
      bySource,
      byCampaign,
      live,
    }),
  );
} finally {
  await store.close();
}
