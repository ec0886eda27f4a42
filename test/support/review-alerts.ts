/**
 * Test helpers for the review clock's alerts: applications submitted the way
 * visitors submit them, then given an owner, a deadline and a state directly
 * in the store; the review e-mails as the mail outbox holds them.
 */
import type { App } from "../../server/app";
import type { Store } from "../../server/store/store";
import { submit } from "./desk-applications";

/** A fixed "now" for the alert passes (a Tuesday, 9:00 in Chicago, 10:00 in New York). */
export const T = new Date("2030-01-15T15:00:00Z");
export const minutesAfter = (minutes: number, from = T) => new Date(from.getTime() + minutes * 60_000);

export interface Placed {
  company: string;
  ownerId?: string | null;
  /** The deadline, in minutes after T (negative: already past). */
  dueIn: number;
  touched?: boolean;
  closed?: boolean;
  quarantined?: boolean;
}

/** Submits an application and places it: its owner, its deadline, touched or closed. Returns its id. */
export async function placeApplication(app: App, store: Store, placed: Placed): Promise<string> {
  const id = await submit(app, {
    companyName: placed.company,
    ...(placed.quarantined ? { companyWebsite: "https://spam.example.test" } : {}),
  });
  await store.query(
    `UPDATE applications
        SET owner_id = $2, review_due_at = $3, first_touched_at = $4,
            work_status = CASE WHEN $5 THEN 'closed' ELSE work_status END,
            close_reason = CASE WHEN $5 THEN 'duplicate' END
      WHERE id = $1`,
    [
      id,
      placed.ownerId ?? null,
      minutesAfter(placed.dueIn),
      placed.touched ? minutesAfter(-60) : null,
      placed.closed === true,
    ],
  );
  return id;
}

export interface StoredReviewMail {
  kind: "review-reminder" | "review-overdue";
  to: string;
  subject: string;
  text: string;
}

/** The review e-mails stored, oldest first. */
export async function reviewMails(store: Store): Promise<StoredReviewMail[]> {
  const { rows } = await store.query<StoredReviewMail>(
    `SELECT kind, to_address AS to, subject, text FROM mail_outbox
      WHERE kind IN ('review-reminder', 'review-overdue') ORDER BY id`,
  );
  return rows;
}

/** How many review e-mails each address got. */
export const countByRecipient = (mails: StoredReviewMail[]) =>
  mails.reduce<Record<string, number>>((counts, mail) => {
    counts[mail.to] = (counts[mail.to] ?? 0) + 1;
    return counts;
  }, {});

/** The desk links an e-mail lists, one per application. */
export const listedLinks = (text: string): string[] =>
  text.match(/\/desk\/applications\/[0-9a-f-]{36}/g) ?? [];

/** Forgets every recipient's last message (between tests; the store's reset keeps this table). */
export const forgetTurns = (store: Store) => store.query("DELETE FROM review_alert_sends");
