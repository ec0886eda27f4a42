/**
 * Slows password and code guessing, per account and per client address, with
 * counts every instance shares (the store's counters). After a few failures
 * each further one blocks the key for a growing delay (1 s, 2 s, 4 s ... up to
 * a minute); at a higher count the key is locked for 15 minutes. The lock is
 * bounded (it ends by itself, and the count restarts when its window ends), so
 * it cannot shut a real person out for long; the per-address limit stops one
 * client from working through many accounts. A successful sign-in clears the
 * account's count, never the address's.
 */
import { createCountersRepository } from "../../store/counters-repository";
import type { Store } from "../../store/store";

export interface ThrottleRule {
  /** Failures after which each new one blocks for a growing delay. */
  slowAfter: number;
  /** Failures at which the key is locked for `lockMs`. */
  lockAt: number;
}

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
const MAX_DELAY_MS = 60_000;

export const ACCOUNT_RULE: ThrottleRule = { slowAfter: 5, lockAt: 10 };
export const ADDRESS_RULE: ThrottleRule = { slowAfter: 10, lockAt: 30 };

/** How long the key is blocked after its `failures`-th failure in the window. */
export function blockAfter(failures: number, rule: ThrottleRule): number {
  if (failures >= rule.lockAt) return LOCK_MS;
  if (failures < rule.slowAfter) return 0;
  return Math.min(1000 * 2 ** (failures - rule.slowAfter), MAX_DELAY_MS);
}

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export const accountKey = (email: string): ThrottleKey => ({
  key: `desk:sign-in:account:${email.trim().toLowerCase()}`,
  rule: ACCOUNT_RULE,
});
export const addressKey = (ip: string): ThrottleKey => ({
  key: `desk:sign-in:address:${ip}`,
  rule: ADDRESS_RULE,
});

export function createThrottle(store: Store) {
  const counters = createCountersRepository(store);
  return {
    /** Milliseconds until these keys may try again (0: now). */
    async blockedFor(keys: ThrottleKey[]): Promise<number> {
      const { rows } = await store.query<{ ms_left: number | null }>(
        `SELECT extract(epoch FROM max(blocked_until) - now())::float8 * 1000 AS ms_left
         FROM desk_sign_in_blocks WHERE key = ANY($1::text[]) AND blocked_until > now()`,
        [keys.map((entry) => entry.key)],
      );
      return Math.max(0, Math.ceil(rows[0]?.ms_left ?? 0));
    },

    /** Counts one failure on every key and blocks those that reached their rule's limit. */
    async recordFailure(keys: ThrottleKey[]): Promise<void> {
      // Blocks that ended long ago are only clutter.
      await store.query(`DELETE FROM desk_sign_in_blocks WHERE blocked_until < now() - interval '1 hour'`);
      for (const { key, rule } of keys) {
        const { count } = await counters.hit(key, FAILURE_WINDOW_MS);
        const block = blockAfter(count, rule);
        if (block > 0) {
          await store.query(
            `INSERT INTO desk_sign_in_blocks AS b (key, blocked_until)
             VALUES ($1, now() + $2::float8 * interval '1 millisecond')
             ON CONFLICT (key) DO UPDATE SET blocked_until = GREATEST(b.blocked_until, excluded.blocked_until)`,
            [key, block],
          );
        }
      }
    },

    /** After a full sign-in: the account starts again from zero. */
    async recordSuccess(key: ThrottleKey): Promise<void> {
      await counters.reset(key.key);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
