/**
 * Daily roll-ups: each UTC day's counts (aggregate.ts) stored once the day is
 * over, and rolled up again at each run until it is final, three days after
 * it began, when the CRM's retries for its applications have run their
 * course (about 32 hours with the default schedule). The dashboard reads the
 * roll-ups for every day before today, so only today is counted live. Days are rolled oldest first
 * and without gaps; raw events are purged only on final days. A delivery
 * that succeeds after its day became final (a redelivery from the desk days
 * later) is not added.
 */
import type { Queryable, Store } from "../store/store";
import { aggregateSql, SORT_IN_MEMORY } from "./aggregate";
import { utcDay } from "./visitor";
import { lockUntilCommit } from "../store/advisory-lock";

export const DAY_MS = 86_400_000;
/** A day's roll-up is final once it was made this long after the day began. */
export const FINAL_AFTER_MS = 3 * DAY_MS;
/** At most this many days per run (a first run on old data catches up over several). */
export const MAX_DAYS_PER_RUN = 31;

export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  utcDay(new Date(dayStart(day).getTime() + days * DAY_MS));

// Any fixed number, distinct from the migrations' lock.
const ROLLUP_LOCK = 7_314_207;

const ROLL_SQL = `INSERT INTO analytics_daily (day, source, campaign, metric, dimension, value)
  SELECT day, source, campaign, metric, dimension, value
    FROM (${aggregateSql({ from: "$1::timestamptz", to: "$2::timestamptz", productPaths: "$3::text[]" })}) AS a`;

/** A rolled day that is not final (made less than FINAL_AFTER_MS after the day began). */
const NOT_FINAL = `rolled_at < (day::timestamp AT TIME ZONE 'UTC') + interval '${FINAL_AFTER_MS / DAY_MS} days'`;

/** The last rolled-up day (final or not), or null: the dashboard counts later days live. */
export async function rolledThrough(db: Pick<Queryable, "query">): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    "SELECT max(day)::text AS day FROM analytics_rolled_days",
  );
  return rows[0]?.day ?? null;
}

/**
 * The first day whose raw events are still needed: the first rolled day that
 * is not final, else the day after the last rolled one (null: nothing rolled).
 */
export const FIRST_DAY_NEEDED_SQL = `coalesce(
    (SELECT min(day) FROM analytics_rolled_days WHERE ${NOT_FINAL}),
    (SELECT max(day) + 1 FROM analytics_rolled_days))`;

/** (Re)rolls every day from the first one not final through yesterday, oldest first; returns them. */
export async function rollUp(store: Store, now: Date, productPaths: readonly string[]): Promise<string[]> {
  const yesterday = addDays(utcDay(now), -1);
  const { rows } = await store.query<{ day: string | null }>(`SELECT (${FIRST_DAY_NEEDED_SQL})::text AS day`);
  let day = rows[0]?.day ?? (await firstEventDay(store));
  const rolled: string[] = [];
  while (day && day <= yesterday && rolled.length < MAX_DAYS_PER_RUN) {
    const current = day;
    await store.transaction(async (tx) => {
      // Instances on one PostgreSQL take turns; a day another one made final is left alone.
      await lockUntilCommit(tx, ROLLUP_LOCK);
      const done = await tx.query(
        `SELECT 1 FROM analytics_rolled_days WHERE day = $1 AND NOT (${NOT_FINAL})`,
        [current],
      );
      if (done.rows.length > 0) return;
      await tx.query("DELETE FROM analytics_daily WHERE day = $1", [current]);
      await tx.query(SORT_IN_MEMORY);
      await tx.query(ROLL_SQL, [
        dayStart(current).toISOString(),
        dayStart(addDays(current, 1)).toISOString(),
        productPaths,
      ]);
      await tx.query(
        `INSERT INTO analytics_rolled_days (day, rolled_at) VALUES ($1, $2)
           ON CONFLICT (day) DO UPDATE SET rolled_at = excluded.rolled_at`,
        [current, now.toISOString()],
      );
    });
    rolled.push(current);
    day = addDays(current, 1);
  }
  return rolled;
}

async function firstEventDay(db: Pick<Queryable, "query">): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    "SELECT ((min(at) AT TIME ZONE 'UTC')::date)::text AS day FROM analytics_events",
  );
  return rows[0]?.day ?? null;
}
