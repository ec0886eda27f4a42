/**
 * The booked calls' SQL (031_booked_calls.sql): a lead's current booked call
 * on its row, and the calls whose owner has not been told yet. Rows are
 * locked with SKIP LOCKED: a lead another transaction holds (its own booking
 * being recorded) is left for that one or the next pass, never waited for,
 * so two senders never wait for each other in a circle.
 */
import type { Queryable, Store } from "../store/store";
import { ACTIVE_USER } from "../review-clock/alerts-repository";

export interface UntoldCall {
  id: string;
  company: string;
  reference: string | null;
  at: Date;
}

export interface CallOwner {
  id: string;
  email: string;
}

/** Untold, upcoming, and owned by an account that can receive staff e-mail. */
const UNTOLD = `a.booked_call_at IS NOT NULL AND a.booked_call_told_at IS NULL AND a.booked_call_at > $1`;

export function createBookedCallRepository(store: Store) {
  return {
    /**
     * Records a booking reported at `bookedAt` for `scheduledAt` as the lead's
     * current call, unless a later-reported one is there already; its owner
     * is to be told again. True when it became the current call.
     */
    async record(tx: Queryable, id: string, scheduledAt: string, bookedAt: string): Promise<boolean> {
      const { rowCount } = await tx.query(
        `UPDATE applications
            SET booked_call_at = $2::timestamptz, booked_call_booked_at = $3::timestamptz,
                booked_call_told_at = NULL
          WHERE id = $1::uuid AND (booked_call_booked_at IS NULL OR booked_call_booked_at <= $3::timestamptz)`,
        [id, scheduledAt, bookedAt],
      );
      return rowCount > 0;
    },

    /** The owner of a lead, when it has one who can receive staff e-mail. */
    async ownerOf(tx: Queryable, id: string): Promise<CallOwner | undefined> {
      const { rows } = await tx.query<CallOwner>(
        `SELECT u.id, u.email FROM applications a JOIN desk_user u ON u.id = a.owner_id
          WHERE a.id = $1::uuid AND ${ACTIVE_USER}`,
        [id],
      );
      return rows[0];
    },

    /** The owners with calls untold and still to come at `now`. No locks. */
    async ownersToTell(now: Date): Promise<CallOwner[]> {
      const { rows } = await store.query<CallOwner>(
        `SELECT u.id, u.email FROM desk_user u
          WHERE ${ACTIVE_USER}
            AND EXISTS (SELECT 1 FROM applications a WHERE a.owner_id = u.id AND ${UNTOLD})
          ORDER BY u.id`,
        [now],
      );
      return rows;
    },

    /** An owner's untold upcoming calls, soonest first, locked (those another transaction holds are skipped). */
    async lockUntold(tx: Queryable, ownerId: string, now: Date): Promise<UntoldCall[]> {
      const { rows } = await tx.query<{ id: string; company: string; reference: string | null; at: unknown }>(
        `SELECT a.id::text AS id, a.company_name AS company, a.reference, a.booked_call_at AS at
           FROM applications a
          WHERE a.owner_id = $2 AND ${UNTOLD}
          ORDER BY a.id
          FOR UPDATE OF a SKIP LOCKED`,
        [now, ownerId],
      );
      return rows
        .map((row) => ({ ...row, at: new Date(row.at as string | Date) }))
        .sort((x, y) => x.at.getTime() - y.at.getTime() || x.company.localeCompare(y.company));
    },

    /** Records that the owner's e-mail took these calls in. */
    async markTold(tx: Queryable, ids: string[], now: Date): Promise<void> {
      await tx.query(`UPDATE applications SET booked_call_told_at = $2 WHERE id = ANY($1::uuid[])`, [
        ids,
        now,
      ]);
    },
  };
}

export type BookedCallRepository = ReturnType<typeof createBookedCallRepository>;
