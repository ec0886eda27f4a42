/**
 * The SMS consent records (table `consents`, write-once: the intake records
 * each with its application, server/intake/applications-repository.ts, and
 * only the retention purge deletes one). The consent lookup's SQL: every
 * consent recorded for a phone number or an e-mail address.
 */
import type { Store } from "../store/store";
import { iso } from "../store/row-values";

export interface ConsentRow {
  application_id: string;
  consented_at: string;
  consent_version: string;
  consent_text: string;
  phone: string;
  email: string;
  company_name: string;
}

export function createConsentRepository(store: Store) {
  return {
    /**
     * Every consent record for a phone number (its digits, the last ten, so
     * formatting and a leading country code do not matter) or an e-mail
     * address (any case); newest first.
     */
    async find(match: { phone: string } | { email: string }): Promise<ConsentRow[]> {
      const where = "phone" in match ? "phone_key(c.phone) = phone_key($1)" : "lower(a.email) = lower($1)";
      const { rows } = await store.query(
        `SELECT c.application_id::text AS application_id, c.consented_at, c.consent_version, c.consent_text,
                c.phone, a.email, a.company_name
           FROM consents c JOIN applications a ON a.id = c.application_id
          WHERE ${where}
          ORDER BY c.consented_at DESC, c.application_id
          LIMIT 1000`,
        ["phone" in match ? match.phone : match.email],
      );
      return rows.map((row) => ({ ...row, consented_at: iso(row.consented_at) }) as ConsentRow);
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
