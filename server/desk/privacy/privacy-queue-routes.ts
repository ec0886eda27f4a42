/**
 * The privacy requests' queue (staff and admin; docs/privacy-requests.md):
 *   GET  /api/desk/privacy-requests?view=open|closed   Items<PrivacyRequestItem>
 *   POST /api/desk/privacy-requests/:id/claim          the signed-in member takes it
 *   POST /api/desk/privacy-requests/:id/status         PrivacyRequestStatusInput
 *   POST /api/desk/privacy-requests/:id/access-package an access request approved: the
 *        requester is e-mailed the link to their copy, and the request is completed
 *   POST /api/desk/privacy-requests/:id/erase          a deletion request approved: the
 *        address's personal data erased (what a legal hold covers kept and reported),
 *        the CRM told through the opt-outs' outbox, the request completed: PrivacyErasure
 * Each change and the change's audit row are one transaction; a read of the
 * queue is audited too. Unknown or unverified requests: 404; a closed one
 * does not change: 409.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type {
  Items,
  PrivacyErasure,
  PrivacyRequestItem,
  PrivacyRequestStatusInput,
} from "#domain/desk/contract";
import { privacyStatusInput } from "#domain/desk/inputs";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { deskQuery } from "../query";
import { notifyMailQueued } from "../../mail/outbox-repository";
import { notifyOptOutQueued, queueErasure } from "../../crm-delivery/opt-out-outbox";
import { issueAccessPackage } from "../../privacy/access-package";
import { eraseEmail } from "../../privacy/erasure-repository";
import { createPrivacyQueueRepository, type ChangeResult } from "../../privacy/privacy-queue-repository";

const statusBody = deskBody(privacyStatusInput satisfies z.ZodType<PrivacyRequestStatusInput>);

const viewQuery = deskQuery({
  view: z.enum(["open", "closed"], { error: "must be open or closed" }).optional(),
});

/** `:id`: the repository finds no request for an id that is not one (404). */
const params = z.object({ id: z.string() });

const privacyQueueRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const onRequest = { ...staff, schema: { params } };
  const queue = createPrivacyQueueRepository(app.store);

  const answer = (reply: FastifyReply, result: ChangeResult) => {
    if (result.ok) return result.item;
    return result.reason === "missing"
      ? reply.code(404).send({ error: "No such privacy request" })
      : reply.code(409).send({ error: "This privacy request is closed" });
  };

  app.get("/api/desk/privacy-requests", { ...staff, schema: { querystring: viewQuery } }, async (request) => {
    const view = request.query.view ?? "open";
    const items = await queue.list(view);
    await app.desk.audit.record(
      auditRecord(request, "privacy-requests.listed", undefined, { view, rows: items.length }),
    );
    return { items } satisfies Items<PrivacyRequestItem>;
  });

  app.post("/api/desk/privacy-requests/:id/claim", onRequest, async (request, reply) => {
    const member = request.staff!;
    const result = await app.store.transaction(async (tx) => {
      const changed = await queue.claim(tx, request.params.id, member.userId);
      if (changed.ok) {
        await app.desk.audit.record(
          auditRecord(request, "privacy-request.claimed", changed.item.id, { email: changed.item.email }),
          tx,
        );
      }
      return changed;
    });
    return answer(reply, result);
  });

  app.post(
    "/api/desk/privacy-requests/:id/status",
    { ...staff, schema: { params, body: statusBody } },
    async (request, reply) => {
      const input = request.body;
      const member = request.staff!;
      const result = await app.store.transaction(async (tx) => {
        const changed = await queue.setStatus(tx, request.params.id, input, member.userId);
        if (changed.ok) {
          await app.desk.audit.record(
            auditRecord(request, "privacy-request.status-changed", changed.item.id, {
              email: changed.item.email,
              kind: changed.item.kind,
              status: input.status,
              ...(input.resolution && { resolution: input.resolution }),
            }),
            tx,
          );
        }
        return changed;
      });
      return answer(reply, result);
    },
  );

  app.post("/api/desk/privacy-requests/:id/access-package", onRequest, async (request, reply) => {
    const member = request.staff!;
    const result = await app.store.transaction(
      async (tx): Promise<ChangeResult | { ok: false; reason: "kind" }> => {
        const found = await queue.lock(tx, request.params.id);
        if (!found) return { ok: false, reason: "missing" };
        if (found.closedAt) return { ok: false, reason: "closed" };
        if (found.kind !== "access") return { ok: false, reason: "kind" };
        const { expiresAt } = await issueAccessPackage(tx, found.id, found.email, member.userId, app.config);
        await app.desk.audit.record(
          auditRecord(request, "privacy-request.package-sent", found.id, {
            email: found.email,
            expiresAt: expiresAt.toISOString(),
          }),
          tx,
        );
        return { ok: true, item: (await queue.lock(tx, found.id))! };
      },
    );
    if (!result.ok && result.reason === "kind") {
      return reply.code(409).send({ error: "Only an access request gets a copy of the data" });
    }
    if (result.ok) notifyMailQueued();
    return answer(reply, result as ChangeResult);
  });

  app.post("/api/desk/privacy-requests/:id/erase", onRequest, async (request, reply) => {
    const member = request.staff!;
    type Outcome =
      { ok: true; erasure: PrivacyErasure } | { ok: false; reason: "missing" | "closed" | "kind" };
    const result = await app.store.transaction(async (tx): Promise<Outcome> => {
      const found = await queue.lock(tx, request.params.id);
      if (!found) return { ok: false, reason: "missing" };
      if (found.closedAt) return { ok: false, reason: "closed" };
      if (found.kind !== "delete") return { ok: false, reason: "kind" };
      const erased = await eraseEmail(tx, found.id, found.email);
      if (!erased.emailHeld) {
        await queueErasure(tx, {
          privacyRequestId: found.id,
          email: found.email,
          applicationIds: erased.erasedApplicationIds,
          erasedAt: new Date().toISOString(),
        });
      }
      const held = erased.heldApplicationIds.length;
      const resolution = erased.emailHeld
        ? "Nothing erased: the address is under a legal hold."
        : `Erased ${erased.erasedApplicationIds.length} application(s) and ${erased.mailsErased} e-mail(s)` +
          (held ? `; ${held} application(s) kept under a legal hold.` : ".");
      await queue.setStatus(tx, found.id, { status: "completed", resolution }, member.userId);
      await app.desk.audit.record(
        auditRecord(request, "privacy-request.erased", found.id, {
          email: found.email,
          erasedApplications: erased.erasedApplicationIds.length,
          erasedMails: erased.mailsErased,
          heldApplications: held,
          ...(held && { heldApplicationIds: erased.heldApplicationIds }),
          ...(erased.emailHeld && { emailHeld: true }),
        }),
        tx,
      );
      return {
        ok: true,
        erasure: {
          item: (await queue.lock(tx, found.id))!,
          erasedApplications: erased.erasedApplicationIds.length,
          erasedMails: erased.mailsErased,
          heldApplicationIds: erased.heldApplicationIds,
          emailHeld: erased.emailHeld,
        },
      };
    });
    if (result.ok) {
      notifyOptOutQueued();
      return result.erasure satisfies PrivacyErasure;
    }
    if (result.reason === "kind")
      return reply.code(409).send({ error: "Only a deletion request erases data" });
    return answer(reply, { ok: false, reason: result.reason });
  });
};

export default privacyQueueRoutes;
