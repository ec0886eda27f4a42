import type { Queryable } from "./store";

/** One hit's outcome: the count in the current window (this hit included) and when the window ends. */
export interface CounterHit {
  count: number;
  /**
   * When the window ends, on this process's clock: the database works out the
   * time left, so instances whose clocks disagree still agree on the window.
   */
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the store (table `counters`), so every
 * instance on one database sees the same numbers. Used by the per-IP rate
 * limit (plugins/rate-limit.ts) and by any throttle that counts attempts per
 * key; give each user its own key prefix.
 *
 * - `hit(key, windowMs)`: counts one hit and returns the count in the current
 *   window. The first hit, or the first after the window ended, starts a new
 *   window of `windowMs` (count 1). A later hit inside the window keeps that
 *   window's end even if it passes another `windowMs`. One atomic statement:
 *   concurrent hits on one key (from any instance) are all counted.
 * - `reset(key)`: forgets the key (the next hit starts a new window).
 * - `purgeExpired()`: deletes every counter whose window has ended; returns
 *   how many. Expired rows do no harm (the next hit restarts them in place),
 *   this only stops them piling up.
 */
export function createCountersRepository(db: Queryable) {
  return {
    async hit(key: string, windowMs: number): Promise<CounterHit> {
      if (!(Number.isFinite(windowMs) && windowMs > 0)) {
        throw new RangeError(`windowMs must be a positive number of milliseconds, got ${windowMs}`);
      }
      const { rows } = await db.query<{ count: number; ms_left: number }>(
        `INSERT INTO counters AS c (key, count, window_start, reset_at)
         VALUES ($1, 1, now(), now() + $2::float8 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
           window_start = CASE WHEN c.reset_at <= now() THEN now() ELSE c.window_start END,
           reset_at = CASE WHEN c.reset_at <= now() THEN excluded.reset_at ELSE c.reset_at END
         RETURNING c.count, extract(epoch FROM c.reset_at - now())::float8 * 1000 AS ms_left`,
        [key, windowMs],
      );
      const row = rows[0];
      if (!row) throw new Error("counters: the upsert returned no row");
      return { count: row.count, resetAt: new Date(Date.now() + Math.max(0, row.ms_left)) };
    },

    async reset(key: string): Promise<void> {
      await db.query("DELETE FROM counters WHERE key = $1", [key]);
    },

    async purgeExpired(): Promise<number> {
      const { rowCount } = await db.query("DELETE FROM counters WHERE reset_at <= now()");
      return rowCount;
    },
  };
}

export type CountersRepository = ReturnType<typeof createCountersRepository>;
