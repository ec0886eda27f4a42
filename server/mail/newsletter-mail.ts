/**
 * The newsletter's links and their e-mail: random tokens of which only a
 * SHA-256 is stored; the confirmation e-mail carries the confirm link and an
 * unsubscribe link, and the header lines for one-click unsubscribe.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../store/store";
import { composeNewsletterConfirm, type MailSettings, type OutgoingMail } from "./compose";

export { renderNoticePage, type MailSettings } from "./compose";
export { insertMails, notifyMailQueued } from "./outbox-repository";

/** A confirmation link works for this long. */
export const CONFIRM_TTL_DAYS = 7;

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url");

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export interface ConfirmationMail {
  tokens: { confirm: string; unsubscribe: string };
  mail: OutgoingMail;
}

/** New confirm and unsubscribe tokens and the e-mail that carries them. */
export async function composeConfirmation(to: string, settings: MailSettings): Promise<ConfirmationMail> {
  const tokens = { confirm: newToken(), unsubscribe: newToken() };
  return { tokens, mail: await composeNewsletterConfirm(to, tokens, CONFIRM_TTL_DAYS, settings) };
}

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
