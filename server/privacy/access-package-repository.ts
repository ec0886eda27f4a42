/**
 * An access request's copy of everything held about one e-mail address
 * (docs/privacy-requests.md): its applications (every field, the attribution,
 * the work status), their consent records and CRM delivery history, its
 * the documents asked of them and those uploaded (listed: the files
 * themselves are handed over apart), its
 * opt-outs (by the address, or of a phone number its applications gave,
 * recorded once it had been given), the e-mails sent to it as an applicant,
 * subscriber or requester, its newsletter state and its privacy requests.
 * Everything is what this person's own actions created, selected by that
 * address or through its applications: an opt-out of the same number by
 * whoever held it before, and the staff alerts a shared alert mailbox
 * received about other applicants, are not theirs and stay out.
 */
import { PUBLIC_MAIL_KINDS } from "#domain/desk/contract";
import type { Queryable } from "../store/store";

export interface AccessPackage {
  generatedAt: string;
  email: string;
  applications: Record<string, unknown>[];
  optOuts: Record<string, unknown>[];
  emailsSent: Record<string, unknown>[];
  newsletter: Record<string, unknown> | null;
  privacyRequests: Record<string, unknown>[];
}

/** Dates as ISO text, so the JSON and the page say the same. */
const plain = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

export async function gatherAccessPackage(db: Queryable, email: string): Promise<AccessPackage> {
  const address = email.toLowerCase();
  const applications = await db.query<Record<string, unknown>>(
    `SELECT a.id::text AS id, a.reference, a.submitted_at, a.source, a.first_name, a.last_name, a.email, a.phone,
            a.title, a.company_name, a.industry, a.annual_revenue, a.years_in_business, a.business_description,
            a.funding_type, a.funding_amount::text AS funding_amount, a.funding_purpose, a.timeframe,
            a.credit_score, a.sms_consent, a.client_ip AS ip_address, a.user_agent, a.attribution,
            a.work_status, a.close_reason,
            (SELECT json_build_object('text', c.consent_text, 'version', c.consent_version,
                                      'given_at', c.consented_at, 'phone', c.phone, 'ip_address', c.ip,
                                      'user_agent', c.user_agent, 'page', c.page_url)
               FROM consents c WHERE c.application_id = a.id) AS consent_record,
            (SELECT json_build_object('status', o.status, 'attempts', o.attempts, 'delivered_at', o.delivered_at,
                      'history', coalesce((SELECT json_agg(json_build_object('at', d.attempted_at,
                                 'http_status', d.status_code, 'outcome', d.outcome, 'error', d.error)
                                 ORDER BY d.attempted_at) FROM delivery_attempts d WHERE d.outbox_id = o.id), '[]'))
               FROM outbox o WHERE o.application_id = a.id) AS crm_delivery,
            (SELECT coalesce(json_agg(json_build_object('document', i.label, 'state', i.state, 'reason', i.reason)
                                      ORDER BY i.position), '[]')
               FROM document_checklist_items i WHERE i.application_id = a.id) AS documents_asked_for,
            (SELECT coalesce(json_agg(json_build_object('file_name', d.original_name, 'type', d.media_type,
                                      'size_bytes', d.size, 'uploaded_at', d.created_at, 'uploaded_by', d.uploaded_by)
                                      ORDER BY d.created_at, d.id), '[]')
               FROM documents d WHERE d.application_id = a.id AND d.state = 'complete') AS documents_uploaded
       FROM applications a WHERE lower(a.email) = $1 ORDER BY a.submitted_at, a.id`,
    [address],
  );
  const optOuts = await db.query<Record<string, unknown>>(
    `SELECT o.channel, o.phone, o.email, o.received_via, o.received_at, o.recorded_at
       FROM opt_outs o
      WHERE o.email = $1
         OR EXISTS (SELECT 1 FROM applications a
                     WHERE lower(a.email) = $1 AND phone_key(a.phone) = o.phone_key
                       AND a.submitted_at <= o.recorded_at)
      ORDER BY o.received_at, o.id`,
    [address],
  );
  const emails = await db.query<Record<string, unknown>>(
    `SELECT m.kind, m.subject, m.status, m.created_at AS stored_at, m.sent_at
       FROM mail_outbox m WHERE lower(m.to_address) = $1 AND m.kind = ANY($2::text[]) ORDER BY m.id`,
    [address, [...PUBLIC_MAIL_KINDS]],
  );
  const newsletter = await db.query<Record<string, unknown>>(
    `SELECT n.status, n.created_at AS signed_up_at, n.confirmed_at, n.unsubscribed_at, n.ip AS ip_address,
            n.user_agent
       FROM newsletter_subscribers n WHERE n.email = $1`,
    [address],
  );
  const requests = await db.query<Record<string, unknown>>(
    `SELECT r.kind, r.status, r.name, r.details, r.created_at AS asked_at, r.verified_at, r.closed_at
       FROM privacy_requests r WHERE r.email = $1 AND r.status <> 'unverified' ORDER BY r.created_at`,
    [address],
  );
  return {
    generatedAt: new Date().toISOString(),
    email: address,
    applications: applications.rows.map(plain),
    optOuts: optOuts.rows.map(plain),
    emailsSent: emails.rows.map(plain),
    newsletter: newsletter.rows[0] ? plain(newsletter.rows[0]) : null,
    privacyRequests: requests.rows.map(plain),
  };
}
