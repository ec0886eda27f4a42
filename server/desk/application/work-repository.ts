/**
 * The SQL of working an application in the desk: its work status, the
 * activities staff add to its history (a status change, a note, a logged call
 * or e-mail), the first touch that stops its review clock, and who has opened
 * it (the inbox's unread marker). Every write runs in the caller's
 * transaction, with the application already locked (application-action.ts).
 */
import type { ContactOutcome, CloseReason, WorkStatus } from "#domain/desk/work";
import type { Queryable, Store } from "../../store/store";

/** One entry staff add to an application's history (application_activities). */
export interface StaffActivity {
  applicationId: string;
  kind: "status" | "note" | "call" | "email";
  actorId: string | null;
  actorName: string | null;
  body?: string | null;
  outcome?: ContactOutcome | null;
  workStatus?: WorkStatus | null;
  closeReason?: CloseReason | null;
}

export interface WorkStatusRow {
  workStatus: WorkStatus;
  closeReason: CloseReason | null;
}

export function createWorkRepository(store: Store) {
  return {
    /** Where the team stands with it now. */
    async workStatus(db: Queryable, id: string): Promise<WorkStatusRow | undefined> {
      const { rows } = await db.query<{ work_status: WorkStatus; close_reason: CloseReason | null }>(
        "SELECT work_status, close_reason FROM applications WHERE id = $1::uuid",
        [id],
      );
      return rows[0] && { workStatus: rows[0].work_status, closeReason: rows[0].close_reason };
    },

    /** Sets the work status (a close reason only with closed; addActivity records the change). */
    async setWorkStatus(db: Queryable, id: string, status: WorkStatus, closeReason: CloseReason | null) {
      await db.query("UPDATE applications SET work_status = $2, close_reason = $3 WHERE id = $1::uuid", [
        id,
        status,
        status === "closed" ? closeReason : null,
      ]);
    },

    /**
     * Adds an entry to its history and counts it as a touch: the first one
     * stops the review clock, a later one never moves it.
     */
    async addActivity(db: Queryable, activity: StaffActivity): Promise<void> {
      await db.query(
        `INSERT INTO application_activities
           (application_id, kind, actor_id, actor_name, body, outcome, work_status, close_reason)
         VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8)`,
        [
          activity.applicationId,
          activity.kind,
          activity.actorId,
          activity.actorName,
          activity.body ?? null,
          activity.outcome ?? null,
          activity.workStatus ?? null,
          activity.closeReason ?? null,
        ],
      );
      await db.query(
        `UPDATE applications SET first_touched_at = now()
          WHERE id = $1::uuid AND first_touched_at IS NULL`,
        [activity.applicationId],
      );
    },

    /** The viewer opened it: no longer unread for them (one row per viewer, the last time kept). */
    async markRead(userId: string, applicationId: string, db: Queryable = store): Promise<void> {
      await db.query(
        `INSERT INTO application_reads (user_id, application_id) VALUES ($1, $2::uuid)
         ON CONFLICT (user_id, application_id) DO UPDATE SET read_at = excluded.read_at`,
        [userId, applicationId],
      );
    },
  };
}

export type WorkRepository = ReturnType<typeof createWorkRepository>;
