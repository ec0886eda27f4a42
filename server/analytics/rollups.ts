/**
 * Daily roll-ups: each UTC day's counts (aggregate.ts) stored once the day is
 * final, three days after it began, when the CRM's retries for its
 * applications have run their course (about 31 hours). Days are rolled oldest
 * first and without gaps, so "rolled" is always everything up to one day;
 * raw events are purged only behind it. A delivery that succeeds after its
 * day was rolled up (a redelivery from the desk days later) is not added.
 */
import type { Store } from "../store/store";
import { aggregateSql } from "./aggregate";
import { utcDay } from "./visitor";

export const DAY_MS = 86_400_000;
/** A day is rolled up once this long after it began. */
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

/** The last rolled-up day, or null. */
export async function rolledThrough(db: Pick<Store, "query">): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    "SELECT max(day)::text AS day FROM analytics_rolled_days",
  );
  return rows[0]?.day ?? null;
}

/** Rolls up every final day not rolled yet (oldest first, at most MAX_DAYS_PER_RUN); returns them. */
export async function rollUp(store: Store, now: Date, productPaths: readonly string[]): Promise<string[]> {
  const lastFinal = utcDay(new Date(now.getTime() - FINAL_AFTER_MS));
  const last = await rolledThrough(store);
  let day = last ? addDays(last, 1) : await firstEventDay(store);
  const rolled: string[] = [];
  while (day && day <= lastFinal && rolled.length < MAX_DAYS_PER_RUN) {
    const current = day;
    await store.transaction(async (tx) => {
      // Instances on one PostgreSQL take turns; a day another one rolled is skipped.
      await tx.query("SELECT pg_advisory_xact_lock($1)", [ROLLUP_LOCK]);
      const done = await tx.query("SELECT 1 FROM analytics_rolled_days WHERE day = $1", [current]);
      if (done.rows.length > 0) return;
      await tx.query("DELETE FROM analytics_daily WHERE day = $1", [current]);
      await tx.query(ROLL_SQL, [
        dayStart(current).toISOString(),
        dayStart(addDays(current, 1)).toISOString(),
        productPaths,
      ]);
      await tx.query("INSERT INTO analytics_rolled_days (day, rolled_at) VALUES ($1, $2)", [
        current,
        now.toISOString(),
      ]);
    });
    rolled.push(current);
    day = addDays(current, 1);
  }
  return rolled;
}

async function firstEventDay(db: Pick<Store, "query">): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    "SELECT ((min(at) AT TIME ZONE 'UTC')::date)::text AS day FROM analytics_events",
  );
  return rows[0]?.day ?? null;
}
