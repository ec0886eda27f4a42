/**
 * One application (staff and admin):
 *   GET  /api/desk/applications/:id             ApplicationDetail: every field, consent, delivery, and a
 *                                               timeline of CRM attempts, desk actions and its e-mails;
 *                                               it is read by the viewer from then on (the inbox's unread)
 *   POST /api/desk/applications/:id/redeliver   {reason} -> ApplicationDetail: sent to the CRM again
 *   GET  /api/desk/applications/:id/evidence    the consent evidence file (ConsentEvidence, a download),
 *                                               with the opt-outs of its phone number and e-mail address
 * Opening it, each action and each download is audited. Quarantine and
 * release are ../quarantine's; the shapes are #domain/desk/contract's.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { APPLICATION_ACTIONS } from "#domain/audit/actions";
import { createDeliveryHealthRepository } from "../../crm-delivery/delivery-health-repository";
import { createInboxRepository } from "../../inbox/inbox-repository";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { createOptOutRepository } from "../../opt-outs/opt-out-repository";
import { applicationActions, applicationParams, NOT_FOUND, Refusal, withReason } from "./application-action";
import { toEvidence } from "./views";
import { createWorkRepository } from "../../work/work-repository";

const applicationRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff"), schema: { params: applicationParams } };
  const inboxRepository = createInboxRepository(app.store);
  const deliveryHealth = createDeliveryHealthRepository(app.store);
  const { detail, act } = applicationActions(app);
  const work = createWorkRepository(app.store);
  const optOuts = createOptOutRepository(app.store, app.config.desk.timeZone);

  app.get("/api/desk/applications/:id", staff, async (request, reply) => {
    const found = await detail(request.params.id);
    if (!found) return reply.code(404).send(NOT_FOUND);
    await app.desk.audit.record(auditRecord(request, "application.viewed", found.id));
    // No longer unread in the inbox, for this viewer.
    if (request.staff) await work.markRead(request.staff.userId, found.id);
    return found;
  });

  app.post("/api/desk/applications/:id/redeliver", { ...staff, ...withReason }, async (request, reply) => {
    const { reason } = request.body;
    return act(request, reply, APPLICATION_ACTIONS.redelivered, async (tx, found) => {
      if (found.status === "quarantined")
        throw new Refusal(409, "This application is in quarantine: release it first");
      if (found.delivery === "sending") {
        throw new Refusal(409, "A delivery attempt is under way: try again when it has finished");
      }
      const moved = await deliveryHealth.redeliver({ id: found.id, force: true }, tx);
      if (moved.length === 0) throw new Refusal(409, "There is no delivery to repeat");
      return { details: { reason, from: found.delivery }, queued: true };
    });
  });

  app.get("/api/desk/applications/:id/evidence", staff, async (request, reply) => {
    const shown = await inboxRepository.show(request.params.id);
    if (!shown) return reply.code(404).send(NOT_FOUND);
    const { phone, email } = shown.application as { phone: string; email: string };
    const evidence = toEvidence(
      shown,
      { at: new Date().toISOString(), by: request.staff?.email ?? null },
      app.config.desk.timeZone,
      await optOuts.find({ phone, email }),
    );
    await app.desk.audit.record(auditRecord(request, "evidence.exported", evidence.applicationId));
    return reply
      .header("content-disposition", `attachment; filename="consent-evidence-${evidence.applicationId}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(evidence, null, 2));
  });
};

export default applicationRoutes;
