import type { Queryable } from "./store";

/**
 * Transaction-scoped advisory locks, the one way the server takes them.
 *
 * PostgreSQL's advisory locks belong to the whole database, not to a schema.
 * Two deployments sharing a database in schemas of their own (a search_path
 * set for their connections), or the test suite's files running side by side
 * each in a schema of its own, would otherwise take turns with each other,
 * and a purge that leaves its work to whoever holds the lock would leave it
 * to a deployment that never does it. So each lock is keyed by the
 * connection's search_path as well as by its own number: `current_setting`
 * never returns null (unlike `current_schema()` before the schema exists,
 * when a NULL key would silently take no lock at all).
 */
const SCOPE = "hashtext(current_setting('search_path'))";

/** Waits for `lock` (a 32-bit number); held until the transaction ends. */
export async function lockUntilCommit(tx: Queryable, lock: number): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${SCOPE}, $1::int)`, [lock]);
}

/** Takes `lock` if no one holds it, without waiting: true when taken (until the transaction ends). */
export async function tryLockUntilCommit(tx: Queryable, lock: number): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(${SCOPE}, $1::int) AS locked`,
    [lock],
  );
  return rows[0]?.locked === true;
}
