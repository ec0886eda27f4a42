/**
 * Delivery health for the desk (staff and admin): is a CRM webhook set at
 * all, how many deliveries wait, since when, which are dead, when the last
 * one got through; and every dead delivery sent again in one go (audited).
 * Beside it, the e-mails by state (their list is the mail page's).
 */
import type { FastifyPluginAsync } from "fastify";
import { retryWindowMs } from "../../delivery/policy";
import { createMailOutboxRepository } from "../../mail/outbox-repository";
import type { DeliveryHealthRepository } from "../../store/delivery-health-repository";
import type { InboxRepository } from "../../store/inbox-repository";
import { auditEntry } from "../audit/audit-repository";
import { requireRole } from "../auth/guard";
import { toListItem } from "../applications/views";

/** The dead list shows this many (newest first); the count has them all, the inbox's filter the rest. */
export const DEAD_LIST_LIMIT = 100;

const healthRoutes: FastifyPluginAsync<{
  inboxRepository: InboxRepository;
  deliveryHealth: DeliveryHealthRepository;
}> = async (app, { inboxRepository, deliveryHealth }) => {
  const staff = { preHandler: requireRole("staff") };
  const mail = createMailOutboxRepository(app.store);
  // The configured schedule does not change while the server runs.
  const retryWindow = retryWindowMs(app.config.delivery);

  app.get("/api/desk/health", staff, async () => {
    const [counts, waiting, lastDeliveredAt, dead, mailCounts] = await Promise.all([
      deliveryHealth.deliveryCounts(),
      deliveryHealth.oldestWaiting(),
      deliveryHealth.lastDeliveredAt(),
      inboxRepository.inbox({ state: "dead" }, { limit: DEAD_LIST_LIMIT }),
      mail.countByStatus(),
    ]);
    return {
      webhookConfigured: Boolean(app.config.leadWebhookUrl),
      counts,
      oldestWaitingAt: waiting?.since ?? null,
      lastDeliveredAt,
      dead: dead.map(toListItem),
      mailConfigured: Boolean(app.config.mail.smtpUrl),
      mail: mailCounts,
      retryWindowMs: retryWindow,
    };
  });

  app.post("/api/desk/deliveries/redeliver-dead", staff, async (request) => {
    const ids = await app.store.transaction(async (tx) => {
      const moved = await deliveryHealth.redeliver({ allDead: true }, tx);
      await app.desk.audit.record(
        auditEntry(request, "deliveries.redelivered_dead", undefined, { count: moved.length }),
        tx,
      );
      return moved;
    });
    if (ids.length > 0) app.wakeDelivery(ids[0]);
    return { redelivered: ids.length };
  });
};

export default healthRoutes;
