/**
 * The operator CLI's reads and actions (server/cli/applications.ts) in one object:
 * the inbox (inbox/inbox-repository.ts), delivery health
 * (crm-delivery/delivery-health-repository.ts), the exports
 * (inbox/export-repository.ts), and the overall stats only the CLI shows.
 * The desk's API uses those parts directly.
 */
import { createDeliveryHealthRepository } from "../crm-delivery/delivery-health-repository";
import { createExportRepository } from "../inbox/export-repository";
import { createInboxRepository } from "../inbox/inbox-repository";
import { createNewsletterRepository } from "../newsletter/newsletter-repository";
import { iso } from "../store/row-values";
import type { Store } from "../store/store";

export function createOperatorRepository(store: Store) {
  const deliveryHealth = createDeliveryHealthRepository(store);
  return {
    ...createInboxRepository(store),
    ...deliveryHealth,
    ...createExportRepository(store),

    /** `applications stats`: applications, deliveries and their attempts, and the newsletter's confirmed addresses. */
    async stats() {
      const counts = await deliveryHealth.deliveryCounts();
      const apps = (
        await store.query<{ total: string; quarantined: string }>(
          "SELECT count(*)::text AS total, count(*) FILTER (WHERE status = 'quarantined')::text AS quarantined FROM applications",
        )
      ).rows[0];
      const waiting = await deliveryHealth.oldestWaiting();
      const attempts = (
        await store.query<{ total: string; failed: string; last: unknown }>(
          `SELECT count(*)::text AS total, count(*) FILTER (WHERE outcome IS DISTINCT FROM 'delivered')::text AS failed,
                  max(attempted_at) AS last
             FROM delivery_attempts`,
        )
      ).rows[0];
      return {
        applications: { total: Number(apps.total), quarantined: Number(apps.quarantined) },
        delivery: counts,
        oldestWaiting: waiting,
        attempts: {
          total: Number(attempts.total),
          failed: Number(attempts.failed),
          last: iso(attempts.last),
        },
        dead: counts.dead,
        newsletterSubscribers: await createNewsletterRepository(store).countConfirmed(),
      };
    },
  };
}

export type OperatorRepository = ReturnType<typeof createOperatorRepository>;
