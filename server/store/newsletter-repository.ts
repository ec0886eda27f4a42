import type { Store } from "./store";

export interface NewSubscriber {
  email: string;
  spamReason?: string;
  ip?: string;
  userAgent?: string;
}

export function createNewsletterRepository(store: Store) {
  return {
    /** Stores the address once; true when it was new. */
    async subscribe(input: NewSubscriber): Promise<{ created: boolean }> {
      const status = input.spamReason ? "spam" : "subscribed";
      const inserted = await store.query(
        `INSERT INTO newsletter_subscribers (email, status, spam_reason, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (email) DO NOTHING`,
        [input.email, status, input.spamReason ?? null, input.ip ?? null, input.userAgent ?? null],
      );
      if (inserted.rowCount > 0) return { created: true };
      // A bot may have used this address first; the person's own sign-up wins.
      if (status === "subscribed") {
        await store.query(
          `UPDATE newsletter_subscribers SET status = 'subscribed', spam_reason = NULL, ip = $2, user_agent = $3
           WHERE email = $1 AND status = 'spam'`,
          [input.email, input.ip ?? null, input.userAgent ?? null],
        );
      }
      return { created: false };
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
