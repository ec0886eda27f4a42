/**
 * The SQL about one application that the desk works on: locking it for an
 * action (server/desk/application/application-action.ts), and its timeline:
 * the actions staff took on it (from the audit log), its own history
 * (application_activities) and the e-mails it caused. Reads shared with the
 * operator CLI are the inbox's (server/inbox/) and the CRM delivery's
 * (server/crm-delivery/delivery-health-repository.ts).
 */
import { APPLICATION_ACTIONS, type ApplicationAction } from "#domain/audit/actions";
import type {
  ApplicationState,
  BookedBy,
  MailKind,
  MailStatus,
  TimelineActivity,
} from "#domain/desk/contract";
import type { ActivityKind, CloseReason, ContactOutcome, CrmStage, WorkStatus } from "#domain/desk/work";
import type { Queryable, Store } from "../store/store";

export interface ActionRow {
  at: string;
  action: ApplicationAction;
  by: string | null;
  reason: string | null;
  /** A document action's checklist item. */
  item: string | null;
}

/** One send attempt of an e-mail: the SMTP server's reply code, or the error. */
export interface MailAttemptRow {
  at: string;
  attempt: number;
  smtpCode: number | null;
  error: string | null;
  durationMs: number;
  /** sent, retry or dead */
  outcome: string;
}

/** An e-mail the application caused (receipt, staff alert) and every attempt to send it. */
export interface ApplicationMailRow {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  messageId: string;
  createdAt: string;
  attempts: MailAttemptRow[];
}

export interface LockedApplication {
  id: string;
  status: ApplicationState;
  /** The outbox row's status, or null without one. */
  delivery: string | null;
}

export const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export function createApplicationRepository(store: Store) {
  return {
    /** The application and its delivery state, locked until the transaction ends. */
    async lock(db: Queryable, id: string): Promise<LockedApplication | undefined> {
      const { rows } = await db.query<LockedApplication>(
        `SELECT a.id::text AS id, a.status, o.status AS delivery
           FROM applications a LEFT JOIN outbox o ON o.application_id = a.id
          WHERE a.id = $1::uuid FOR UPDATE OF a`,
        [id],
      );
      return rows[0];
    },

    /** The desk's actions on one application, oldest first, from the audit log. */
    async actions(id: string, db: Queryable = store): Promise<ActionRow[]> {
      const { rows } = await db.query<{
        at: unknown;
        action: ApplicationAction;
        by: string | null;
        reason: unknown;
        item: string | null;
      }>(
        `SELECT at, action, actor_email AS by, details ->> 'reason' AS reason, details ->> 'item' AS item
           FROM desk_audit_log
          WHERE target = $1 AND action = ANY($2::text[])
          ORDER BY id`,
        [id, Object.values(APPLICATION_ACTIONS)],
      );
      return rows.map((row) => ({
        at: iso(row.at),
        action: row.action,
        by: row.by,
        reason: row.reason === null || row.reason === undefined ? null : String(row.reason),
        item: row.item ?? null,
      }));
    },

    /** The application's own history (application_activities), oldest first, as its timeline shows it. */
    async activities(id: string, db: Queryable = store): Promise<TimelineActivity[]> {
      const { rows } = await db.query<{
        at: unknown;
        kind: ActivityKind;
        actor_name: string | null;
        body: string | null;
        outcome: ContactOutcome | null;
        work_status: WorkStatus | null;
        close_reason: CloseReason | null;
        owner_name: string | null;
        details: {
          stage?: CrmStage;
          amount?: string | number;
          overtakenBy?: string | null;
          scheduledAt?: string;
          booker?: BookedBy;
          followUpAt?: string | null;
        } | null;
      }>(
        `SELECT at, kind, actor_name, body, outcome, work_status, close_reason, owner_name, details
           FROM application_activities WHERE application_id = $1::uuid ORDER BY at, id`,
        [id],
      );
      return rows.map((row) => ({
        at: iso(row.at),
        kind: "activity",
        activity: row.kind,
        by: row.actor_name,
        body: row.body,
        outcome: row.outcome,
        workStatus: row.work_status,
        closeReason: row.close_reason,
        ownerName: row.owner_name,
        stage: row.details?.stage ?? null,
        amount:
          row.details?.amount === undefined || row.details.amount === null
            ? null
            : String(row.details.amount),
        overtakenBy: row.details?.overtakenBy ?? null,
        scheduledAt: row.details?.scheduledAt ?? null,
        followUpAt: row.details?.followUpAt ?? null,
        // A call booked before bookers were recorded: who booked it is not known.
        booker:
          row.kind === "booking"
            ? (row.details?.booker ?? { name: null, email: null, applicant: null })
            : null,
      }));
    },

    /**
     * The application's e-mails, oldest first, each with its attempts oldest
     * first: one query (the e-mails joined to their attempts), never one per
     * e-mail. Metadata only, never a message body.
     */
    async mail(id: string, db: Queryable = store): Promise<ApplicationMailRow[]> {
      const { rows } = await db.query<{
        id: string;
        kind: MailKind;
        to_address: string;
        subject: string;
        status: MailStatus;
        message_id: string;
        created_at: unknown;
        attempt: number | null;
        attempted_at: unknown;
        smtp_code: number | null;
        error: string | null;
        duration_ms: number | null;
        outcome: string | null;
      }>(
        `SELECT m.id::text AS id, m.kind, m.to_address, m.subject, m.status, m.message_id, m.created_at,
                t.attempt, t.attempted_at, t.smtp_code, t.error, t.duration_ms, t.outcome
           FROM mail_outbox m LEFT JOIN mail_attempts t ON t.mail_id = m.id
          WHERE m.application_id = $1::uuid
          ORDER BY m.created_at, m.id, t.attempted_at, t.id`,
        [id],
      );
      const mails = new Map<string, ApplicationMailRow>();
      for (const row of rows) {
        let mail = mails.get(row.id);
        if (!mail) {
          mail = {
            id: row.id,
            kind: row.kind,
            to: row.to_address,
            subject: row.subject,
            status: row.status,
            messageId: row.message_id,
            createdAt: iso(row.created_at),
            attempts: [],
          };
          mails.set(row.id, mail);
        }
        if (row.attempted_at === null || row.attempted_at === undefined) continue;
        mail.attempts.push({
          at: iso(row.attempted_at),
          attempt: Number(row.attempt),
          smtpCode: row.smtp_code === null ? null : Number(row.smtp_code),
          error: row.error,
          durationMs: Number(row.duration_ms),
          outcome: String(row.outcome),
        });
      }
      return [...mails.values()];
    },
  };
}

export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
