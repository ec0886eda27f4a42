/**
 * The e-mails an accepted application causes: the applicant's receipt (under
 * the per-address daily cap) and one alert per staff address. Never for an
 * application held as spam: the intake stores them only when it is not, and a
 * release from quarantine calls enqueueApplicationMail in its transaction.
 */
import type { Queryable } from "../store/store";
import {
  composeReceipt,
  composeStaffAlerts,
  type ApplicationForMail,
  type MailSettings,
  type OutgoingMail,
} from "./compose";
import { insertMails } from "./outbox-repository";
import { randomReference, withFreshReference } from "./reference";

export type { ApplicationForMail, MailSettings } from "./compose";

/** The receipt and the staff alerts, rendered. */
export async function composeApplicationMails(
  app: ApplicationForMail,
  settings: MailSettings,
): Promise<OutgoingMail[]> {
  return [await composeReceipt(app, settings), ...(await composeStaffAlerts(app, settings))];
}

interface StoredApplication {
  id: string;
  status: string;
  reference: string | null;
  first_name: string;
  last_name: string;
  company_name: string;
  email: string;
  phone: string;
  funding_type: string;
  funding_amount: string;
  timeframe: string;
  submitted_at: Date | string;
  consent_text: string;
  consent_version: string;
  has_receipt: boolean;
  has_alert: boolean;
}

/**
 * Stores the receipt and staff alerts for a stored application that has none
 * yet: for the desk's "release from quarantine", inside its transaction (pass
 * that transaction as `db`). Gives the application a reference number if it
 * lacks one; e-mails an earlier quarantine cancelled are queued again. Nothing
 * for an application that is (still) quarantined. Returns how many e-mails were
 * queued (a new receipt is skipped when its address is capped). A new receipt
 * carries the room link `roomLink` makes (server/room/room-link.ts: a fresh
 * token, stored in this transaction), when given.
 */
export async function enqueueApplicationMail(
  db: Queryable,
  applicationId: string,
  settings: MailSettings,
  roomLink?: (db: Queryable, applicationId: string) => Promise<string>,
): Promise<number> {
  const { rows } = await db.query<StoredApplication>(
    `SELECT a.id::text AS id, a.status, a.reference, a.first_name, a.last_name, a.company_name, a.email, a.phone,
            a.funding_type, a.funding_amount::text AS funding_amount, a.timeframe, a.submitted_at,
            c.consent_text, c.consent_version,
            EXISTS (SELECT 1 FROM mail_outbox m WHERE m.application_id = a.id AND m.kind = 'receipt') AS has_receipt,
            EXISTS (SELECT 1 FROM mail_outbox m WHERE m.application_id = a.id AND m.kind = 'staff-alert') AS has_alert
       FROM applications a JOIN consents c ON c.application_id = a.id
      WHERE a.id = $1::uuid
      FOR UPDATE OF a`,
    [applicationId],
  );
  const row = rows[0];
  if (!row || row.status === "quarantined") return 0;
  // E-mails cancelled by an earlier quarantine go out as they were rendered.
  const revived = await db.query(
    `UPDATE mail_outbox SET status = 'pending', next_attempt_at = now(), attempts = 0, updated_at = now()
      WHERE application_id = $1::uuid AND status = 'cancelled'`,
    [row.id],
  );
  let reference = row.reference;
  if (!reference) {
    reference = await withFreshReference(db, true, async () => {
      const drawn = randomReference();
      await db.query("UPDATE applications SET reference = $2 WHERE id = $1::uuid", [row.id, drawn]);
      return drawn;
    });
  }
  const app: ApplicationForMail = {
    id: row.id,
    reference,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    email: row.email,
    phone: row.phone,
    fundingType: row.funding_type,
    fundingAmount: row.funding_amount,
    timeframe: row.timeframe,
    submittedAt: new Date(row.submitted_at).toISOString(),
    consent: { text: row.consent_text, version: row.consent_version },
    roomUrl: !row.has_receipt && roomLink ? await roomLink(db, row.id) : undefined,
  };
  const mails = (await composeApplicationMails(app, settings)).filter((mail) =>
    mail.kind === "receipt" ? !row.has_receipt : !row.has_alert,
  );
  return (
    revived.rowCount + (await insertMails(db, mails, { siteUrl: settings.siteUrl, applicationId: row.id }))
  );
}

/**
 * The desk put an application in quarantine: its e-mails that have not gone
 * out yet never will (one being sent right now may still arrive). Call inside
 * the quarantine's transaction; returns how many were cancelled.
 */
export async function cancelApplicationMail(db: Queryable, applicationId: string): Promise<number> {
  const result = await db.query(
    `UPDATE mail_outbox SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE application_id = $1::uuid AND status IN ('pending', 'dead')`,
    [applicationId],
  );
  return result.rowCount;
}
