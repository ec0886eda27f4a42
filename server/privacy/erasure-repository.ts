/**
 * A deletion request carried out (docs/privacy-requests.md), in the caller's
 * transaction: the personal data of every application from the address is
 * overwritten (the row stays, with what identifies no one: the product, the
 * amount band, the dates, the work status), as are the staff's notes on them
 * and every e-mail to the address (waiting ones are cancelled); their uploaded
 * documents are deleted, bytes and all. Kept, as the
 * law asks: the consent records and the opt-out ledger (append-only), the
 * newsletter sign-up as evidence (unsubscribed), and anything a legal hold
 * covers (023: application_held / email_held), which is reported instead. A
 * tombstone (privacy_erasures) records that it was done, with counts only.
 */
import { eraseApplicationDocuments } from "../documents/document-repository";
import { heldApplication, heldEmail } from "../retention/legal-hold-repository";
import { withdrawFromNewsletter } from "../newsletter/newsletter-repository";
import type { Queryable } from "../store/store";

export interface ErasureResult {
  /** Applications whose personal data was overwritten. */
  erasedApplicationIds: string[];
  /** Applications kept because a legal hold covers them. */
  heldApplicationIds: string[];
  /** The whole address is on legal hold: nothing was erased. */
  emailHeld: boolean;
  mailsErased: number;
  /** Uploaded documents deleted, bytes and all (a held application's stay). */
  documentsErased: number;
}

const ERASED = "[erased]";

export async function eraseEmail(db: Queryable, requestId: string, email: string): Promise<ErasureResult> {
  const address = email.toLowerCase();
  const held = await db.query<{ held: boolean }>(`SELECT ${heldEmail("$1")} AS held`, [address]);
  const emailHeld = held.rows[0].held;
  const { rows: apps } = await db.query<{ id: string; held: boolean }>(
    `SELECT a.id::text AS id, ${heldApplication("a.id")} AS held
       FROM applications a WHERE lower(a.email) = $1 ORDER BY a.id FOR UPDATE`,
    [address],
  );
  const heldApplicationIds = apps.filter((app) => emailHeld || app.held).map((app) => app.id);
  const erasedApplicationIds = emailHeld ? [] : apps.filter((app) => !app.held).map((app) => app.id);

  const documentsErased = await eraseApplicationDocuments(db, erasedApplicationIds);
  if (erasedApplicationIds.length > 0) {
    await db.query(
      `UPDATE applications
          SET first_name = $2, last_name = $2, email = $2, phone = $2, title = $2, company_name = $2,
              business_description = $2, funding_purpose = $2, client_ip = NULL, user_agent = NULL,
              attribution = NULL, payload = '{"erased": true}'::json
        WHERE id = ANY($1::uuid[])`,
      [erasedApplicationIds, ERASED],
    );
    await db.query(
      `UPDATE application_activities SET body = CASE WHEN body IS NULL THEN NULL ELSE $2 END,
              details = CASE WHEN details IS NULL THEN NULL ELSE '{}'::jsonb END
        WHERE application_id = ANY($1::uuid[])`,
      [erasedApplicationIds, ERASED],
    );
  }
  let mailsErased = 0;
  if (!emailHeld) {
    const mails = await db.query(
      `UPDATE mail_outbox
          SET to_address = $2, subject = $2, html = '', text = '', headers = '{}'::jsonb, cap_key = NULL,
              status = CASE WHEN status IN ('pending', 'sending') THEN 'cancelled' ELSE status END
        WHERE (lower(to_address) = $1 OR application_id = ANY($3::uuid[]))
          AND (application_id IS NULL OR NOT (application_id = ANY($4::uuid[])))`,
      [address, ERASED, erasedApplicationIds, heldApplicationIds],
    );
    mailsErased = mails.rowCount;
    // The sign-up stays as evidence of the consent it recorded; no more newsletters.
    await withdrawFromNewsletter(db, address);
    // Other requests from the address keep the address (what was asked, and answered) but not the rest.
    await db.query(`UPDATE privacy_requests SET name = $2, details = '' WHERE email = $1`, [address, ERASED]);
  }
  await db.query(
    `INSERT INTO privacy_erasures (request_id, applications_erased, mails_erased, applications_held)
     VALUES ($1::uuid, $2, $3, $4)`,
    [requestId, erasedApplicationIds.length, mailsErased, heldApplicationIds.length],
  );
  return { erasedApplicationIds, heldApplicationIds, emailHeld, mailsErased, documentsErased };
}
