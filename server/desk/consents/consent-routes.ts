/**
 * The consent lookup (staff and admin):
 *   GET /api/desk/consents?phone= | ?email=   {items: [ConsentLookupItem]} newest first
 * Every SMS consent recorded for a phone number (however it is written) or
 * an e-mail address (any case); each lookup is audited with what was asked.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ConsentLookupItem, Items } from "#domain/desk/contract";
import { sha256 } from "../application/views";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { CONTACT_LOOKUP, parseQuery } from "../query";
import { createConsentRepository } from "./consent-repository";

const consentRoutes: FastifyPluginAsync = async (app) => {
  const repository = createConsentRepository(app.store);

  app.get("/api/desk/consents", { preHandler: requireRole("staff") }, async (request, reply) => {
    const parsed = parseQuery(CONTACT_LOOKUP, request.query, (value) =>
      (value.phone === undefined) === (value.email === undefined)
        ? { query: "needs either phone or email" }
        : undefined,
    );
    if (!parsed.ok) return reply.code(400).send(parsed.error);
    const { phone, email } = parsed.value;
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
