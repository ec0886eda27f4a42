/**
 * The opt-out ledger (staff and admin; docs/consent-withdrawals.md):
 *   POST /api/desk/opt-outs  OptOutInput -> 201 OptOut: an opt-out told to staff by phone or e-mail
 *   GET  /api/desk/opt-outs?phone= &| email=  Items<OptOut>, newest received first
 * Recording is one transaction: recordOptOut (server/opt-outs: the ledger's
 * new row, for an e-mail opt-out the address taken off the newsletter and its
 * waiting newsletter e-mails cancelled) and the audit row
 * (consent.opt-out-recorded). Look-ups are
 * audited too (opt-outs.looked-up). The consent records are never changed.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Items, OptOut } from "#domain/desk/contract";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { CONTACT_LOOKUP, deskQuery } from "../query";
import { optOutBody } from "./opt-out-body";
import { notifyOptOutQueued } from "../../crm-delivery/opt-out-outbox";
import { createOptOutRepository } from "../../opt-outs/opt-out-repository";
import { optOutAuditDetails, recordOptOut } from "../../opt-outs/record-opt-out";

/** ?phone= and/or ?email=. */
const lookupQuery = deskQuery(CONTACT_LOOKUP, (value) =>
  value.phone === undefined && value.email === undefined
    ? { query: "needs phone, email or both" }
    : undefined,
);

const optOutRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const ledger = createOptOutRepository(app.store, app.config.desk.timeZone);
  const body = deskBody(optOutBody(app.config.desk.timeZone));

  app.post("/api/desk/opt-outs", { ...staff, schema: { body } }, async (request, reply) => {
    const input = request.body;
    const member = request.staff!;
    const optOut = await app.store.transaction(async (tx) => {
      const recorded = await recordOptOut(tx, ledger, {
        ...input,
        recordedBy: { id: member.userId, name: member.name || member.email },
      });
      await app.desk.audit.record(
        auditRecord(request, "consent.opt-out-recorded", undefined, optOutAuditDetails(recorded)),
        tx,
      );
      return recorded.optOut;
    });
    notifyOptOutQueued();
    return reply.code(201).send(optOut satisfies OptOut);
  });

  app.get("/api/desk/opt-outs", { ...staff, schema: { querystring: lookupQuery } }, async (request) => {
    const { phone, email } = request.query;
    const items = await ledger.find({ phone, email });
    await app.desk.audit.record(
      auditRecord(request, "opt-outs.looked-up", undefined, { phone, email, found: items.length }),
    );
    return { items } satisfies Items<OptOut>;
  });
};

export default optOutRoutes;
