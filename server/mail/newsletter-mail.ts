/**
 * The newsletter's links and their e-mail: random tokens of which only a
 * SHA-256 is stored; the confirmation e-mail carries the confirm link and an
 * unsubscribe link, and the header lines for one-click unsubscribe.
 */
import { createHash, randomBytes } from "node:crypto";
import { composeNewsletterConfirm, type MailSettings, type OutgoingMail } from "./compose";

export type { MailSettings } from "./compose";
export { cancelNewsletterMail, insertMails, notifyMailQueued } from "./outbox-repository";

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
