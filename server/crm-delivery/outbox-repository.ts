/**
 * The CRM outbox: claims, attempts and leases as every outbox has them
 * (outbox/claims.ts), plus what only this one needs.
 */
import { createClaims, type OutboxTables } from "../outbox/claims";
import { notifyRowsWaiting } from "../outbox/notifier";
import type { ClaimedRow } from "../outbox/worker-loop";
import type { Store } from "../store/store";

export interface ClaimedDelivery extends ClaimedRow {
  applicationId: string;
  /** The stored CRM payload, exactly as stored (key order kept). */
  payload: string;
}

/** The CRM outbox's table: what its workers listen for (outbox/notifier.ts). */
export const CRM_OUTBOX = "outbox";

/**
 * Wakes this process's delivery workers: call after the transaction that
 * queued an application for the CRM (or queued it again) has committed.
 */
export const notifyDeliveryQueued = () => notifyRowsWaiting(CRM_OUTBOX);

/** The CRM outbox; a claim also reads the application's stored payload. */
const TABLES: OutboxTables<"delivered"> = {
  outbox: CRM_OUTBOX,
  attempts: "delivery_attempts",
  attemptOf: "outbox_id",
  code: "status_code",
  done: "delivered",
  doneAt: "delivered_at",
  returning: "o.application_id::text AS application_id, a.payload::text AS payload",
  join: { from: "applications a", on: "a.id = o.application_id" },
};

export function createOutboxRepository(store: Store) {
  return {
    ...createClaims(
      store,
      TABLES,
      (row: { application_id: string; payload: string }): Omit<ClaimedDelivery, keyof ClaimedRow> => ({
        applicationId: row.application_id,
        payload: row.payload,
      }),
    ),

    async countWaiting(): Promise<number> {
      const { rows } = await store.query<{ n: string }>(
        "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')",
      );
      return Number(rows[0].n);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
