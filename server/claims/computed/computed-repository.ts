/**
 * The computed claims' SQL (docs/claims.md, "Computed claims"): the samples
 * each figure is counted from (the review clock's and the decision clock's
 * columns, the CRM's funded reports, the ratings held), and the snapshots the
 * periodic job stores. What counts and how is #domain/claims/computed's; this
 * file only reads the period's rows.
 */
import {
  COMPUTED_FIGURE_IDS,
  type ClockSample,
  type ComputedFigureId,
  type ComputedResult,
  type FigureSamples,
  type FundedSample,
  type Verdict,
} from "#domain/claims/computed";
import { claimRecord } from "#domain/claims/register";
import { DECISION_CLOSE_REASONS } from "#domain/desk/work";
import { iso } from "../../store/row-values";
import type { Queryable } from "../../store/store";

/** A stored snapshot: the computation's answer, its id and when it was computed. */
export interface ClaimSnapshot extends ComputedResult {
  id: string;
  computedAt: string;
}

/** Received through the site and counted: not spam, not waiting in quarantine. */
const RECEIVED = "a.status = 'received' AND a.quarantined_at IS NULL";

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The review clock's cases received since `from`: each deadline and first touch. */
async function reviewSamples(db: Queryable, from: Date): Promise<ClockSample[]> {
  const { rows } = await db.query<{ due: unknown; met: unknown }>(
    `SELECT a.review_due_at AS due, a.first_touched_at AS met FROM applications a
      WHERE ${RECEIVED} AND a.review_due_at IS NOT NULL AND a.created_at >= $1::timestamptz`,
    [from.toISOString()],
  );
  return rows.map((row) => ({ dueAt: iso(row.due)!, metAt: iso(row.met) }));
}

/** The decision clock's cases complete since `from`: closed without a decision owes none. */
async function decisionSamples(db: Queryable, from: Date): Promise<ClockSample[]> {
  const { rows } = await db.query<{ due: unknown; met: unknown }>(
    `SELECT a.decision_due_at AS due, a.decided_at AS met FROM applications a
      WHERE ${RECEIVED} AND a.decision_due_at IS NOT NULL AND a.documents_complete_at >= $1::timestamptz
        AND NOT (a.work_status = 'closed' AND NOT (a.close_reason = ANY($2::text[])))`,
    [from.toISOString(), [...DECISION_CLOSE_REASONS]],
  );
  return rows.map((row) => ({ dueAt: iso(row.due)!, metAt: iso(row.met) }));
}

/** Applications closed as funded (the CRM's report, or staff) since `from` (null: every one). */
async function fundedSamples(db: Queryable, from: Date | null): Promise<FundedSample[]> {
  const { rows } = await db.query<{ received: unknown; funded: unknown; amount: unknown; company: string }>(
    `SELECT a.created_at AS received, a.decided_at AS funded, a.funded_amount AS amount, a.company_name AS company
       FROM applications a
      WHERE ${RECEIVED} AND a.work_status = 'closed' AND a.close_reason = 'funded' AND a.decided_at IS NOT NULL
        AND ($1::timestamptz IS NULL OR a.decided_at >= $1::timestamptz)`,
    [from?.toISOString() ?? null],
  );
  return rows.map((row) => ({
    receivedAt: iso(row.received)!,
    fundedAt: iso(row.funded)!,
    amount: num(row.amount),
    company: row.company,
  }));
}

/** Every rating held from `source`. */
async function ratingSamples(db: Queryable, source: string): Promise<number[]> {
  const { rows } = await db.query<{ rating: unknown }>("SELECT rating FROM claim_ratings WHERE source = $1", [
    source,
  ]);
  return rows.map((row) => Number(row.rating));
}

/** The source the average rating's claim names (the register's `source.name`). */
export const ratingSource = (): string => claimRecord("average-rating").source!.name;

/** One figure's samples for its period (`from`: the period's start, null for every record). */
export async function samplesFor(
  db: Queryable,
  figure: ComputedFigureId,
  from: Date | null,
): Promise<FigureSamples> {
  const since = from ?? new Date(0);
  switch (figure) {
    case "review-within-window":
      return { figure, samples: await reviewSamples(db, since) };
    case "decision-within-window":
      return { figure, samples: await decisionSamples(db, since) };
    case "application-to-funded":
    case "businesses-funded":
    case "amount-funded":
      return { figure, samples: await fundedSamples(db, from) };
    case "average-rating":
      return { figure, samples: await ratingSamples(db, ratingSource()) };
  }
}

interface SnapshotRow {
  id: unknown;
  figure: ComputedFigureId;
  value: unknown;
  n: unknown;
  median: unknown;
  period_start: unknown;
  period_end: unknown;
  verdict: Verdict;
  computed_at: unknown;
}

const snapshotOf = (row: SnapshotRow): ClaimSnapshot => ({
  id: String(row.id),
  figure: row.figure,
  value: num(row.value),
  n: Number(row.n),
  median: num(row.median),
  periodStart: iso(row.period_start),
  periodEnd: iso(row.period_end)!,
  verdict: row.verdict,
  computedAt: iso(row.computed_at)!,
});

const SNAPSHOT_COLUMNS = "id, figure, value, n, median, period_start, period_end, verdict, computed_at";

export const snapshotRepository = {
  async insert(db: Queryable, result: ComputedResult, computedAt: Date): Promise<void> {
    await db.query(
      `INSERT INTO claim_snapshots (figure, value, n, median, period_start, period_end, verdict, computed_at)
       VALUES ($1, $2::numeric, $3, $4::numeric, $5::timestamptz, $6::timestamptz, $7, $8::timestamptz)`,
      [
        result.figure,
        result.value === null ? null : String(result.value),
        result.n,
        result.median === null ? null : String(result.median),
        result.periodStart,
        result.periodEnd,
        result.verdict,
        computedAt.toISOString(),
      ],
    );
  },

  /** When any figure was last computed (null: never). */
  async lastComputedAt(db: Queryable): Promise<Date | null> {
    const { rows } = await db.query<{ at: unknown }>("SELECT max(computed_at) AS at FROM claim_snapshots");
    const at = iso(rows[0]?.at);
    return at === null ? null : new Date(at);
  },

  /** Each figure's latest two snapshots, newest first (none for a figure never computed). */
  async latestTwo(db: Queryable): Promise<Map<ComputedFigureId, ClaimSnapshot[]>> {
    const { rows } = await db.query<SnapshotRow>(
      `SELECT ${SNAPSHOT_COLUMNS} FROM (
         SELECT s.*, row_number() OVER (PARTITION BY figure ORDER BY computed_at DESC, id DESC) AS rank
           FROM claim_snapshots s) ranked
        WHERE rank <= 2 ORDER BY figure, rank`,
    );
    const latest = new Map<ComputedFigureId, ClaimSnapshot[]>(COMPUTED_FIGURE_IDS.map((id) => [id, []]));
    for (const row of rows) latest.get(row.figure)?.push(snapshotOf(row));
    return latest;
  },
};

/** The ratings held, per source: how many, their average over all of them, and their first and last day. */
export async function ratingSummaries(db: Queryable): Promise<RatingSummary[]> {
  const { rows } = await db.query<{
    source: string;
    count: unknown;
    average: unknown;
    first: unknown;
    last: unknown;
  }>(
    `SELECT source, count(*) AS count, avg(rating) AS average,
            to_char(min(rated_on), 'YYYY-MM-DD') AS first, to_char(max(rated_on), 'YYYY-MM-DD') AS last
       FROM claim_ratings GROUP BY source ORDER BY source`,
  );
  return rows.map((row) => ({
    source: row.source,
    count: Number(row.count),
    average: Number(row.average),
    from: String(row.first),
    to: String(row.last),
  }));
}

export interface RatingSummary {
  source: string;
  count: number;
  average: number;
  from: string;
  to: string;
}
