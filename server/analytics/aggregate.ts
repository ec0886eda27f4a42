/**
 * The one aggregation of raw events into daily counts, as rows of
 * (day, source, campaign, metric, dimension, value). The roll-up stores its
 * rows for a finished day; the dashboard runs it live for the days not
 * rolled up yet. Plain SQL that runs on PGlite and PostgreSQL alike.
 *
 * Metrics (dimension in brackets):
 *   visitors ('')            distinct visitor keys with a page view
 *   devices (device)         the same, by kind of device
 *   pageviews (path)         page views, GPC ones included
 *   funnel (step id)         visitors at each step of the application funnel
 *   events (name)            times each intent or server outcome happened;
 *                            'delivered': accepted applications the CRM got;
 *                            'product_to_application': visitors
 *   browser_errors / server_errors ('field:code')   validation errors
 *
 * A visitor's day, source and campaign are those of their first page view of
 * the day (their first event if they had none); an event without a key (GPC)
 * keeps its own.
 *
 * The funnel is sequential, one step per level as in Umami's funnel query,
 * but computed with window functions over each visitor's events in time
 * order instead of a join per step: a step counts when it happened at or
 * after the step before. The server's "accepted" may come up to a minute
 * before the browser's record of the click that sent it (two requests, two
 * routes), so it needs the submission no later than a minute after it.
 */

/**
 * Run first in the aggregation's transaction: it sorts a day's events by
 * visitor (a few MB for tens of thousands of events), which PostgreSQL's
 * default 4 MB would do in temporary files.
 */
export const SORT_IN_MEMORY = "SET LOCAL work_mem = '64MB'";

/** Names of the SQL parameters the caller binds (e.g. "$1"). */
export interface AggregateParams {
  /** The range, [from, to), timestamptz. */
  from: string;
  to: string;
  /** text[]: the product pages' paths (a step-1 view from one is "product to application"). */
  productPaths: string;
}

const dayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/** This visitor's value (from their first row), or the row's own without a key. */
const perVisitor = (own: string) =>
  `CASE WHEN visitor_key IS NULL THEN ${own} ELSE first_value(${own}) OVER first END`;

/** Everything up to this row's time, ties included, in this visitor's events. */
const UNTIL_NOW = "PARTITION BY visitor_key ORDER BY at RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";

/** Level n of the funnel: `done` marks a row that is this step, done after the step before. */
function level(name: string, from: string, done: string, frame = UNTIL_NOW) {
  return `${name} AS (
    SELECT *, ${done} AS done_${name}, bool_or(${done}) OVER (${frame}) AS after_${name} FROM ${from})`;
}

export function aggregateSql({ from, to, productPaths }: AggregateParams): string {
  return `
  WITH ev AS NOT MATERIALIZED (
    SELECT * FROM analytics_events WHERE at >= ${from} AND at < ${to}
  ),
  attributed AS MATERIALIZED (
    SELECT name, step, field, code, path, prev_path, visitor_key, application_id, at,
           ${perVisitor(dayOf("at"))} AS day,
           ${perVisitor("coalesce(utm_source, referrer_host, '')")} AS source,
           ${perVisitor("coalesce(utm_campaign, '')")} AS campaign,
           ${perVisitor("coalesce(device, '')")} AS device,
           visitor_key IS NOT NULL AND row_number() OVER first = 1 AS first_row,
           visitor_key IS NOT NULL AND first_value(name = 'pageview') OVER first AS viewed
      FROM ev
    WINDOW first AS (PARTITION BY visitor_key ORDER BY name <> 'pageview', at, id)
  ),
  steps AS (
    SELECT visitor_key, day, source, campaign, at, application_id, name, step
      FROM attributed
     WHERE visitor_key IS NOT NULL AND name IN ('step_viewed', 'step_completed', 'application_accepted')
  ),
  ${level("s1", "steps", "name = 'step_viewed' AND step = 1")},
  ${level("s2", "s1", "name = 'step_completed' AND step = 1 AND after_s1")},
  ${level("s3", "s2", "name = 'step_completed' AND step = 2 AND after_s2")},
  ${level("s4", "s3", "name = 'step_completed' AND step = 3 AND after_s3")},
  ${level(
    "s5",
    "s4",
    "name = 'step_completed' AND step = 4 AND after_s4",
    "PARTITION BY visitor_key ORDER BY at RANGE BETWEEN UNBOUNDED PRECEDING AND interval '1 minute' FOLLOWING",
  )},
  reached AS (
    SELECT day, source, campaign,
           bool_or(done_s1) AS step1_viewed,
           bool_or(done_s2) AS step1_completed,
           bool_or(done_s3) AS step2_completed,
           bool_or(done_s4) AS step3_completed,
           bool_or(done_s5) AS submitted,
           bool_or(name = 'application_accepted' AND after_s5) AS accepted,
           bool_or(name = 'application_accepted' AND after_s5 AND crm_received(application_id)) AS delivered
      FROM s5
     GROUP BY visitor_key, day, source, campaign
  )
  SELECT day, source, campaign, 'visitors' AS metric, '' AS dimension, count(*) AS value
    FROM attributed WHERE first_row AND viewed GROUP BY day, source, campaign
  UNION ALL
  SELECT day, source, campaign, 'devices', device, count(*)
    FROM attributed WHERE first_row AND viewed GROUP BY day, source, campaign, device
  UNION ALL
  SELECT day, source, campaign, 'pageviews', coalesce(path, ''), count(*)
    FROM attributed WHERE name = 'pageview' GROUP BY day, source, campaign, path
  UNION ALL
  SELECT r.day, r.source, r.campaign, 'funnel', s.step, count(*)
    FROM reached r
   CROSS JOIN LATERAL (VALUES ('step1_viewed', r.step1_viewed), ('step1_completed', r.step1_completed),
                              ('step2_completed', r.step2_completed), ('step3_completed', r.step3_completed),
                              ('submitted', r.submitted), ('accepted', r.accepted),
                              ('delivered', r.delivered)) AS s(step, yes)
   WHERE s.yes
   GROUP BY r.day, r.source, r.campaign, s.step
  UNION ALL
  SELECT day, source, campaign, 'events', name, count(*)
    FROM attributed
   WHERE name IN ('submit_pressed', 'consultation_opened', 'booking_loaded', 'newsletter_subscribed',
                  'application_accepted', 'application_quarantined', 'application_duplicate', 'application_rejected')
   GROUP BY day, source, campaign, name
  UNION ALL
  SELECT day, source, campaign, 'events', 'delivered', count(*)
    FROM attributed WHERE name = 'application_accepted' AND crm_received(application_id)
   GROUP BY day, source, campaign
  UNION ALL
  SELECT day, source, campaign, 'events', 'product_to_application', count(DISTINCT visitor_key)
    FROM attributed
   WHERE name = 'step_viewed' AND step = 1 AND visitor_key IS NOT NULL AND prev_path = ANY(${productPaths})
   GROUP BY day, source, campaign
  UNION ALL
  SELECT day, source, campaign,
         CASE name WHEN 'field_error' THEN 'browser_errors' ELSE 'server_errors' END,
         field || ':' || code, count(*)
    FROM attributed WHERE name IN ('field_error', 'server_field_error')
   GROUP BY day, source, campaign, name, field, code`;
}
