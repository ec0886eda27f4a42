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
 * the day; an event without a key (GPC) keeps its own.
 */

/** Names of the SQL parameters the caller binds (e.g. "$1"). */
export interface AggregateParams {
  /** The range, [from, to), timestamptz. */
  from: string;
  to: string;
  /** text[]: the product pages' paths (a step-1 view from one is "product to application"). */
  productPaths: string;
}

/** A server outcome may be recorded this much before the browser's own record of the click that caused it. */
const CROSS_CLOCK_SLACK = "interval '1 minute'";

const dayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/** Each funnel step: the visitors who did `where` at or after the previous step. */
function funnelStep(name: string, previous: string, where: string, slack = "") {
  return `${name} AS (
    SELECT e.visitor_key, min(e.at) AS at
      FROM ev e JOIN ${previous} p ON p.visitor_key = e.visitor_key AND e.at >= p.at${slack}
     WHERE ${where}
     GROUP BY e.visitor_key)`;
}

export function aggregateSql({ from, to, productPaths }: AggregateParams): string {
  return `
  WITH ev AS MATERIALIZED (
    SELECT * FROM analytics_events WHERE at >= ${from} AND at < ${to}
  ),
  visitor AS (
    SELECT DISTINCT ON (visitor_key)
           visitor_key, ${dayOf("at")} AS day,
           coalesce(utm_source, referrer_host, '') AS source,
           coalesce(utm_campaign, '') AS campaign,
           coalesce(device, '') AS device,
           name = 'pageview' AS viewed
      FROM ev
     WHERE visitor_key IS NOT NULL
     ORDER BY visitor_key, name <> 'pageview', at, id
  ),
  attributed AS (
    SELECT e.name, e.step, e.field, e.code, e.path, e.prev_path, e.visitor_key, e.application_id,
           coalesce(v.day, ${dayOf("e.at")}) AS day,
           coalesce(v.source, e.utm_source, e.referrer_host, '') AS source,
           coalesce(v.campaign, e.utm_campaign, '') AS campaign
      FROM ev e LEFT JOIN visitor v ON v.visitor_key = e.visitor_key
  ),
  f1 AS (
    SELECT visitor_key, min(at) AS at FROM ev
     WHERE name = 'step_viewed' AND step = 1 AND visitor_key IS NOT NULL
     GROUP BY visitor_key),
  ${funnelStep("f2", "f1", "e.name = 'step_completed' AND e.step = 1")},
  ${funnelStep("f3", "f2", "e.name = 'step_completed' AND e.step = 2")},
  ${funnelStep("f4", "f3", "e.name = 'step_completed' AND e.step = 3")},
  ${funnelStep("f5", "f4", "e.name = 'step_completed' AND e.step = 4")},
  ${funnelStep("f6", "f5", "e.name = 'application_accepted'", ` - ${CROSS_CLOCK_SLACK}`)},
  ${funnelStep("f7", "f6", "e.name = 'application_accepted' AND crm_received(e.application_id)")},
  funnel AS (
    SELECT 'step1_viewed' AS step, visitor_key FROM f1
    UNION ALL SELECT 'step1_completed', visitor_key FROM f2
    UNION ALL SELECT 'step2_completed', visitor_key FROM f3
    UNION ALL SELECT 'step3_completed', visitor_key FROM f4
    UNION ALL SELECT 'submitted', visitor_key FROM f5
    UNION ALL SELECT 'accepted', visitor_key FROM f6
    UNION ALL SELECT 'delivered', visitor_key FROM f7
  )
  SELECT day, source, campaign, 'visitors' AS metric, '' AS dimension, count(*) AS value
    FROM visitor WHERE viewed GROUP BY day, source, campaign
  UNION ALL
  SELECT day, source, campaign, 'devices', device, count(*)
    FROM visitor WHERE viewed GROUP BY day, source, campaign, device
  UNION ALL
  SELECT day, source, campaign, 'pageviews', coalesce(path, ''), count(*)
    FROM attributed WHERE name = 'pageview' GROUP BY day, source, campaign, path
  UNION ALL
  SELECT v.day, v.source, v.campaign, 'funnel', f.step, count(DISTINCT f.visitor_key)
    FROM funnel f JOIN visitor v ON v.visitor_key = f.visitor_key
   GROUP BY v.day, v.source, v.campaign, f.step
  UNION ALL
  SELECT day, source, campaign, 'events', name, count(*)
    FROM attributed
   WHERE name IN ('submit_pressed', 'consultation_opened', 'booking_loaded', 'newsletter_subscribed',
                  'application_accepted', 'application_spam', 'application_duplicate', 'application_rejected')
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
