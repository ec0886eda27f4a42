/**
 * The dashboard's numbers for a range of UTC days: the stored roll-ups for
 * days already rolled up, and the same aggregation run live over the raw
 * events for the rest (the last few days), in one statement.
 */
import { DIRECT_SOURCE, FUNNEL_STEPS, INTENTS, OUTCOMES, type FunnelStep } from "#domain/analytics/events";
import type { AnalyticsReport } from "#domain/desk/contract";
import type { Queryable, Store } from "../store/store";
import { aggregateSql, SORT_IN_MEMORY } from "./aggregate";
import { addDays, dayStart, rolledThrough } from "./rollups";

export interface ReportQuery {
  /** "YYYY-MM-DD", both included. */
  from: string;
  to: string;
  /** A source as the report names it (DIRECT_SOURCE for none). */
  source?: string;
  campaign?: string;
}

export const TOP_PAGES = 10;
export const TOP_SOURCES = 10;
export const TOP_ERRORS = 20;
export const TOP_SOURCE_ROWS = 20;

interface Row {
  part: "day" | "source" | "total";
  a: string;
  b: string;
  value: number;
}

const toSource = (stored: string) => stored || DIRECT_SOURCE;
const fromSource = (shown: string) => (shown === DIRECT_SOURCE ? "" : shown);

function reportSql(live: boolean): string {
  // $1, $2: the range's days; $3, $4: source and campaign (NULL: any);
  // live only: $5, $6 the live part's [from, to), $7 the product pages.
  const rolledRows = `SELECT day, source, campaign, metric, dimension, value
      FROM analytics_daily WHERE day >= $1::date AND day <= $2::date`;
  const inRange = live
    ? `${rolledRows} AND day < ($5::timestamptz AT TIME ZONE 'UTC')::date
       UNION ALL
       SELECT day, source, campaign, metric, dimension, value FROM (${aggregateSql({
         from: "$5::timestamptz",
         to: "$6::timestamptz",
         productPaths: "$7::text[]",
       })}) AS live`
    : rolledRows;
  return `
  WITH rows_in_range AS (${inRange}),
  filtered AS (
    SELECT * FROM rows_in_range
     WHERE ($3::text IS NULL OR source = $3) AND ($4::text IS NULL OR campaign = $4)
  )
  SELECT 'day' AS part, day::text AS a, metric AS b, sum(value)::float8 AS value
    FROM filtered WHERE metric IN ('visitors', 'pageviews') GROUP BY day, metric
  UNION ALL
  SELECT 'source', source, metric || ':' || dimension, sum(value)::float8
    FROM filtered WHERE metric IN ('visitors', 'funnel') GROUP BY source, metric, dimension
  UNION ALL
  SELECT 'total', metric, dimension, sum(value)::float8
    FROM filtered GROUP BY metric, dimension`;
}

export async function analyticsReport(
  store: Pick<Store, "transaction">,
  query: ReportQuery,
  productPaths: readonly string[],
): Promise<AnalyticsReport> {
  return store.transaction(async (db) => {
    await db.query(SORT_IN_MEMORY);
    return report(db, query, productPaths);
  });
}

async function report(db: Queryable, query: ReportQuery, productPaths: readonly string[]) {
  const rolled = await rolledThrough(db);
  // Live from the first day in range that is not rolled up.
  const liveFrom = rolled && rolled >= query.from ? addDays(rolled, 1) : query.from;
  const end = addDays(query.to, 1);
  const live = liveFrom <= query.to;
  const filters = [
    query.from,
    query.to,
    query.source === undefined ? null : fromSource(query.source),
    query.campaign ?? null,
  ];
  const liveParams = live
    ? [dayStart(liveFrom).toISOString(), dayStart(end).toISOString(), productPaths]
    : [];
  const { rows } = await db.query<Row>(reportSql(live), [...filters, ...liveParams]);
  return shape(query, rows);
}

function shape(query: ReportQuery, rows: Row[]): AnalyticsReport {
  const total = (metric: string, dimension: string) =>
    rows.find((row) => row.part === "total" && row.a === metric && row.b === dimension)?.value ?? 0;
  const totals = (metric: string) => rows.filter((row) => row.part === "total" && row.a === metric);
  const byValue = <T extends { value: number }>(a: T, b: T) => b.value - a.value;

  const daily: AnalyticsReport["daily"] = [];
  for (let day = query.from; day <= query.to; day = addDays(day, 1)) {
    const of = (metric: string) =>
      rows.find((row) => row.part === "day" && row.a === day && row.b === metric)?.value ?? 0;
    daily.push({ day, visitors: of("visitors"), pageviews: of("pageviews") });
  }

  const funnel = FUNNEL_STEPS.map(({ id, label }) => ({ step: id, label, visitors: total("funnel", id) }));

  const sources = new Map<string, Record<string, number>>();
  for (const row of rows.filter((row) => row.part === "source")) {
    const counts = sources.get(row.a) ?? {};
    counts[row.b] = row.value;
    sources.set(row.a, counts);
  }
  const reached = (counts: Record<string, number>, step: FunnelStep) => counts[`funnel:${step}`] ?? 0;
  const bySource = [...sources]
    .map(([source, counts]) => {
      const visitors = counts["visitors:"] ?? 0;
      const accepted = reached(counts, "accepted");
      return {
        source: toSource(source),
        visitors,
        started: reached(counts, "step1_viewed"),
        submitted: reached(counts, "submitted"),
        accepted,
        delivered: reached(counts, "delivered"),
        conversion: visitors > 0 ? accepted / visitors : 0,
      };
    })
    .sort((a, b) => b.visitors - a.visitors || b.accepted - a.accepted || a.source.localeCompare(b.source))
    .slice(0, TOP_SOURCE_ROWS);

  const fieldErrors = [
    ...totals("browser_errors").map((row) => ({ side: "browser" as const, ...row })),
    ...totals("server_errors").map((row) => ({ side: "server" as const, ...row })),
  ]
    .sort(byValue)
    .slice(0, TOP_ERRORS)
    .map(({ side, b, value }) => {
      const [field, code] = b.split(":");
      return { side, field, code, count: value };
    });

  return {
    from: query.from,
    to: query.to,
    source: query.source ?? null,
    campaign: query.campaign ?? null,
    totals: {
      visitors: daily.reduce((sum, day) => sum + day.visitors, 0),
      pageviews: daily.reduce((sum, day) => sum + day.pageviews, 0),
    },
    daily,
    topPages: totals("pageviews")
      .sort(byValue)
      .slice(0, TOP_PAGES)
      .map((row) => ({ path: row.b, pageviews: row.value })),
    topSources: bySource
      .filter((row) => row.visitors > 0)
      .slice(0, TOP_SOURCES)
      .map(({ source, visitors }) => ({ source, visitors })),
    funnel: funnel.map((step, index) => ({
      ...step,
      dropOff: index === 0 ? null : funnel[index - 1].visitors - step.visitors,
    })),
    outcomes: OUTCOMES.map(({ id, label }) => ({ id, label, count: total("events", id) })),
    intents: INTENTS.map(({ id, label }) => ({ id, label, count: total("events", id) })),
    fieldErrors,
    bySource,
    devices: totals("devices")
      .sort(byValue)
      .map((row) => ({ device: row.b, visitors: row.value })),
  };
}
