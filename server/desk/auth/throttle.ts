/**
 * Slows password and code guessing, per account and per client address, with
 * counts every instance shares (table `desk_sign_in_attempts`).
 *
 * Every attempt is counted before it is verified, in one atomic upsert per
 * key that also refuses it while the key is blocked: guesses sent together,
 * to any number of instances, each take their own place in the count, and
 * only those the limits allow reach the password or code check. A refused
 * attempt is not counted (the lock stays bounded however hard it is pushed).
 *
 * The n-th attempt in the window blocks the key for `blockAfter(n)` from the
 * moment it is counted, and again from when its check failed: nothing below
 * `slowAfter`, then 1 s, 2 s, 4 s ... up to a minute, and at `lockAt` 15 minutes. The window is 15 minutes from the
 * first attempt. A full sign-in clears the account's count; an attempt whose
 * password or code was right gives its unit back to the address, so an office
 * of colleagues signing in from one address is never slowed.
 */
import type { Queryable, Store } from "../../store/store";

export interface ThrottleRule {
  /** Attempts after which each new one blocks for a growing delay. */
  slowAfter: number;
  /** Attempts at which the key is locked for `LOCK_MS`. */
  lockAt: number;
}

export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
const MAX_DELAY_MS = 60_000;

export const ACCOUNT_RULE: ThrottleRule = { slowAfter: 5, lockAt: 10 };
export const ADDRESS_RULE: ThrottleRule = { slowAfter: 10, lockAt: 30 };

/** How long the key is blocked after its `attempts`-th attempt in the window. */
export function blockAfter(attempts: number, rule: ThrottleRule): number {
  if (attempts >= rule.lockAt) return LOCK_MS;
  if (attempts < rule.slowAfter) return 0;
  return Math.min(1000 * 2 ** (attempts - rule.slowAfter), MAX_DELAY_MS);
}

/** `blockAfter` in SQL: `n` is the attempt count, `slowAfter` and `lockAt` the rule's parameters. */
const blockAfterSql = (n: string, slowAfter: string, lockAt: string) => `(CASE
    WHEN ${n} >= ${lockAt} THEN ${LOCK_MS}
    WHEN ${n} < ${slowAfter} THEN 0
    ELSE least(1000 * power(2, ${n} - ${slowAfter}), ${MAX_DELAY_MS})
  END)::float8 * interval '1 millisecond'`;

/** The attempt count this upsert gives the key: a window that has ended starts again at 1. */
const NEXT_ATTEMPTS = "(CASE WHEN a.window_ends <= now() THEN 1 ELSE a.attempts + 1 END)";

/**
 * Counts one attempt unless the key is blocked; returns a row only when
 * counted. ON CONFLICT DO UPDATE locks the key's row and re-reads it, so
 * concurrent upserts on one key are applied one after another.
 *
 * The block is compared with the clock at the moment of the check
 * (`clock_timestamp()`), not with `now()`, which is when this attempt's
 * transaction began: an attempt that began first but waited for the row
 * would otherwise find the block "now()" of the one before it had just set,
 * still ahead of its own start, and be refused though no limit was reached.
 */
const CONSUME = `
  INSERT INTO desk_sign_in_attempts AS a (key, attempts, window_ends, blocked_until)
  VALUES ($1, 1, now() + $2::float8 * interval '1 millisecond', now() + ${blockAfterSql("1", "$3::int", "$4::int")})
  ON CONFLICT (key) DO UPDATE SET
    attempts = ${NEXT_ATTEMPTS},
    window_ends = CASE WHEN a.window_ends <= now() THEN excluded.window_ends ELSE a.window_ends END,
    blocked_until = now() + ${blockAfterSql(NEXT_ATTEMPTS, "$3::int", "$4::int")}
  WHERE a.blocked_until <= clock_timestamp()
  RETURNING a.attempts`;

/** Gives one attempt back: the count goes down and the block shrinks to what that count allows. */
const REFUND = `
  UPDATE desk_sign_in_attempts AS a SET
    attempts = greatest(a.attempts - 1, 0),
    blocked_until = least(a.blocked_until, now() + ${blockAfterSql("greatest(a.attempts - 1, 0)", "$2::int", "$3::int")})
  WHERE key = $1 AND a.window_ends > now()`;

/**
 * After a failed check: each key's block runs again from now, for what its
 * count calls for, so a slow check does not eat into the wait it earned.
 */
const RESTART_BLOCK = `
  UPDATE desk_sign_in_attempts AS a
  SET blocked_until = greatest(a.blocked_until, now() + ${blockAfterSql("a.attempts", "$2::int", "$3::int")})
  WHERE key = $1 AND a.window_ends > now()`;

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

class Refused extends Error {}

export function createThrottle(store: Store) {
  const blockedFor = async (db: Queryable, keys: ThrottleKey[]): Promise<number> => {
    const { rows } = await db.query<{ ms_left: number | null }>(
      `SELECT extract(epoch FROM max(blocked_until) - now())::float8 * 1000 AS ms_left
       FROM desk_sign_in_attempts WHERE key = ANY($1::text[]) AND blocked_until > now()`,
      [keys.map((entry) => entry.key)],
    );
    return Math.max(0, Math.ceil(rows[0]?.ms_left ?? 0));
  };

  return {
    /**
     * Counts one attempt on every key, before it is verified. 0: counted, go
     * ahead. Otherwise the milliseconds until these keys take attempts again;
     * then nothing was counted on any key.
     */
    async consume(keys: ThrottleKey[]): Promise<number> {
      try {
        // Always in the callers' order (account, then address): no two
        // attempts wait for each other's rows in opposite orders.
        await store.transaction(async (tx) => {
          for (const { key, rule } of keys) {
            const { rows } = await tx.query(CONSUME, [key, FAILURE_WINDOW_MS, rule.slowAfter, rule.lockAt]);
            if (rows.length === 0) throw new Refused();
          }
        });
        return 0;
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        // The block may have ended a moment ago: still ask for a second.
        return Math.max(1, await blockedFor(store, keys));
      }
    },

    /** The attempt's password or code was wrong: the keys' blocks start from now. */
    async failed(keys: ThrottleKey[]): Promise<void> {
      // Keys whose window and block ended long ago are only clutter.
      await store.query(
        `DELETE FROM desk_sign_in_attempts
         WHERE window_ends < now() - interval '1 hour' AND blocked_until < now() - interval '1 hour'`,
      );
      for (const { key, rule } of keys) await store.query(RESTART_BLOCK, [key, rule.slowAfter, rule.lockAt]);
    },

    /** The attempt proved the password or code right: its unit goes back to these keys. */
    async refund(keys: ThrottleKey[]): Promise<void> {
      for (const { key, rule } of keys) {
        await store.query(REFUND, [key, rule.slowAfter, rule.lockAt]);
      }
    },

    /** After a full sign-in: the account starts again from zero. */
    async reset(key: ThrottleKey): Promise<void> {
      await store.query("DELETE FROM desk_sign_in_attempts WHERE key = $1", [key.key]);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
