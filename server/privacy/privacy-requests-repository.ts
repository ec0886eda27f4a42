/**
 * Privacy requests' SQL (docs/privacy-requests.md). A request is stored
 * unverified with its verification e-mail in one transaction; only the link
 * token's SHA-256 is kept, the link works once and expires, and expired
 * unverified requests are removed.
 */
import { randomUUID } from "node:crypto";
import {
  PRIVACY_ANSWER_WITHIN_DAYS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_VERIFY_TTL_HOURS,
  type PrivacyRequestInput,
} from "#domain/privacy/request";
import { composePrivacyVerify, type MailSettings } from "../mail/compose";
import { hashToken, newToken } from "../mail/newsletter-mail";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import type { Queryable, Store } from "../store/store";
import type { VerifiedRequest } from "./stop-requests";

/** What a verification link is worth now. */
export type VerifyState = "valid" | "used" | "expired" | "invalid";

export interface RequestOrigin {
  ip?: string;
  userAgent?: string;
}

/** An open request whose deadline is near or past, taken for a reminder. */
export interface DueRequest {
  id: string;
  kind: PrivacyRequestInput["kind"];
  due_at: Date;
  owner_name: string | null;
  /** The owner's address while their account can sign in. */
  owner_email: string | null;
}

/** A desk account that can sign in: not disabled, its second factor set up. */
const ACTIVE_USER = `u.banned IS NOT TRUE AND u."twoFactorEnabled" IS TRUE`;

/**
 * Takes the open requests due within `dueSoonDays` (or overdue) whose last
 * reminder is older than `everyMs`, marking them reminded now, in the
 * caller's transaction: rows another instance is reminding are skipped, so
 * each reminder is sent once.
 */
export async function takeDueRequests(
  db: Queryable,
  dueSoonDays: number,
  everyMs: number,
): Promise<DueRequest[]> {
  const { rows } = await db.query<DueRequest>(
    `WITH due AS (
       SELECT r.id FROM privacy_requests r
        WHERE r.status IN ('new', 'in_progress') AND r.due_at <= now() + $1 * interval '1 day'
          AND (r.reminded_at IS NULL OR r.reminded_at <= now() - $2 * interval '1 millisecond')
        ORDER BY r.due_at FOR UPDATE SKIP LOCKED)
     UPDATE privacy_requests r SET reminded_at = now() FROM due WHERE r.id = due.id
     RETURNING r.id::text AS id, r.kind, r.due_at,
               (SELECT u.name FROM "desk_user" u WHERE u.id = r.owner_id) AS owner_name,
               (SELECT u.email FROM "desk_user" u WHERE u.id = r.owner_id AND ${ACTIVE_USER}) AS owner_email`,
    [dueSoonDays, everyMs],
  );
  return rows.sort((a, b) => a.due_at.getTime() - b.due_at.getTime());
}

/** The distinct phone numbers the address's applications gave (by their last ten digits). */
export async function phonesOfEmail(db: Queryable, email: string): Promise<string[]> {
  const { rows } = await db.query<{ phone: string }>(
    `SELECT DISTINCT ON (phone_key(a.phone)) a.phone FROM applications a
      WHERE lower(a.email) = $1 ORDER BY phone_key(a.phone), a.created_at DESC`,
    [email.toLowerCase()],
  );
  return rows.map((row) => row.phone);
}

/** The admins who can sign in: they hear of requests nobody owns and of overdue ones. */
export async function activeAdminEmails(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT u.email FROM "desk_user" u WHERE u.role = 'admin' AND ${ACTIVE_USER} ORDER BY u."createdAt", u.id`,
  );
  return rows.map((row) => row.email);
}

export function createPrivacyRequestsRepository(store: Store, settings: MailSettings) {
  return {
    /**
     * A request from the public form: stored unverified with its verification
     * e-mail, or, when that address already had its three verification
     * e-mails today, not at all (`queued: false`; the visitor is told the
     * same either way).
     */
    async submit(input: PrivacyRequestInput, origin: RequestOrigin): Promise<{ queued: boolean }> {
      const token = newToken();
      const mail = await composePrivacyVerify(
        input.email,
        {
          token,
          kindLabel: PRIVACY_REQUEST_KIND_LABELS[input.kind],
          expiresInHours: PRIVACY_VERIFY_TTL_HOURS,
        },
        settings,
      );
      const queued = await store.transaction(async (tx) => {
        if ((await insertMails(tx, [mail], { siteUrl: settings.siteUrl })) === 0) return false;
        await tx.query(
          `INSERT INTO privacy_requests (id, kind, email, name, details, token_hash, token_expires_at, ip, user_agent)
           VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 hour', $8, $9)`,
          [
            randomUUID(),
            input.kind,
            input.email,
            input.name,
            input.details,
            hashToken(token),
            PRIVACY_VERIFY_TTL_HOURS,
            origin.ip ?? null,
            origin.userAgent?.slice(0, 1000) ?? null,
          ],
        );
        return true;
      });
      if (queued) notifyMailQueued();
      return { queued };
    },

    /** What a link's token is worth, without using it (the link's page). */
    async tokenState(token: string): Promise<VerifyState> {
      const { rows } = await store.query<{ used: boolean; expired: boolean }>(
        `SELECT status <> 'unverified' AS used, token_expires_at <= now() AS expired
           FROM privacy_requests WHERE token_hash = $1`,
        [hashToken(token)],
      );
      if (!rows[0]) return "invalid";
      if (rows[0].used) return "used";
      return rows[0].expired ? "expired" : "valid";
    },

    /**
     * The owner's click, once: the request joins the desk's queue, due 30
     * calendar days from now; a stop request is honoured at once (stop-requests.ts).
     */
    async verify(
      token: string,
      honour: (tx: Queryable, request: VerifiedRequest) => Promise<unknown>,
    ): Promise<VerifyState> {
      const verified = await store.transaction(async (tx) => {
        const { rows } = await tx.query<VerifiedRequest>(
          `UPDATE privacy_requests
              SET status = 'new', verified_at = now(), due_at = now() + $2 * interval '1 day'
            WHERE token_hash = $1 AND status = 'unverified' AND token_expires_at > now()
            RETURNING id::text AS id, kind, email, created_at`,
          [hashToken(token), PRIVACY_ANSWER_WITHIN_DAYS],
        );
        if (rows[0]) await honour(tx, rows[0]);
        return rows.length > 0;
      });
      return verified ? "valid" : this.tokenState(token);
    },

    /** Removes the unverified requests whose link has expired; returns how many. */
    async removeExpired(): Promise<number> {
      const result = await store.query(
        "DELETE FROM privacy_requests WHERE status = 'unverified' AND token_expires_at <= now()",
      );
      return result.rowCount;
    },
  };
}

export type PrivacyRequestsRepository = ReturnType<typeof createPrivacyRequestsRepository>;
