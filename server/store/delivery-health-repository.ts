/**
 * Delivery health, for the desk and the operator CLI: deliveries by state,
 * the longest-waiting one, the last that got through, the CLI's overall
 * stats, and sending deliveries again (one, or every dead one).
 */
import { DELIVERY_STATUSES, isUuid, type DeliveryStatus } from "./inbox-filter";
import { iso } from "./row-values";
import type { Queryable, Store } from "./store";

export function createDeliveryHealthRepository(store: Store) {
  /** Deliveries by state (a cancelled one is not a delivery). */
  async function deliveryCounts(): Promise<Record<DeliveryStatus, number>> {
    const { rows } = await store.query<{ status: string; n: string }>(
      "SELECT status, count(*)::text AS n FROM outbox GROUP BY status",
    );
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
      DeliveryStatus,
      number
    >;
    for (const row of rows) {
      if (row.status in counts) counts[row.status as DeliveryStatus] = Number(row.n);
    }
    return counts;
  }

  /** The longest-waiting delivery (pending or being sent), if any. */
  async function oldestWaiting(): Promise<{ applicationId: string; since: string } | null> {
    const { rows } = await store.query<{ created_at: unknown; application_id: string }>(
      `SELECT created_at, application_id::text AS application_id FROM outbox
        WHERE status IN ('pending', 'sending') ORDER BY created_at, id LIMIT 1`,
    );
    return rows[0] ? { applicationId: rows[0].application_id, since: iso(rows[0].created_at)! } : null;
  }

  return {
    deliveryCounts,
    oldestWaiting,

    /** The newest successful delivery's time, if any. */
    async lastDeliveredAt(): Promise<string | null> {
      const { rows } = await store.query(
        "SELECT max(delivered_at) AS at FROM outbox WHERE status = 'delivered'",
      );
      return iso(rows[0]?.at);
    },

    async stats() {
      const counts = await deliveryCounts();
      const apps = (
        await store.query<{ total: string; spam: string }>(
          "SELECT count(*)::text AS total, count(*) FILTER (WHERE status = 'spam')::text AS spam FROM applications",
        )
      ).rows[0];
      const waiting = await oldestWaiting();
      const attempts = (
        await store.query<{ total: string; failed: string; last: unknown }>(
          `SELECT count(*)::text AS total, count(*) FILTER (WHERE outcome IS DISTINCT FROM 'delivered')::text AS failed,
                  max(attempted_at) AS last
             FROM delivery_attempts`,
        )
      ).rows[0];
      const newsletter = (
        await store.query<{ n: string }>(
          "SELECT count(*)::text AS n FROM newsletter_subscribers WHERE status = 'subscribed'",
        )
      ).rows[0];
      return {
        applications: { total: Number(apps.total), spam: Number(apps.spam) },
        delivery: counts,
        oldestWaiting: waiting,
        attempts: {
          total: Number(attempts.total),
          failed: Number(attempts.failed),
          last: iso(attempts.last),
        },
        dead: counts.dead,
        newsletterSubscribers: Number(newsletter.n),
      };
    },

    /**
     * Back to pending, due now, with a fresh retry schedule (the attempt
     * history stays). A delivered row only with `force`; never a row being
     * sent or one the desk cancelled (quarantine). Returns the ids moved.
     */
    async redeliver(
      target: { id: string; force?: boolean } | { allDead: true },
      db: Queryable = store,
    ): Promise<string[]> {
      const set = `SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_by = NULL,
                       locked_until = NULL, updated_at = now()`;
      if ("allDead" in target) {
        const result = await db.query<{ application_id: string }>(
          `UPDATE outbox ${set} WHERE status = 'dead' RETURNING application_id::text AS application_id`,
        );
        return result.rows.map((row) => row.application_id);
      }
      if (!isUuid(target.id)) return [];
      const result = await db.query<{ application_id: string }>(
        `UPDATE outbox ${set}
          WHERE application_id = $1::uuid AND status IN ('dead', 'pending'${target.force ? ", 'delivered'" : ""})
          RETURNING application_id::text AS application_id`,
        [target.id],
      );
      return result.rows.map((row) => row.application_id);
    },
  };
}

export type DeliveryHealthRepository = ReturnType<typeof createDeliveryHealthRepository>;
