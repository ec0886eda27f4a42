import { randomUUID } from "node:crypto";
import type { Attribution, FundingApplication } from "~/features/application/schema";
import { buildCrmPayload } from "../leads/crm-payload";
import { isUniqueViolation, type Queryable, type Store } from "./store";

export interface NewApplication {
  /** The browser's id for this attempt; a repeat returns the first application. */
  submissionId?: string;
  application: FundingApplication;
  source: string;
  /** Server time of submission (ISO); the CRM payload's `timestamp`. */
  timestamp: string;
  spamReason?: string;
  clientIp?: string;
  userAgent?: string;
  attribution?: Attribution;
  consent: { text: string; version: string; pageUrl?: string };
}

export interface CreatedApplication {
  id: string;
  /** False when the submission id was seen before (nothing was stored). */
  created: boolean;
}

export function createApplicationsRepository(store: Store) {
  async function findIdBySubmission(db: Queryable, submissionId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ id: string }>("SELECT id FROM applications WHERE submission_id = $1", [
      submissionId,
    ]);
    return rows[0]?.id;
  }

  return {
    /**
     * Stores the application, its consent record and (unless it is spam) its
     * outbox row in one transaction. Resolves after COMMIT.
     */
    async create(input: NewApplication): Promise<CreatedApplication> {
      const id = randomUUID();
      const submissionId = input.submissionId ?? randomUUID();
      const a = input.application;
      const payload = buildCrmPayload(a, {
        applicationId: id,
        timestamp: input.timestamp,
        attribution: input.attribution,
      });
      try {
        const inserted = await store.transaction(async (tx) => {
          // A concurrent twin waits here for the first to commit, then inserts nothing.
          const result = await tx.query(
            `INSERT INTO applications (
               id, submission_id, status, spam_reason, source, submitted_at,
               company_name, industry, annual_revenue, years_in_business, business_description,
               funding_type, funding_amount, funding_purpose, timeframe,
               first_name, last_name, email, phone, title, credit_score, sms_consent,
               payload, client_ip, user_agent, attribution)
             VALUES ($1, $2, $3, $4, $5, $6::timestamptz,
               $7, $8, $9, $10, $11, $12, $13::numeric, $14, $15,
               $16, $17, $18, $19, $20, $21, $22,
               $23::text::json, $24, $25, $26::text::jsonb)
             ON CONFLICT (submission_id) DO NOTHING`,
            [
              id,
              submissionId,
              input.spamReason ? "spam" : "received",
              input.spamReason ?? null,
              input.source,
              input.timestamp,
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
              input.clientIp ?? null,
              input.userAgent ?? null,
              input.attribution ? JSON.stringify(input.attribution) : null,
            ],
          );
          if (result.rowCount === 0) return false;
          await tx.query(
            `INSERT INTO consents (application_id, consent_text, consent_version, consented_at, ip, user_agent, page_url, phone)
             VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7, $8)`,
            [
              id,
              input.consent.text,
              input.consent.version,
              input.timestamp,
              input.clientIp ?? null,
              input.userAgent ?? null,
              input.consent.pageUrl ?? null,
              a.phone,
            ],
          );
          // Spam is kept for review but never delivered.
          if (!input.spamReason) await tx.query("INSERT INTO outbox (application_id) VALUES ($1)", [id]);
          return true;
        });
        if (inserted) return { id, created: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const existing = await findIdBySubmission(store, submissionId);
      if (!existing) throw new Error(`Submission ${submissionId} conflicted but was not found`);
      return { id: existing, created: false };
    },

    findIdBySubmission: (submissionId: string) => findIdBySubmission(store, submissionId),
  };
}

export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
