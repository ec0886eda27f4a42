import { randomUUID } from "node:crypto";
import type { Attribution, FundingApplication } from "#domain/application/schema";
import type { ApplicationJournal } from "./application-journal";
import { buildCrmPayload } from "../crm-delivery/crm-payload";
import {
  composeApplicationMails,
  insertMailsSql,
  mailsJson,
  messageIdHost,
  nextReference,
  type MailSettings,
} from "../mail/application-mail";
import { isUniqueViolation, type Queryable, type Store } from "./store";

export interface NewApplication {
  /** The browser's id for this attempt; a repeat returns the first application. */
  submissionId?: string;
  application: FundingApplication;
  /** Server time of submission (ISO); the CRM payload's `timestamp`. */
  timestamp: string;
  spamReason?: string;
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

export interface ApplicationsRepositoryOptions {
  /** PGlite: the fsync'd journal written before the transaction. */
  journal?: ApplicationJournal<JournaledApplication>;
  /** Called after a new, deliverable application is committed (wakes the delivery worker). */
  onStored?: (id: string) => void;
  /** The applicant's receipt and the staff alerts are stored with each deliverable application. */
  mail?: MailSettings;
}

export interface CreatedApplication {
  id: string;
  /** False when the submission id was seen before (nothing was stored). */
  created: boolean;
}

export function createApplicationsRepository(store: Store, options: ApplicationsRepositoryOptions = {}) {
  async function findIdBySubmission(db: Queryable, submissionId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ id: string }>("SELECT id FROM applications WHERE submission_id = $1", [
      submissionId,
    ]);
    return rows[0]?.id;
  }

  /**
   * The application, its consent record and (unless spam) its outbox row, its
   * receipt and staff alerts, in one statement (atomic on its own: one round
   * trip instead of five); false when the submission id exists.
   */
  async function insert(db: Queryable, record: JournaledApplication): Promise<boolean> {
    const a = record.application;
    const payload = buildCrmPayload(a, {
      applicationId: record.id,
      timestamp: record.timestamp,
      attribution: record.attribution,
    });
    // E-mails are rendered before the statement and stored by it; spam gets none.
    const reference = options.mail && !record.spamReason ? await nextReference(db) : null;
    const mails =
      options.mail && reference
        ? await composeApplicationMails(
            {
              ...a,
              id: record.id,
              reference,
              submittedAt: record.timestamp,
              consent: { text: record.consent.text, version: record.consent.version },
            },
            options.mail,
          )
        : [];
    // A concurrent twin waits on the unique index for the first to commit, then inserts nothing.
    const { rows } = await db.query<{ inserted: number }>(
      `WITH a AS (
         INSERT INTO applications (
           id, submission_id, status, spam_reason, source, submitted_at,
           company_name, industry, annual_revenue, years_in_business, business_description,
           funding_type, funding_amount, funding_purpose, timeframe,
           first_name, last_name, email, phone, title, credit_score, sms_consent,
           payload, client_ip, user_agent, attribution, reference)
         VALUES ($1, $2, $3, $4, $5, $6::timestamptz,
           $7, $8, $9, $10, $11, $12, $13::numeric, $14, $15,
           $16, $17, $18, $19, $20, $21, $22,
           $23::text::json, $24, $25, $26::text::jsonb, $33)
         ON CONFLICT (submission_id) DO NOTHING
         RETURNING id, submitted_at, phone
       ), consent AS (
         INSERT INTO consents (application_id, consent_text, consent_version, consented_at, ip, user_agent, page_url, phone)
         SELECT id, $27, $28, submitted_at, $24, $25, $29, phone FROM a
       ), queued AS (
         -- Spam is kept for review but never delivered.
         INSERT INTO outbox (application_id) SELECT id FROM a WHERE $30::boolean
       ), mail AS (
         ${insertMailsSql({ json: "$31", host: "$32", applicationId: "a.id", from: "a" })}
       )
       SELECT count(*)::int AS inserted FROM a`,
      [
        record.id,
        record.submissionId,
        record.spamReason ? "spam" : "received",
        record.spamReason ?? null,
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
        !record.spamReason,
        mailsJson(mails),
        options.mail ? messageIdHost(options.mail.siteUrl) : "localhost",
        reference,
      ],
    );
    return Number(rows[0]?.inserted) > 0;
  }

  return {
    /**
     * Stores the application, its consent record and (unless it is spam) its
     * outbox row atomically. With a journal, the record is on disk in the
     * journal first. Resolves once both are durable (after COMMIT).
     */
    async create(input: NewApplication): Promise<CreatedApplication> {
      const record: JournaledApplication = {
        ...input,
        id: randomUUID(),
        submissionId: input.submissionId ?? randomUUID(),
      };
      const commit = () => insert(store, record);
      try {
        const inserted = options.journal ? await options.journal.write(record, commit) : await commit();
        if (inserted) {
          if (!record.spamReason) options.onStored?.(record.id);
          return { id: record.id, created: true };
        }
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const existing = await findIdBySubmission(store, record.submissionId);
      if (!existing) throw new Error(`Submission ${record.submissionId} conflicted but was not found`);
      return { id: existing, created: false };
    },

    /** Start-up replay of the intake journal: stores the records the store lacks; returns how many. */
    async restore(records: JournaledApplication[]): Promise<number> {
      let inserted = 0;
      for (const record of records) {
        const stored = await store.transaction(async (tx) => {
          const { rows } = await tx.query("SELECT 1 FROM applications WHERE id = $1 OR submission_id = $2", [
            record.id,
            record.submissionId,
          ]);
          return rows.length === 0 && (await insert(tx, record));
        });
        if (stored) inserted++;
      }
      return inserted;
    },

    findIdBySubmission: (submissionId: string) => findIdBySubmission(store, submissionId),
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
