/**
 * The delivery worker's SQL. A claim sets status 'sending', locked_by and a
 * lease (locked_until); it also moves next_attempt_at to the lease's end, so a
 * row whose worker died becomes due again through the same index.
 */
import { boundedText } from "../clean-text";
import type { Store } from "../store/store";
import type { ClaimedRow, RecordedAttempt } from "../outbox/worker-loop";

export interface ClaimedDelivery extends ClaimedRow {
  applicationId: string;
  /** The stored CRM payload, exactly as stored (key order kept). */
  payload: string;
}

/** The longest error text recorded for an attempt. */
const MAX_ERROR_CHARS = 1000;

export function createOutboxRepository(store: Store) {
  return {
    async claim(worker: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      const { rows } = await store.query<{
        id: string;
        application_id: string;
        attempts: number;
        payload: string;
      }>(
        `UPDATE outbox o
            SET status = 'sending', locked_by = $1,
                locked_until = now() + $2 * interval '1 millisecond',
                next_attempt_at = now() + $2 * interval '1 millisecond',
                attempts = o.attempts + 1, updated_at = now()
           FROM applications a
          WHERE a.id = o.application_id
            AND o.id IN (SELECT id FROM outbox
                          WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
                          -- Longest-due first (the partial index's order): a burst of
                          -- failing rows retrying cannot starve rows that are new.
                          ORDER BY next_attempt_at, id
                          FOR UPDATE SKIP LOCKED
                          LIMIT $3)
      RETURNING o.id::text AS id, o.application_id::text AS application_id, o.attempts,
                a.payload::text AS payload`,
        [worker, leaseMs, limit],
      );
      return rows
        .map((row) => ({
          id: row.id,
          applicationId: row.application_id,
          attempt: Number(row.attempts),
          payload: row.payload,
        }))
        .sort((a, b) => Number(a.id) - Number(b.id));
    },

    /** Records the attempt and settles the row; false when this worker no longer held the claim. */
    async record(worker: string, claim: ClaimedRow, result: RecordedAttempt<"delivered">): Promise<boolean> {
      // The error quotes the CRM: recorded clean and bounded, or the record itself would fail.
      const error = result.error === undefined ? null : boundedText(result.error, MAX_ERROR_CHARS);
      return store.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO delivery_attempts (outbox_id, attempt, attempted_at, status_code, error, duration_ms, worker, outcome)
           VALUES ($1, $2, $3::timestamptz, $4, $5, $6, $7, $8)`,
          [
            claim.id,
            claim.attempt,
            result.attemptedAt.toISOString(),
            result.code ?? null,
            error,
            Math.round(result.durationMs),
            worker,
            result.outcome,
          ],
        );
        const owned = "WHERE id = $1 AND locked_by = $2 AND status = 'sending'";
        const settle =
          result.outcome === "delivered"
            ? await tx.query(
                `UPDATE outbox SET status = 'delivered', delivered_at = now(), locked_by = NULL, locked_until = NULL,
                        last_error = NULL, updated_at = now() ${owned}`,
                [claim.id, worker],
              )
            : result.outcome === "dead"
              ? await tx.query(
                  `UPDATE outbox SET status = 'dead', locked_by = NULL, locked_until = NULL, last_error = $3,
                          updated_at = now() ${owned}`,
                  [claim.id, worker, error],
                )
              : await tx.query(
                  `UPDATE outbox SET status = 'pending', locked_by = NULL, locked_until = NULL, last_error = $3,
                          next_attempt_at = now() + $4 * interval '1 millisecond', updated_at = now() ${owned}`,
                  [claim.id, worker, error, result.delayMs ?? 0],
                );
        return settle.rowCount > 0;
      });
    },

    /** Gives back claims that were never attempted (shutdown): pending, due now, attempt not counted. */
    async release(worker: string, outboxIds?: string[]): Promise<number> {
      const result = await store.query(
        `UPDATE outbox SET status = 'pending', locked_by = NULL, locked_until = NULL, next_attempt_at = now(),
                attempts = greatest(attempts - 1, 0), updated_at = now()
          WHERE locked_by = $1 AND status = 'sending' AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
        [worker, outboxIds ?? null],
      );
      return result.rowCount;
    },

    /**
     * PGlite only (one process owns the store): claims left by a killed
     * process are due again now rather than when their lease ends.
     */
    async releaseOrphans(): Promise<number> {
      const result = await store.query(
        `UPDATE outbox SET status = 'pending', locked_by = NULL, locked_until = NULL, next_attempt_at = now(),
                updated_at = now()
          WHERE status = 'sending'`,
      );
      return result.rowCount;
    },

    /** Milliseconds until the next row falls due (0 when one is due now); undefined when none waits. */
    async msUntilNextDue(): Promise<number | undefined> {
      const { rows } = await store.query<{ ms: number | string | null }>(
        `SELECT greatest(0, extract(epoch FROM min(next_attempt_at) - now()) * 1000) AS ms
           FROM outbox WHERE status IN ('pending', 'sending')`,
      );
      const ms = rows[0]?.ms;
      return ms === null || ms === undefined ? undefined : Number(ms);
    },

    async countWaiting(): Promise<number> {
      const { rows } = await store.query<{ n: string }>(
        "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')",
      );
      return Number(rows[0].n);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
