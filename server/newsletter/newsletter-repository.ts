/**
 * The newsletter list, with double opt-in: a sign-up stores the address as
 * 'pending' and its confirmation e-mail in one transaction; only the owner's
 * click on the link makes it 'subscribed', and only subscribed (confirmed)
 * addresses count and export. Links hold random tokens; only their SHA-256
 * is stored. A confirmation works once and expires; an unsubscribe link keeps
 * working.
 */
import {
  CONFIRM_TTL_DAYS,
  cancelNewsletterMail,
  composeConfirmation,
  hashToken,
  insertMails,
  notifyMailQueued,
  type MailSettings,
} from "../mail/newsletter-mail";
import type { Queryable, Store } from "../store/store";

export interface NewSubscriber {
  email: string;
  spamReason?: string;
  ip?: string;
  userAgent?: string;
}

export interface NewsletterRepositoryOptions {
  /** Where links point and who confirmations come from; without it no confirmation is stored. */
  mail?: MailSettings;
}

/** What a link's token is worth now. */
export type TokenState = "valid" | "used" | "expired" | "invalid";

interface Subscriber {
  id: string;
  status: "pending" | "subscribed" | "unsubscribed" | "spam";
}

async function lockSubscriber(db: Queryable, email: string): Promise<Subscriber | undefined> {
  const { rows } = await db.query<Subscriber>(
    "SELECT id::text AS id, status FROM newsletter_subscribers WHERE email = $1 FOR UPDATE",
    [email],
  );
  return rows[0];
}

async function lookUpToken(db: Queryable, token: string, purpose: "confirm" | "unsubscribe", lock = false) {
  const { rows } = await db.query<{ subscriber_id: string; used: boolean; expired: boolean; status: string }>(
    `SELECT t.subscriber_id::text AS subscriber_id, t.used_at IS NOT NULL AS used,
            coalesce(t.expires_at <= now(), false) AS expired, s.status
       FROM newsletter_tokens t JOIN newsletter_subscribers s ON s.id = t.subscriber_id
      WHERE t.token_hash = $1 AND t.purpose = $2 ${lock ? "FOR UPDATE OF t, s" : ""}`,
    [hashToken(token), purpose],
  );
  return rows[0];
}

/**
 * An e-mail opt-out (the desk's opt-out ledger), in its transaction: the
 * address (lower-cased) stops at once. A pending or confirmed subscription
 * becomes unsubscribed; a confirmation link sent before it confirms nothing
 * any more (it reads as expired), so only a new sign-up, confirmed again by
 * its owner, puts the address back on the list; the newsletter e-mails
 * waiting for it are cancelled. The tokens are locked before the address, in
 * the order `confirm` locks them.
 */
export async function withdrawFromNewsletter(
  db: Queryable,
  email: string,
): Promise<{ unsubscribed: boolean; cancelledMail: number }> {
  // Expired since they were made: earlier than the start of any confirmation
  // that is waiting for these rows (its now()), so it finds them expired too.
  await db.query(
    `UPDATE newsletter_tokens SET expires_at = created_at
      WHERE purpose = 'confirm' AND used_at IS NULL
        AND subscriber_id = (SELECT id FROM newsletter_subscribers WHERE email = $1)`,
    [email],
  );
  const unsubscribed = await db.query(
    `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now()
      WHERE email = $1 AND status IN ('pending', 'subscribed')`,
    [email],
  );
  return { unsubscribed: unsubscribed.rowCount > 0, cancelledMail: await cancelNewsletterMail(db, email) };
}

export function createNewsletterRepository(store: Store, options: NewsletterRepositoryOptions = {}) {
  return {
    /**
     * A sign-up. A honeypot hit is stored as spam (an address a person uses
     * later is theirs). A person's new, pending, unsubscribed or bot-used
     * address becomes pending with a fresh confirmation e-mail (at most three
     * a day per address); a confirmed address stays as it is and gets nothing.
     * `created` is true when the address was new to the list.
     */
    async subscribe(input: NewSubscriber): Promise<{ created: boolean; confirmationQueued: boolean }> {
      const isSpam = Boolean(input.spamReason);
      // Rendered before the transaction, which then only writes.
      const confirmation =
        !isSpam && options.mail ? await composeConfirmation(input.email, options.mail) : undefined;
      const result = await store.transaction(async (tx) => {
        const inserted = await tx.query<Subscriber>(
          `INSERT INTO newsletter_subscribers (email, status, spam_reason, ip, user_agent)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (email) DO NOTHING
           RETURNING id::text AS id, status`,
          [
            input.email,
            isSpam ? "spam" : "pending",
            input.spamReason ?? null,
            input.ip ?? null,
            input.userAgent ?? null,
          ],
        );
        const created = inserted.rowCount > 0;
        const subscriber = inserted.rows[0] ?? (await lockSubscriber(tx, input.email));
        if (isSpam || !subscriber || subscriber.status === "subscribed") {
          return { created, confirmationQueued: false };
        }
        if (!created) {
          await tx.query(
            `UPDATE newsletter_subscribers SET status = 'pending', spam_reason = NULL, ip = $2, user_agent = $3
              WHERE id = $1::bigint`,
            [subscriber.id, input.ip ?? null, input.userAgent ?? null],
          );
        }
        if (!confirmation || !options.mail) return { created, confirmationQueued: false };
        const stored = await insertMails(tx, [confirmation.mail], { siteUrl: options.mail.siteUrl });
        // Over the daily cap: no e-mail, so no links to keep either.
        if (stored === 0) return { created, confirmationQueued: false };
        await tx.query(
          `INSERT INTO newsletter_tokens (token_hash, subscriber_id, purpose, expires_at)
           VALUES ($1, $3::bigint, 'confirm', now() + $4 * interval '1 day'),
                  ($2, $3::bigint, 'unsubscribe', NULL)`,
          [
            hashToken(confirmation.tokens.confirm),
            hashToken(confirmation.tokens.unsubscribe),
            subscriber.id,
            CONFIRM_TTL_DAYS,
          ],
        );
        return { created, confirmationQueued: true };
      });
      if (result.confirmationQueued) notifyMailQueued();
      return result;
    },

    /** What a confirm or unsubscribe token is worth, without using it (the link's page). */
    async tokenState(token: string, purpose: "confirm" | "unsubscribe"): Promise<TokenState> {
      const found = await lookUpToken(store, token, purpose);
      if (!found) return "invalid";
      if (found.used) return "used";
      return found.expired ? "expired" : "valid";
    },

    /** The owner's click: a valid confirm token makes the address subscribed (once). */
    async confirm(token: string): Promise<TokenState> {
      return store.transaction(async (tx) => {
        const found = await lookUpToken(tx, token, "confirm", true);
        if (!found) return "invalid";
        if (found.used) return "used";
        if (found.expired) return "expired";
        await tx.query("UPDATE newsletter_tokens SET used_at = now() WHERE token_hash = $1", [
          hashToken(token),
        ]);
        await tx.query(
          `UPDATE newsletter_subscribers SET status = 'subscribed', confirmed_at = now(), unsubscribed_at = NULL
            WHERE id = $1::bigint`,
          [found.subscriber_id],
        );
        return "valid";
      });
    },

    /** An unsubscribe link: always works, as often as it is used. */
    async unsubscribe(token: string): Promise<TokenState> {
      const result = await store.query(
        `UPDATE newsletter_subscribers s SET status = 'unsubscribed', unsubscribed_at = coalesce(s.unsubscribed_at, now())
           FROM newsletter_tokens t
          WHERE t.token_hash = $1 AND t.purpose = 'unsubscribe' AND s.id = t.subscriber_id`,
        [hashToken(token)],
      );
      return result.rowCount > 0 ? "valid" : "invalid";
    },

    /** Confirmed addresses only: the list that may be mailed. */
    async exportConfirmed(): Promise<Record<string, unknown>[]> {
      const { rows } = await store.query<Record<string, unknown>>(
        `SELECT email, status, created_at, confirmed_at, ip, user_agent
           FROM newsletter_subscribers WHERE status = 'subscribed' ORDER BY confirmed_at, id`,
      );
      return rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            value instanceof Date ? value.toISOString() : value,
          ]),
        ),
      );
    },

    async countConfirmed(): Promise<number> {
      const { rows } = await store.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM newsletter_subscribers WHERE status = 'subscribed'",
      );
      return Number(rows[0].n);
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
