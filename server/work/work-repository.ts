/**
 * The SQL of working an application: its work status, its follow-up, the
 * activities staff add to its history (a status change, a note, a logged
 * call or e-mail, a follow-up change), the first touch that stops its review
 * clock, and who has opened it (the inbox's unread marker). Every write runs
 * in the caller's transaction, with the application already locked
 * (server/desk/application/application-action.ts).
 */
import { isDecision, type ContactOutcome, type CloseReason, type WorkStatus } from "#domain/desk/work";
import type { Queryable, Store } from "../store/store";

/** One entry staff add to an application's history (application_activities). */
export interface StaffActivity {
  applicationId: string;
  kind: "status" | "note" | "call" | "email" | "follow_up";
  actorId: string | null;
  actorName: string | null;
  body?: string | null;
  outcome?: ContactOutcome | null;
  workStatus?: WorkStatus | null;
  closeReason?: CloseReason | null;
  /** The follow-up a contact set, or a follow_up entry set (null: cleared). */
  followUpAt?: string | null;
}

export interface WorkStatusRow {
  workStatus: WorkStatus;
  closeReason: CloseReason | null;
  /** Its follow-up (ISO), or null. */
  followUpAt: string | null;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export function createWorkRepository(store: Store) {
  return {
    /** Where the team stands with it now. */
    async workStatus(db: Queryable, id: string): Promise<WorkStatusRow | undefined> {
      const { rows } = await db.query<{
        work_status: WorkStatus;
        close_reason: CloseReason | null;
        follow_up_at: unknown;
      }>("SELECT work_status, close_reason, follow_up_at FROM applications WHERE id = $1::uuid", [id]);
      const row = rows[0];
      return (
        row && {
          workStatus: row.work_status,
          closeReason: row.close_reason,
          followUpAt: row.follow_up_at === null ? null : iso(row.follow_up_at),
        }
      );
    },

    /**
     * Sets, moves (`at`, ISO) or clears (null) the follow-up. A new time is
     * a new deadline: its owner is reminded of it again.
     */
    async setFollowUp(db: Queryable, id: string, at: string | null) {
      await db.query(
        `UPDATE applications SET follow_up_at = $2::timestamptz, follow_up_reminded_at = NULL
          WHERE id = $1::uuid`,
        [id, at],
      );
    },

    /**
     * Sets the work status (a close reason only with closed; addActivity
     * records the change). A funding decision (isDecision) is decided now,
     * unless it was already; any other status is undecided.
     */
    async setWorkStatus(db: Queryable, id: string, status: WorkStatus, closeReason: CloseReason | null) {
      const reason = status === "closed" ? closeReason : null;
      await db.query(
        `UPDATE applications
            SET work_status = $2, close_reason = $3,
                decided_at = CASE WHEN $4::boolean THEN coalesce(decided_at, now()) END
          WHERE id = $1::uuid`,
        [id, status, reason, isDecision(status, reason)],
      );
    },

    /**
     * Adds an entry to its history and counts it as a touch: the first one
     * stops the review clock, a later one never moves it. A follow-up changed
     * on its own is no touch: nobody has been in touch with the applicant.
     */
    async addActivity(db: Queryable, activity: StaffActivity): Promise<void> {
      const details = activity.followUpAt !== undefined ? { followUpAt: activity.followUpAt } : null;
      await db.query(
        `INSERT INTO application_activities
           (application_id, kind, actor_id, actor_name, body, outcome, work_status, close_reason, details)
         VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
        [
          activity.applicationId,
          activity.kind,
          activity.actorId,
          activity.actorName,
          activity.body ?? null,
          activity.outcome ?? null,
          activity.workStatus ?? null,
          activity.closeReason ?? null,
          details && JSON.stringify(details),
        ],
      );
      if (activity.kind === "follow_up") return;
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
