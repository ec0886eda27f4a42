/**
 * Delivery health for the desk (staff and admin): is a CRM webhook set at
 * all, how many deliveries wait, since when, which are dead, when the last
 * one got through, and why each dead one failed (its last attempt: a
 * permanent refusal or a temporary failure); and the dead deliveries sent
 * again in one go (audited), by default only the temporary failures.
 * Beside it, the accepted documents whose delivery died, each sent again
 * on its own with a reason (POST /api/desk/documents/:id/redeliver, audited
 * as document.redelivered; 409 unless dead), the e-mails by state (their
 * list is the mail page's), and whether the virus scanner for uploads is
 * configured and answers.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { REPEATED_ACTIONS } from "#domain/audit/actions";
import {
  REDELIVER_DEAD_INCLUDES,
  type DeadItem,
  type DeliveryHealth,
  type DocumentRedelivered,
  type RedeliveredDead,
  type VirusScannerHealth,
} from "#domain/desk/contract";
import { pingClamd } from "../../documents/clamd";
import { retryWindowMs } from "../../outbox/retry-schedule";
import { createMailOutboxRepository } from "../../mail/outbox-repository";
import { createDeliveryHealthRepository } from "../../crm-delivery/delivery-health-repository";
import { createDocumentDeliveryHealth } from "../../crm-delivery/document-delivery-health";
import { notifyDocumentsQueued } from "../../documents/accepted-documents-repository";
import { notifyDeliveryQueued } from "../../crm-delivery/outbox-repository";
import { createInboxRepository } from "../../inbox/inbox-repository";
import { auditRead, auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { NOT_FOUND, withReason } from "../application/application-action";
import { deskBody } from "../body";
import { toInboxItem } from "../inbox/inbox-item";

const INCLUDE_ERROR = 'include must be "temporary" or "all"';
/**
 * Which dead deliveries to send again: by default only the temporary failures
 * (a permanent refusal fails again unless its cause was fixed); "all" with
 * the refusals too, once staff confirmed it.
 */
const redeliverDeadBody = z.strictObject(
  { include: z.enum(REDELIVER_DEAD_INCLUDES, { error: INCLUDE_ERROR }).default("temporary") },
  { error: INCLUDE_ERROR },
);

/** Why a document's delivery is not sent again: only a dead one is. */
const NOT_DEAD: Record<string, string> = {
  pending: "This document's delivery is not dead: it is waiting to be sent",
  sending: "This document's delivery is not dead: an attempt is under way",
  delivered: "This document's delivery is not dead: the CRM already has it",
};

/** The dead list shows this many (newest first); the count has them all, the inbox's filter the rest. */
export const DEAD_LIST_LIMIT = 100;

const healthRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const inboxRepository = createInboxRepository(app.store);
  const deliveryHealth = createDeliveryHealthRepository(app.store);
  const mail = createMailOutboxRepository(app.store);
  const deadDocuments = createDocumentDeliveryHealth(app.store);
  // The configured schedule does not change while the server runs.
  const retryWindow = retryWindowMs(app.config.delivery);

  const scanner = app.config.documents.clamd;
  const virusScanner = async (): Promise<VirusScannerHealth> =>
    !scanner ? "not-configured" : (await pingClamd(scanner)) ? "answering" : "not-answering";

  app.get("/api/desk/health", staff, async (request) => {
    const [
      counts,
      waiting,
      lastDeliveredAt,
      dead,
      mailCounts,
      deadKinds,
      scannerHealth,
      documents,
      documentCount,
    ] = await Promise.all([
      deliveryHealth.deliveryCounts(),
      deliveryHealth.oldestWaiting(),
      deliveryHealth.lastDeliveredAt(),
      inboxRepository.inbox({ state: "dead" }, { limit: DEAD_LIST_LIMIT }),
      mail.countByStatus(),
      deliveryHealth.deadKinds(),
      virusScanner(),
      deadDocuments.dead(DEAD_LIST_LIMIT),
      deadDocuments.deadCount(),
    ]);
    const lastAttempts = await deliveryHealth.lastAttempts(dead.map((row) => row.id));
    await auditRead(
      request,
      REPEATED_ACTIONS.deadListed,
      { filter: {}, pageSize: DEAD_LIST_LIMIT },
      dead.length,
    );
    return {
      webhookConfigured: Boolean(app.config.leadWebhookUrl),
      counts,
      oldestWaitingAt: waiting?.since ?? null,
      lastDeliveredAt,
      dead: dead.map((row): DeadItem => ({
        ...toInboxItem(row),
        lastAttempt: lastAttempts.get(row.id) ?? null,
      })),
      deadKinds,
      deadDocuments: documents,
      deadDocumentCount: documentCount,
      mailConfigured: Boolean(app.config.mail.smtpUrl),
      mail: mailCounts,
      virusScanner: scannerHealth,
      retryWindowMs: retryWindow,
    } satisfies DeliveryHealth;
  });

  app.post(
    "/api/desk/deliveries/redeliver-dead",
    {
      ...staff,
      schema: { body: deskBody(redeliverDeadBody) },
      // Every problem, the body's as a whole too, is about `include`.
      config: { invalidInput: { rootField: "include" } },
    },
    async (request) => {
      const { include } = request.body;
      const ids = await app.store.transaction(async (tx) => {
        const moved = await deliveryHealth.redeliver({ allDead: true, include }, tx);
        await app.desk.audit.record(
          auditRecord(request, "dead-deliveries.redelivered", undefined, { count: moved.length, include }),
          tx,
        );
        return moved;
      });
      if (ids.length > 0) notifyDeliveryQueued();
      // What stays dead: the permanent refusals left out (or refused again since).
      return {
        redelivered: ids.length,
        permanentLeft: (await deliveryHealth.deadKinds()).permanent,
      } satisfies RedeliveredDead;
    },
  );

  app.post("/api/desk/documents/:id/redeliver", { ...staff, ...withReason }, async (request, reply) => {
    const { id } = request.params;
    const { reason } = request.body;
    const found = await app.store.transaction(async (tx) => {
      const result = await deadDocuments.redeliver(tx, id);
      if (result.found && result.moved) {
        await app.desk.audit.record(
          auditRecord(request, "document.redelivered", result.applicationId, {
            documentId: id,
            reason,
            from: "dead",
          }),
          tx,
        );
      }
      return result;
    });
    if (!found.found) return reply.code(404).send(NOT_FOUND);
    if (!found.moved) {
      return reply.code(409).send({ error: NOT_DEAD[found.status] ?? NOT_DEAD.pending });
    }
    // The document worker takes it at once rather than at its next poll.
    notifyDocumentsQueued();
    return { documentId: id, status: "pending" } satisfies DocumentRedelivered;
  });
};

export default healthRoutes;
