/**
 * The consent lookup (staff and admin):
 *   GET /api/desk/consents?phone= | ?email=   {items: [ConsentLookupItem]} newest first
 * Every SMS consent recorded for a phone number (however it is written) or
 * an e-mail address (any case); each lookup is audited with what was asked.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ConsentLookupItem, Items } from "#domain/desk/contract";
import { sha256 } from "../application/views";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { CONTACT_LOOKUP, deskQuery } from "../query";
import { createConsentRepository } from "../../consents/consent-repository";

/** ?phone= or ?email=, one of them. */
const lookupQuery = deskQuery(CONTACT_LOOKUP, (value) =>
  (value.phone === undefined) === (value.email === undefined)
    ? { query: "needs either phone or email" }
    : undefined,
);

const consentRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const repository = createConsentRepository(app.store);

  const route = { preValidation: requireRole("staff"), schema: { querystring: lookupQuery } };
  app.get("/api/desk/consents", route, async (request) => {
    const { phone, email } = request.query;
    const asked = phone !== undefined ? { phone } : { email: email! };
    const rows = await repository.find(asked);
    await app.desk.audit.record(
      auditRecord(request, "consents.looked-up", undefined, { ...asked, found: rows.length }),
    );
    return {
      items: rows.map((row): ConsentLookupItem => ({
        applicationId: row.application_id,
        consentedAt: row.consented_at,
        consentVersion: row.consent_version,
        consentSha256: sha256(row.consent_text),
        phone: row.phone,
        email: row.email,
        companyName: row.company_name,
      })),
    } satisfies Items<ConsentLookupItem>;
  });
};

export default consentRoutes;
