/**
 * The sign-in throttle's counts (server/staff/sign-in-throttle.ts says the
 * rules), in table `desk_sign_in_attempts`, which every instance shares: one
 * atomic upsert per key counts an attempt, or refuses it while the key is
 * blocked; a failed check restarts the keys' blocks; a right password or
 * code gives its unit back; a full sign-in clears the account's count.
 */
import type { Queryable, Store } from "../store/store";
import { FAILURE_WINDOW_MS, LOCK_MS, MAX_DELAY_MS, type ThrottleKey } from "./sign-in-throttle";

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
