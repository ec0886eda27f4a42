/**
 * The SQL of the overdue opt-out alert: the opt-outs whose honour-by day has
 * passed while they are still not with the CRM and nobody has been told,
 * locked (another instance's pass skips them), and the mark that they have
 * been (opt_out_outbox.overdue_alerted_at, migration 022): each is alerted
 * once.
 */
import type { OptOutChannel, OptOutSource } from "#domain/desk/opt-outs";
import { iso } from "../store/row-values";
import type { Queryable, Store } from "../store/store";

export interface OverdueOptOut {
  /** The outbox row's id (what is marked). */
  outboxId: string;
  optOutId: string;
  channel: OptOutChannel;
  receivedVia: OptOutSource;
  receivedAt: string;
  honourBy: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

/** At most this many in one message; the rest follow in the next pass. */
const BATCH = 100;

const OVERDUE = `o.status <> 'delivered' AND o.overdue_alerted_at IS NULL AND o.honour_by < $1::date`;

export function createOverdueRepository(store: Store) {
  return {
    /** Any to alert about, today (YYYY-MM-DD, the provider's zone)? No locks: a quiet pass writes nothing. */
    async any(today: string): Promise<boolean> {
      const { rows } = await store.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM opt_out_outbox o WHERE ${OVERDUE}) AS any`,
        [today],
      );
      return rows[0]?.any === true;
    },

    /** The overdue ones not yet alerted, locked until the transaction ends; others' locked rows are skipped. */
    async lock(tx: Queryable, today: string): Promise<OverdueOptOut[]> {
      const { rows } = await tx.query<{
        outbox_id: string;
        opt_out_id: string;
        channel: OptOutChannel;
        received_via: OptOutSource;
        received_at: Date | string;
        honour_by: string;
        status: string;
        attempts: number;
        last_error: string | null;
      }>(
        `SELECT o.id::text AS outbox_id, o.opt_out_id::text AS opt_out_id, l.channel, l.received_via, l.received_at,
                o.honour_by::text AS honour_by, o.status, o.attempts, o.last_error
           FROM opt_out_outbox o JOIN opt_outs l ON l.id = o.opt_out_id
          WHERE ${OVERDUE}
          ORDER BY o.honour_by, o.id
          LIMIT ${BATCH}
          FOR UPDATE OF o SKIP LOCKED`,
        [today],
      );
      return rows.map((row) => ({
        outboxId: row.outbox_id,
        optOutId: row.opt_out_id,
        channel: row.channel,
        receivedVia: row.received_via,
        receivedAt: iso(row.received_at)!,
        honourBy: row.honour_by,
        status: row.status,
        attempts: Number(row.attempts),
        lastError: row.last_error,
      }));
    },

    async markAlerted(tx: Queryable, outboxIds: string[]): Promise<void> {
      await tx.query(`UPDATE opt_out_outbox SET overdue_alerted_at = now() WHERE id = ANY($1::bigint[])`, [
        outboxIds,
      ]);
    },
  };
}
