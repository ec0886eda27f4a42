/**
 * The mail outbox's SQL. Storing: each e-mail gets its row id and its
 * Message-ID in the statement that stores it, and mail under a per-recipient
 * cap is skipped once that address had CAP_PER_DAY of its kind in 24 hours.
 * Sending: claims, attempts and leases as every outbox has them
 * (outbox/claims.ts).
 */
import type { MailItem } from "#domain/desk/contract";
import { createClaims, type OutboxTables } from "../outbox/claims";
import { notifyRowsWaiting } from "../outbox/notifier";
import type { ClaimedRow, Outcome } from "../outbox/worker-loop";
import type { Queryable, Store } from "../store/store";
import type { MailKind, OutgoingMail } from "./compose";

/** The mail outbox's table: what its workers listen for (outbox/notifier.ts). */
export const MAIL_OUTBOX = "mail_outbox";

/**
 * Wakes this process's mail workers at once instead of at their next poll:
 * call after the transaction that stored (or re-queued) mail has committed.
 */
export const notifyMailQueued = () => notifyRowsWaiting(MAIL_OUTBOX);

/** At most this many capped e-mails (receipts, confirmations) to one address in 24 hours. */
export const CAP_PER_DAY = 3;

export type MailStatus = "pending" | "sending" | "sent" | "dead" | "cancelled";
export const MAIL_STATUSES: MailStatus[] = ["pending", "sending", "sent", "dead", "cancelled"];
export type MailOutcome = Outcome<"sent">;

export interface InsertMailsSql {
  /** The parameter holding the JSON array of mails, e.g. "$3". */
  json: string;
  /** The parameter holding the Message-ID host. */
  host: string;
  /** An expression for application_id (e.g. "a.id"); NULL by default. */
  applicationId?: string;
  /** Further FROM items (e.g. "a", a CTE of the same statement). */
  from?: string;
  /** A further condition (e.g. "NOT $9::boolean"). */
  where?: string;
}

/**
 * An INSERT (usable as a CTE) of the JSON array of mails `json`. Each row gets
 * its id from the sequence and the Message-ID "<mail-<id>@<host>>" with it;
 * a capped mail takes the next number for its cap key and is skipped when the
 * last CAP_PER_DAY such mails all fall within 24 hours. Two statements racing
 * for the same number meet on the (cap_key, cap_seq) constraint: the second
 * inserts nothing, so the cap holds across instances.
 */
export function insertMailsSql({ json, host, applicationId = "NULL::uuid", from, where }: InsertMailsSql) {
  return `INSERT INTO mail_outbox (id, message_id, kind, application_id, from_address, to_address, subject,
                                   headers, html, text, cap_key, cap_seq)
          SELECT q.id, '<mail-' || q.id || '@' || ${host}::text || '>', q.kind, q.application_id, q.from_address,
                 q.to_address, q.subject, q.headers, q.html, q.text, q.cap_key, q.cap_seq
            FROM (SELECT nextval('mail_outbox_id_seq') AS id, m.kind, ${applicationId} AS application_id,
                         m.from_address, m.to_address, m.subject, coalesce(m.headers, '{}'::jsonb) AS headers,
                         m.html, m.text, m.cap_key,
                         CASE WHEN m.cap_key IS NOT NULL THEN
                           coalesce((SELECT max(x.cap_seq) FROM mail_outbox x WHERE x.cap_key = m.cap_key), 0) + 1
                         END AS cap_seq
                    FROM json_to_recordset(${json}::json) AS m(kind text, from_address text, to_address text,
                           subject text, headers jsonb, html text, text text, cap_key text)
                         ${from ? `, ${from}` : ""}
                   WHERE (${where ?? "true"})
                     AND (m.cap_key IS NULL OR (
                          SELECT count(*) FROM (
                            SELECT x.created_at FROM mail_outbox x WHERE x.cap_key = m.cap_key
                             ORDER BY x.cap_seq DESC LIMIT ${CAP_PER_DAY}) recent
                           WHERE recent.created_at > now() - interval '1 day') < ${CAP_PER_DAY})) q
          ON CONFLICT (cap_key, cap_seq) DO NOTHING`;
}

/** The mails as the JSON parameter insertMailsSql reads. */
export function mailsJson(mails: OutgoingMail[]): string {
  return JSON.stringify(
    mails.map((mail) => ({
      kind: mail.kind,
      from_address: mail.from,
      to_address: mail.to,
      subject: mail.subject,
      headers: mail.headers,
      html: mail.html,
      text: mail.text,
      cap_key: mail.capKey ?? null,
    })),
  );
}

/** The host in our Message-IDs: the site's. */
export const messageIdHost = (siteUrl: string) => new URL(siteUrl).hostname;

/** Stores mails (in the caller's transaction when `db` is one); returns how many were stored. */
export async function insertMails(
  db: Queryable,
  mails: OutgoingMail[],
  options: { siteUrl: string; applicationId?: string },
): Promise<number> {
  if (mails.length === 0) return 0;
  const result = await db.query(insertMailsSql({ json: "$1", host: "$2", applicationId: "$3::uuid" }), [
    mailsJson(mails),
    messageIdHost(options.siteUrl),
    options.applicationId ?? null,
  ]);
  return result.rowCount;
}

/** A stored e-mail claimed for sending: the message as composed, its Message-ID and when it was stored. */
export interface ClaimedMail extends ClaimedRow, Omit<OutgoingMail, "capKey"> {
  messageId: string;
  createdAt: Date;
}

/**
 * E-mails whose link is itself the credential (the link to a copy of someone's
 * data works for days, for whoever holds it): once the e-mail has gone out,
 * the stored copy keeps the text but not the link's token, so neither the
 * desk's mail pages nor a copy of the database can open it. A resend is not
 * possible for these (only dead or waiting e-mails are redelivered), and a
 * new link is issued by answering the request again.
 */
export const LINK_NOT_KEPT_KINDS: readonly MailKind[] = ["privacy-access"];
/** What a sent e-mail of those kinds shows where its token was. */
export const REMOVED_TOKEN = "removed-once-sent";

/**
 * E-mails carrying a document room link (server/room/room-link.ts: the path
 * /documents/<token>, which opens the application's room for as long as it is
 * kept): once sent, the stored copy loses the token the same way, so the
 * database holds only the token's hash (room_links) and staff reading the
 * e-mail in the desk cannot enter the applicant's room.
 */
export const ROOM_LINK_KINDS: readonly MailKind[] = [
  "receipt",
  "room-link",
  "document-reminder",
  "document-attention",
];

const kindList = (kinds: readonly MailKind[]) => kinds.map((kind) => `'${kind}'`).join(", ");

const forgetTokens = (column: "html" | "text") =>
  `${column} = CASE WHEN kind IN (${kindList(LINK_NOT_KEPT_KINDS)})
     THEN regexp_replace(${column}, '([?&](amp;)?token=)[A-Za-z0-9_-]+', '\\1${REMOVED_TOKEN}', 'g')
     WHEN kind IN (${kindList(ROOM_LINK_KINDS)})
     THEN regexp_replace(${column}, '(/documents/)[A-Za-z0-9_-]{43}', '\\1${REMOVED_TOKEN}', 'g')
     ELSE ${column} END`;

/** The mail outbox; a claim returns the stored message. */
const TABLES: OutboxTables<"sent"> = {
  doneSet: `${forgetTokens("html")}, ${forgetTokens("text")}`,
  outbox: MAIL_OUTBOX,
  attempts: "mail_attempts",
  attemptOf: "mail_id",
  code: "smtp_code",
  done: "sent",
  doneAt: "sent_at",
  returning:
    "o.kind, o.message_id, o.from_address, o.to_address, o.subject, o.headers, o.html, o.text, o.created_at",
};

interface MailRow {
  kind: MailKind;
  message_id: string;
  from_address: string;
  to_address: string;
  subject: string;
  headers: Record<string, string> | string;
  html: string;
  text: string;
  created_at: Date | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createMailOutboxRepository(store: Store) {
  return {
    ...createClaims(store, TABLES, (row: MailRow): Omit<ClaimedMail, keyof ClaimedRow> => ({
      kind: row.kind,
      messageId: row.message_id,
      from: row.from_address,
      to: row.to_address,
      subject: row.subject,
      headers: typeof row.headers === "string" ? JSON.parse(row.headers) : row.headers,
      html: row.html,
      text: row.text,
      createdAt: new Date(row.created_at),
    })),

    async countByStatus(): Promise<Record<MailStatus, number>> {
      const { rows } = await store.query<{ status: MailStatus; n: string }>(
        "SELECT status, count(*)::text AS n FROM mail_outbox GROUP BY status",
      );
      const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<
        MailStatus,
        number
      >;
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /**
     * Newest first, keyset pagination on the id; metadata only (never a body).
     * The ORDER BY names the table's numeric id: a bare `id` would be the
     * selected text, which sorts "99" after "100".
     */
    async list(filter: { status?: MailStatus; cursor?: string; limit?: number } = {}) {
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
      const { rows } = await store.query<{
        id: string;
        kind: MailKind;
        to_address: string;
        subject: string;
        status: MailStatus;
        attempts: number;
        next_attempt_at: Date | string | null;
        last_error: string | null;
        created_at: Date | string;
        sent_at: Date | string | null;
        message_id: string;
        application_id: string | null;
      }>(
        `SELECT id::text AS id, kind, to_address, subject, status, attempts,
                CASE WHEN status IN ('pending', 'sending') THEN next_attempt_at END AS next_attempt_at,
                last_error, created_at, sent_at, message_id, application_id::text AS application_id
           FROM mail_outbox
          WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR mail_outbox.id < $2::bigint)
          ORDER BY mail_outbox.id DESC LIMIT $3`,
        [filter.status ?? null, filter.cursor ?? null, limit + 1],
      );
      const page = rows.slice(0, limit);
      const items: MailItem[] = page.map((row) => ({
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        status: row.status,
        attempts: Number(row.attempts),
        nextAttemptAt: iso(row.next_attempt_at),
        lastError: row.last_error,
        createdAt: iso(row.created_at)!,
        sentAt: iso(row.sent_at),
        messageId: row.message_id,
        applicationId: row.application_id,
      }));
      return { items, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
    },

    /**
     * A dead (or waiting) e-mail back to pending, due now, with a fresh retry
     * schedule; its Message-ID stays, so a receiver can tell a resend. Returns
     * its status before, or undefined when there is no such e-mail.
     */
    async redeliver(
      id: string,
      db: Queryable = store,
    ): Promise<{ before: MailStatus; requeued: boolean } | undefined> {
      const { rows } = await db.query<{ status: MailStatus; requeued: boolean }>(
        `WITH target AS (SELECT id, status FROM mail_outbox WHERE id = $1::bigint FOR UPDATE),
              moved AS (
                UPDATE mail_outbox m SET status = 'pending', next_attempt_at = now(), attempts = 0,
                       locked_by = NULL, locked_until = NULL, updated_at = now()
                  FROM target WHERE m.id = target.id AND target.status IN ('dead', 'pending')
                RETURNING m.id)
         SELECT target.status, EXISTS (SELECT 1 FROM moved) AS requeued FROM target`,
        [id],
      );
      return rows[0] ? { before: rows[0].status, requeued: rows[0].requeued } : undefined;
    },

    /** Every attempt for one e-mail, oldest first. */
    async attempts(id: string) {
      const { rows } = await store.query(
        `SELECT attempt, attempted_at, smtp_code, error, duration_ms, worker, outcome
           FROM mail_attempts WHERE mail_id = $1::bigint ORDER BY attempted_at, id`,
        [id],
      );
      return rows;
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;

/**
 * Cancels the newsletter e-mails (issues and confirmations) waiting for
 * `address` (lower-cased), or given up on, so none goes out (or is resent)
 * after its owner opted out of e-mail; one already being sent cannot be
 * stopped. In the opt-out's transaction; returns how many were cancelled.
 */
export async function cancelNewsletterMail(db: Queryable, address: string): Promise<number> {
  const result = await db.query(
    `UPDATE mail_outbox SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE lower(to_address) = $1 AND kind IN ('newsletter', 'newsletter-confirm') AND status IN ('pending', 'dead')`,
    [address],
  );
  return result.rowCount;
}
