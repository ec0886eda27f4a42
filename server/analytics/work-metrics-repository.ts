/**
 * The speed-to-lead figures, from the store alone: over the applications
 * received (not quarantined) in a range of instants, how the review clock
 * went (the time to first touch, the share touched by the deadline) in all,
 * by owner, by funding type and by week of the provider's zone, in one
 * query (grouping sets); and the funnel past CRM delivery in another. Both
 * read each application of the range once (by the created_at index for a
 * short range); the funnel reads the status history of the closed ones only.
 * The same SQL on PGlite and PostgreSQL.
 */
import { fundingTypeOptions } from "#domain/application/schema";
import {
  WORK_FUNNEL_STEPS,
  type Owner,
  type ReviewWindowFigures,
  type WorkFunnelStep,
  type WorkMetrics,
} from "#domain/desk/contract";
import { CLOSE_REASON_LABELS, WORK_RANK, WORK_STATUS_LABELS, type WorkStatus } from "#domain/desk/work";
import type { Store } from "../store/store";

export interface MetricsRange {
  /** The first instant (inclusive) and the end (exclusive), ISO. */
  since: string;
  before: string;
  /** The provider's zone: weeks start on its Mondays. */
  timeZone: string;
  /** What counts as past due for an untouched one. */
  now: Date;
}

type Figures = Omit<WorkMetrics, "from" | "to" | "timeZone" | "funnel" | "fundedAmount">;
type Funnel = Pick<WorkMetrics, "funnel" | "fundedAmount">;

interface WindowRow {
  dimension: "all" | "owner" | "product" | "week";
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  funding_type: string | null;
  week: string | null;
  applications: number;
  touched: number;
  within_window: number;
  late: number;
  median_ms: number | string | null;
}

/**
 * How far along a work status is, as SQL (WORK_RANK). Closed counts as a
 * rank only when funded: a closed application got as far as the statuses it
 * had before, which its history holds.
 */
function rankSql(status: string, closeReason: string): string {
  const ranks = (Object.entries(WORK_RANK) as [WorkStatus, number][])
    .filter(([name]) => name !== "closed")
    .map(([name, rank]) => `WHEN '${name}' THEN ${rank}`)
    .join(" ");
  return `CASE WHEN ${status} = 'closed' THEN CASE WHEN ${closeReason} = 'funded' THEN ${WORK_RANK.closed} ELSE 0 END
               ELSE CASE ${status} ${ranks} ELSE 0 END END`;
}

/** `alias` is an application received (not quarantined) in the range ($1 to $2). */
const receivedIn = (alias: string) =>
  `${alias}.status = 'received' AND ${alias}.created_at >= $1::timestamptz AND ${alias}.created_at < $2::timestamptz`;

// Each application is reduced to a narrow row first (the four groupings sort it in turn).
const WINDOW_SQL = `
  WITH r AS (
    SELECT a.owner_id, a.funding_type,
           date_trunc('week', a.created_at AT TIME ZONE $3::text)::date AS week,
           extract(epoch FROM a.first_touched_at - a.created_at)::float8 AS touch_seconds,
           a.first_touched_at <= a.review_due_at AS within_window,
           a.first_touched_at > a.review_due_at
             OR (a.first_touched_at IS NULL AND a.review_due_at <= $4::timestamptz) AS late
      FROM applications a
     WHERE ${receivedIn("a")}
  ), g AS (
    SELECT CASE WHEN GROUPING(r.owner_id) = 0 THEN 'owner'
                WHEN GROUPING(r.funding_type) = 0 THEN 'product'
                WHEN GROUPING(r.week) = 0 THEN 'week'
                ELSE 'all' END AS dimension,
           r.owner_id, r.funding_type, r.week,
           count(*)::int AS applications,
           count(r.touch_seconds)::int AS touched,
           count(*) FILTER (WHERE r.within_window)::int AS within_window,
           count(*) FILTER (WHERE r.late)::int AS late,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY r.touch_seconds) * 1000) AS median_ms
      FROM r
     GROUP BY GROUPING SETS ((), (r.owner_id), (r.funding_type), (r.week))
  )
  SELECT g.dimension, g.owner_id, g.funding_type, to_char(g.week, 'YYYY-MM-DD') AS week,
         g.applications, g.touched, g.within_window, g.late, g.median_ms,
         u.name AS owner_name, u.email AS owner_email
    FROM g LEFT JOIN "desk_user" u ON u.id = g.owner_id`;

/**
 * How far each one got: its work status now (staff may set one back, as a
 * correction), except that one closed for another reason than funded got as
 * far as the furthest status in its history (status changes and CRM stage
 * reports). Only those are looked up in the history (one grouped join, so
 * the planner costs it for them alone, not as a look-up per application).
 */
const FUNNEL_SQL = `
  WITH reached AS (
    SELECT a.close_reason, a.funded_amount, o.status = 'delivered' AS delivered,
           CASE WHEN a.work_status = 'closed' AND a.close_reason <> 'funded' THEN coalesce(h.rank, 0)
                ELSE ${rankSql("a.work_status", "a.close_reason")} END AS rank
      FROM applications a
      LEFT JOIN outbox o ON o.application_id = a.id
      LEFT JOIN (
        SELECT act.application_id, max(${rankSql("act.work_status", "act.close_reason")}) AS rank
          FROM applications x
          JOIN application_activities act ON act.application_id = x.id AND act.work_status IS NOT NULL
         WHERE ${receivedIn("x")} AND x.work_status = 'closed' AND x.close_reason <> 'funded'
         GROUP BY act.application_id
      ) h ON h.application_id = a.id
     WHERE ${receivedIn("a")}
  )
  SELECT count(*)::int AS received,
         count(*) FILTER (WHERE delivered)::int AS delivered,
         count(*) FILTER (WHERE rank >= ${WORK_RANK.contacted})::int AS contacted,
         count(*) FILTER (WHERE rank >= ${WORK_RANK.qualified})::int AS qualified,
         count(*) FILTER (WHERE close_reason = 'funded')::int AS funded,
         coalesce(sum(funded_amount) FILTER (WHERE close_reason = 'funded'), 0)::text AS funded_amount
    FROM reached`;

const FUNNEL_LABELS: Record<WorkFunnelStep, string> = {
  received: "Received",
  delivered: "Delivered to the CRM",
  contacted: WORK_STATUS_LABELS.contacted,
  qualified: WORK_STATUS_LABELS.qualified,
  funded: CLOSE_REASON_LABELS.funded,
};

const productLabel = (value: string) =>
  fundingTypeOptions.find((option) => option.value === value)?.label ?? value;

const figures = (row: WindowRow | undefined): ReviewWindowFigures => ({
  applications: row?.applications ?? 0,
  touched: row?.touched ?? 0,
  withinWindow: row?.within_window ?? 0,
  late: row?.late ?? 0,
  medianFirstTouchMs: row?.median_ms === null || row?.median_ms === undefined ? null : Number(row.median_ms),
});

const DAY_MS = 86_400_000;

/** The Monday on or before `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** Every Monday from the week of `from` to the week of `to`. */
function weeksBetween(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let time = Date.parse(`${mondayOf(from)}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`);) {
    weeks.push(new Date(time).toISOString().slice(0, 10));
    time += 7 * DAY_MS;
  }
  return weeks;
}

export function createWorkMetricsRepository(store: Store) {
  return {
    /** The review clock's figures; `days` (from, to) lists every week of the range. */
    async reviewWindow(range: MetricsRange, days: { from: string; to: string }): Promise<Figures> {
      const { rows } = await store.query<WindowRow>(WINDOW_SQL, [
        range.since,
        range.before,
        range.timeZone,
        range.now.toISOString(),
      ]);
      const byDimension = (dimension: WindowRow["dimension"]) =>
        rows.filter((row) => row.dimension === dimension);
      const weeks = new Map(byDimension("week").map((row) => [row.week!, row]));
      const owner = (row: WindowRow): Owner | null =>
        row.owner_id ? { id: row.owner_id, name: row.owner_name ?? "", email: row.owner_email ?? "" } : null;
      return {
        totals: figures(byDimension("all")[0]),
        byOwner: byDimension("owner")
          .map((row) => ({ ...figures(row), owner: owner(row) }))
          .sort(
            (a, b) =>
              b.applications - a.applications ||
              (a.owner?.name ?? "\uffff").localeCompare(b.owner?.name ?? "\uffff"),
          ),
        byProduct: byDimension("product")
          .map((row) => ({
            ...figures(row),
            fundingType: row.funding_type!,
            label: productLabel(row.funding_type!),
          }))
          .sort((a, b) => b.applications - a.applications || a.label.localeCompare(b.label)),
        byWeek: weeksBetween(days.from, days.to).map((week) => ({ ...figures(weeks.get(week)), week })),
      };
    },

    /** Received → delivered → contacted → qualified → funded, and the funded amount. */
    async funnel(range: Pick<MetricsRange, "since" | "before">): Promise<Funnel> {
      const { rows } = await store.query<Record<WorkFunnelStep, number> & { funded_amount: string }>(
        FUNNEL_SQL,
        [range.since, range.before],
      );
      const counts = rows[0];
      const steps = WORK_FUNNEL_STEPS.map((step) => ({
        step,
        label: FUNNEL_LABELS[step],
        applications: counts[step],
      }));
      return {
        funnel: steps.map((row, index) => {
          // Each step is counted on its own: one can hold more than the step before (worked
          // before its CRM delivery, say), and then nothing was lost on the way to it.
          const before = steps[index - 1]?.applications;
          return {
            ...row,
            dropOff: before !== undefined && before >= row.applications ? before - row.applications : null,
          };
        }),
        fundedAmount: counts.funded_amount,
      };
    },
  };
}
