/**
 * The desk's own SQL about applications: its actions (quarantine, release),
 * their history and the application's e-mails for the timeline, the consent
 * lookup and the quarantine purge. Reads shared with the operator CLI live in
 * store/ (the inbox, delivery health and export repositories).
 */
import {
  cancelApplicationMail,
  enqueueApplicationMail,
  type MailSettings,
} from "../../mail/application-mail";
import type { Queryable, Store } from "../../store/store";

/** Audit actions that change an application; the timeline shows them. */
export const APPLICATION_ACTIONS = {
  redelivered: "application.redelivered",
  released: "application.released",
  quarantined: "application.quarantined",
} as const;

export interface ActionRow {
  at: string;
  action: string;
  by: string | null;
  reason: string | null;
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
  kind: string;
  to: string;
  subject: string;
  status: string;
  messageId: string;
  createdAt: string;
  attempts: MailAttemptRow[];
}

export interface ConsentRow {
  application_id: string;
  consented_at: string;
  consent_version: string;
  consent_text: string;
  phone: string;
  email: string;
  company_name: string;
}

export interface LockedApplication {
  id: string;
  status: "received" | "spam";
  /** The outbox row's status, or null without one. */
  delivery: string | null;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export function createDeskApplicationsRepository(store: Store) {
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

    /**
     * To quarantine: marked spam with the reason; a delivery still waiting
     * (pending, being sent, or dead and so waiting for a redelivery) is
     * cancelled, and so are its e-mails not sent yet. One already delivered
     * stays as it is. Returns what was cancelled.
     */
    async quarantine(
      db: Queryable,
      id: string,
      reason: string,
    ): Promise<{ deliveryCancelled: boolean; mailCancelled: number }> {
      await db.query(
        `UPDATE applications SET status = 'spam', spam_reason = $2, quarantined_at = now()
          WHERE id = $1::uuid`,
        [id, reason],
      );
      const cancelled = await db.query(
        `UPDATE outbox SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE application_id = $1::uuid AND status IN ('pending', 'sending', 'dead')`,
        [id],
      );
      return {
        deliveryCancelled: cancelled.rowCount > 0,
        mailCancelled: await cancelApplicationMail(db, id),
      };
    },

    /**
     * Out of quarantine into the normal path: received, with an outbox row
     * due now (a new one; or the one the quarantine cancelled, pending again
     * with a fresh retry schedule), and the receipt and staff alerts a new
     * application gets. Returns whether a delivery was queued (not when the
     * CRM already has it) and how many e-mails.
     */
    async release(
      db: Queryable,
      id: string,
      mail: MailSettings,
    ): Promise<{ queued: boolean; mailQueued: number }> {
      await db.query(
        `UPDATE applications SET status = 'received', spam_reason = NULL, quarantined_at = NULL
          WHERE id = $1::uuid`,
        [id],
      );
      const queued = await db.query(
        `INSERT INTO outbox (application_id) VALUES ($1::uuid)
         ON CONFLICT (application_id) DO UPDATE
            SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_by = NULL,
                locked_until = NULL, last_error = NULL, updated_at = now()
          WHERE outbox.status = 'cancelled'`,
        [id],
      );
      return { queued: queued.rowCount > 0, mailQueued: await enqueueApplicationMail(db, id, mail) };
    },

    /** The desk's actions on one application, oldest first, from the audit log. */
    async actions(id: string, db: Queryable = store): Promise<ActionRow[]> {
      const { rows } = await db.query<{ at: unknown; action: string; by: string | null; reason: unknown }>(
        `SELECT at, action, actor_email AS by, details ->> 'reason' AS reason
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
        kind: string;
        to_address: string;
        subject: string;
        status: string;
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

    /**
     * Every consent record for a phone number (its digits, the last ten, so
     * formatting and a leading country code do not matter) or an e-mail
     * address (any case); newest first.
     */
    async consents(match: { phone: string } | { email: string }): Promise<ConsentRow[]> {
      const where = "phone" in match ? "phone_key(c.phone) = phone_key($1)" : "lower(a.email) = lower($1)";
      const { rows } = await store.query(
        `SELECT c.application_id::text AS application_id, c.consented_at, c.consent_version, c.consent_text,
                c.phone, a.email, a.company_name
           FROM consents c JOIN applications a ON a.id = c.application_id
          WHERE ${where}
          ORDER BY c.consented_at DESC, c.application_id
          LIMIT 1000`,
        ["phone" in match ? match.phone : match.email],
      );
      return rows.map((row) => ({ ...row, consented_at: iso(row.consented_at) }) as ConsentRow);
    },

    /**
     * Deletes quarantined applications older than `retentionMs` (counted from
     * their quarantine), with their consent records, outbox rows and
     * attempts, in batches; never one the CRM received (its consent record is
     * evidence). Returns how many were deleted.
     */
    /**
     * Deletes quarantined applications past retention in batches; `onDeleted`
     * runs inside each batch's transaction (the audit row commits with the deletion).
     */
    async purgeQuarantine(
      retentionMs: number,
      onDeleted?: (db: Queryable, count: number) => Promise<void>,
      batchSize = 500,
    ): Promise<number> {
      let total = 0;
      for (;;) {
        const deleted = await store.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM applications
              WHERE status = 'spam'
                AND coalesce(quarantined_at, created_at) < now() - $1 * interval '1 millisecond'
                AND NOT crm_received(id)
              ORDER BY created_at, id
              LIMIT $2
                FOR UPDATE SKIP LOCKED`,
            [retentionMs, batchSize],
          );
          const ids = rows.map((row) => row.id);
          if (ids.length === 0) return 0;
          // The consent first: its trigger checks the outbox rows that show the CRM never had it.
          await tx.query("DELETE FROM consents WHERE application_id = ANY($1::uuid[])", [ids]);
          await tx.query(
            `DELETE FROM delivery_attempts
              WHERE outbox_id IN (SELECT id FROM outbox WHERE application_id = ANY($1::uuid[]))`,
            [ids],
          );
          await tx.query("DELETE FROM outbox WHERE application_id = ANY($1::uuid[])", [ids]);
          await tx.query("DELETE FROM applications WHERE id = ANY($1::uuid[])", [ids]);
          await onDeleted?.(tx, ids.length);
          return ids.length;
        });
        total += deleted;
        if (deleted < batchSize) return total;
      }
    },
  };
}

export type DeskApplicationsRepository = ReturnType<typeof createDeskApplicationsRepository>;
