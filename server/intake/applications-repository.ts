/**
 * The intake's SQL: one statement stores an application with everything it
 * causes, and the look-ups a repeated submission and the journal's replay
 * need. What it stores comes ready from the intake (intake.ts): the CRM
 * payload built, the e-mails rendered.
 */
import type { Attribution, FundingApplication } from "#domain/application/schema";
import type { CrmPayload } from "../crm-delivery/crm-payload";
import type { OutgoingMail } from "../mail/compose";
import { insertMailsSql, mailsJson } from "../mail/outbox-repository";
import type { Queryable, Store } from "../store/store";
import { chooseOwnerCtes, recordChoiceCtes } from "../assignment/choice-sql";

export interface NewApplication {
  /** The browser's id for this attempt; a repeat returns the first application. */
  submissionId?: string;
  application: FundingApplication;
  /** Server time of submission (ISO); the CRM payload's `timestamp`. */
  timestamp: string;
  quarantineReason?: string;
  clientIp?: string;
  userAgent?: string;
  attribution?: Attribution;
  consent: { text: string; version: string; pageUrl?: string };
}

/** An application as the journal keeps it: everything needed to store it again. */
export interface JournaledApplication extends NewApplication {
  id: string;
  submissionId: string;
}

/** An application ready to store: the record, and what the intake made from it. */
export interface PreparedApplication {
  record: JournaledApplication;
  /** What the CRM receives, stored as it will be sent (its `source` is stored in a column too). */
  payload: CrmPayload;
  /** The receipt's reference number; null without a receipt. */
  reference: string | null;
  /** The booking link's token (booking-token.ts). */
  bookingToken: string;
  /**
   * The SHA-256 of the room link's token (server/room/room-link.ts), stored
   * in room_links; null without e-mail. The room opens only once the
   * application is not quarantined.
   */
  roomTokenHash: string | null;
  /** The room link itself, for the answer; never stored. */
  roomLink: string | null;
  /** The receipt and staff alerts, rendered (none for one quarantined); stored under the per-address cap. */
  mails: OutgoingMail[];
  /** The host of the e-mails' Message-IDs. */
  messageIdHost: string;
  /** Received plus the promised review window (server/review-clock). */
  reviewDueAt: string;
}

/**
 * The statement that stores an application with its consent record, its CRM
 * outbox row and its e-mails (those two not for a quarantined one: $30 is
 * false). With `assign`, the same statement also gives it its owner by the
 * round-robin (server/assignment/choice-sql.ts): the embedded store runs one
 * statement at a time, so the choice is as fair there as under the batches'
 * lock on PostgreSQL, and costs no second write of the row. Without it the
 * application is marked awaiting_owner for the assignment batch.
 */
function insertSql(assign: boolean): string {
  const owner = assign
    ? `(SELECT user_id FROM chosen), CASE WHEN EXISTS (SELECT 1 FROM chosen) THEN now() END, false`
    : `NULL, NULL, $30::boolean`;
  return `WITH ${
    assign
      ? `${chooseOwnerCtes({ fundingType: "$12", fundingAmount: "$13::numeric", when: "$30::boolean" })}, `
      : ""
  }a AS (
      INSERT INTO applications (
        id, submission_id, status, quarantine_reason, source, submitted_at,
        company_name, industry, annual_revenue, years_in_business, business_description,
        funding_type, funding_amount, funding_purpose, timeframe,
        first_name, last_name, email, phone, title, credit_score, sms_consent,
        payload, client_ip, user_agent, attribution, reference, review_due_at, booking_token,
        owner_id, assigned_at, awaiting_owner)
      VALUES ($1, $2, $3, $4, $5, $6::timestamptz,
        $7, $8, $9, $10, $11, $12, $13::numeric, $14, $15,
        $16, $17, $18, $19, $20, $21, $22,
        $23::text::json, $24, $25, $26::text::jsonb, $33, $34::timestamptz, $35,
        ${owner})
      ON CONFLICT (submission_id) DO NOTHING
      RETURNING id, submitted_at, phone
    ), consent AS (
      INSERT INTO consents (application_id, consent_text, consent_version, consented_at, ip, user_agent, page_url, phone)
      SELECT id, $27, $28, submitted_at, $24, $25, $29, phone FROM a
    ), queued AS (
      -- A quarantined one is kept for review but never delivered (nor assigned).
      INSERT INTO outbox (application_id) SELECT id FROM a WHERE $30::boolean
    ), room AS (
      INSERT INTO room_links (token_hash, application_id, made_for)
      SELECT $36::text, id, 'receipt' FROM a WHERE $36::text IS NOT NULL
    ), mail AS (
      ${insertMailsSql({ json: "$31", host: "$32", applicationId: "a.id", from: "a" })}
    )${assign ? `, ${recordChoiceCtes("a")}` : ""}
    SELECT count(*)::int AS inserted FROM a`;
}

const INSERT = insertSql(false);
const INSERT_ASSIGNED = insertSql(true);

export function createApplicationsRepository(store: Store) {
  return {
    /**
     * The application, its consent record and (unless quarantined) its CRM outbox
     * row and its e-mails, in one statement (atomic on its own: one round trip
     * instead of five); false when the submission id exists. In `db`'s
     * transaction when it is one (the journal's replay). `assign`: its owner
     * chosen in the same statement (insertSql).
     */
    async insert(prepared: PreparedApplication, db: Queryable = store, assign = false): Promise<boolean> {
      const { record, payload } = prepared;
      const a = record.application;
      // A concurrent twin waits on the unique index for the first to commit, then inserts nothing.
      const { rows } = await db.query<{ inserted: number }>(
        assign ? INSERT_ASSIGNED : INSERT,
        [
          record.id,
          record.submissionId,
          record.quarantineReason ? "quarantined" : "received",
          record.quarantineReason ?? null,
          payload.source,
          record.timestamp,
          a.companyName,
          a.industry,
          a.annualRevenue,
          a.yearsInBusiness,
          a.businessDescription,
          a.fundingType,
          a.fundingAmount,
          a.fundingPurpose,
          a.timeframe,
          a.firstName,
          a.lastName,
          a.email,
          a.phone,
          a.title,
          a.creditScore,
          a.smsConsent,
          JSON.stringify(payload),
          record.clientIp ?? null,
          record.userAgent ?? null,
          record.attribution ? JSON.stringify(record.attribution) : null,
          record.consent.text,
          record.consent.version,
          record.consent.pageUrl ?? null,
          !record.quarantineReason,
          mailsJson(prepared.mails),
          prepared.messageIdHost,
          prepared.reference,
          prepared.reviewDueAt,
          prepared.bookingToken,
          prepared.roomTokenHash,
        ],
        // Every application runs it: parsed and planned once on the embedded store.
        { prepare: true },
      );
      return Number(rows[0]?.inserted) > 0;
    },

    /** Whether a journaled application is stored already (by its id or its submission id). */
    async isStored(record: JournaledApplication, db: Queryable = store): Promise<boolean> {
      const { rows } = await db.query("SELECT 1 FROM applications WHERE id = $1 OR submission_id = $2", [
        record.id,
        record.submissionId,
      ]);
      return rows.length > 0;
    },

    /** The application a submission id made first: its id, reference number and booking token (null without). */
    async findBySubmission(
      submissionId: string,
      db: Queryable = store,
    ): Promise<{ id: string; reference: string | null; bookingToken: string | null } | undefined> {
      const { rows } = await db.query<{ id: string; reference: string | null; bookingToken: string | null }>(
        `SELECT id, reference, booking_token AS "bookingToken" FROM applications WHERE submission_id = $1`,
        [submissionId],
      );
      return rows[0];
    },
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
