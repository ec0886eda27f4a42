/**
 * The SQL every outbox shares (the CRM's `outbox`, the e-mail `mail_outbox`):
 * claim due rows, record an attempt, give claims back, and how long until the
 * next row falls due.
 *
 * A claim takes due rows longest-due first with FOR UPDATE SKIP LOCKED (two
 * workers never take one row) and sets status 'sending', locked_by and a
 * lease (locked_until); it also moves next_attempt_at to the lease's end, so
 * a row whose worker died is due again when its lease ends, through the same
 * partial index on (next_attempt_at, id) WHERE status IN ('pending','sending').
 * An attempt's result settles the row only WHERE locked_by = this worker: a
 * worker whose lease ran out cannot overwrite the next claim.
 */
import { boundedText } from "../clean-text";
import type { Store } from "../store/store";
import type { ClaimedRow, OutboxClaims } from "./worker-loop";

/** Where an outbox lives. Names only from this code (they are written into the SQL). */
export interface OutboxTables<Done extends string> {
  /** The outbox table. */
  outbox: string;
  /** Its table of attempts, and the column there naming the outbox row. */
  attempts: string;
  attemptOf: string;
  /** The attempts table's column for the other side's answer code (HTTP status, SMTP reply). */
  code: string;
  /** The status (and outcome) of a row that went through, and the column that records when. */
  done: Done;
  doneAt: string;
  /** Further assignments made when a row goes through (e.g. forgetting what is no longer needed). */
  doneSet?: string;
  /** What a claim returns besides the id and the attempt count, over `o` (the row) and `join`. */
  returning: string;
  /** Further tables a claim reads from (e.g. the application's payload) and how they join `o`. */
  join?: { from: string; on: string };
}

/** The longest error text recorded for an attempt. */
const MAX_ERROR_CHARS = 1000;

/** The claims on one outbox; `fromRow` turns a claimed row (with `returning`'s columns) into a claim. */
export function createClaims<Done extends string, Row, Claim>(
  store: Store,
  tables: OutboxTables<Done>,
  fromRow: (row: Row) => Claim,
): OutboxClaims<Done, Claim & ClaimedRow> {
  const { outbox, join } = tables;
  const due = "status IN ('pending', 'sending')";
  const owned = "WHERE id = $1 AND locked_by = $2 AND status = 'sending'";

  return {
    async claim(worker, limit, leaseMs) {
      const { rows } = await store.query<Row & { id: string; attempts: number }>(
        `UPDATE ${outbox} o
            SET status = 'sending', locked_by = $1,
                locked_until = now() + $2 * interval '1 millisecond',
                next_attempt_at = now() + $2 * interval '1 millisecond',
                attempts = o.attempts + 1, updated_at = now()
           ${join ? `FROM ${join.from}` : ""}
          WHERE ${join ? `${join.on} AND` : ""}
                o.id IN (SELECT id FROM ${outbox}
                          WHERE ${due} AND next_attempt_at <= now()
                          -- Longest-due first (the partial index's order): a burst of
                          -- failing rows retrying cannot starve rows that are new.
                          ORDER BY next_attempt_at, id
                          FOR UPDATE SKIP LOCKED
                          LIMIT $3)
      RETURNING o.id::text AS id, o.attempts, ${tables.returning}`,
        [worker, leaseMs, limit],
      );
      return rows
        .map((row) => ({ ...fromRow(row), id: row.id, attempt: Number(row.attempts) }))
        .sort((a, b) => Number(a.id) - Number(b.id));
    },

    async record(worker, claim, result) {
      // The error may quote the other side: recorded clean and bounded, or the record itself would fail.
      const error = result.error === undefined ? null : boundedText(result.error, MAX_ERROR_CHARS);
      return store.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ${tables.attempts} (${tables.attemptOf}, attempt, attempted_at, ${tables.code}, error,
                                           duration_ms, worker, outcome)
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
        const settle =
          result.outcome === tables.done
            ? await tx.query(
                `UPDATE ${outbox} SET status = '${tables.done}', ${tables.doneAt} = now(), locked_by = NULL,
                        locked_until = NULL, last_error = NULL, updated_at = now()
                        ${tables.doneSet ? `, ${tables.doneSet}` : ""} ${owned}`,
                [claim.id, worker],
              )
            : result.outcome === "dead"
              ? await tx.query(
                  `UPDATE ${outbox} SET status = 'dead', locked_by = NULL, locked_until = NULL, last_error = $3,
                          updated_at = now() ${owned}`,
                  [claim.id, worker, error],
                )
              : await tx.query(
                  `UPDATE ${outbox} SET status = 'pending', locked_by = NULL, locked_until = NULL, last_error = $3,
                          next_attempt_at = now() + $4 * interval '1 millisecond', updated_at = now() ${owned}`,
                  [claim.id, worker, error, result.delayMs ?? 0],
                );
        return settle.rowCount > 0;
      });
    },

    async release(worker, ids) {
      const result = await store.query(
        `UPDATE ${outbox} SET status = 'pending', locked_by = NULL, locked_until = NULL, next_attempt_at = now(),
                attempts = greatest(attempts - 1, 0), updated_at = now()
          WHERE locked_by = $1 AND status = 'sending' AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
        [worker, ids ?? null],
      );
      return result.rowCount;
    },

    async releaseOrphans() {
      const result = await store.query(
        `UPDATE ${outbox} SET status = 'pending', locked_by = NULL, locked_until = NULL, next_attempt_at = now(),
                updated_at = now()
          WHERE status = 'sending'`,
      );
      return result.rowCount;
    },

    async msUntilNextDue() {
      // min() over no rows is NULL: nothing waits (greatest() would turn that into 0, "due now").
      const { rows } = await store.query<{ ms: number | string | null }>(
        `SELECT extract(epoch FROM min(next_attempt_at) - now()) * 1000 AS ms
           FROM ${outbox} WHERE ${due}`,
      );
      const ms = rows[0]?.ms;
      return ms === null || ms === undefined ? undefined : Math.max(0, Number(ms));
    },
  };
}
