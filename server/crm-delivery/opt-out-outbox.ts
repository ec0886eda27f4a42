/**
 * Opt-outs to the CRM (migration 022): what the CRM receives for each
 * (docs/crm-opt-outs.md is the contract), queued in the transaction that
 * records the opt-out, and the claims over its own outbox, the same SQL as
 * the applications' (outbox/claims.ts).
 */
import type { OptOut } from "#domain/desk/contract";
import { createClaims, type OutboxTables } from "../outbox/claims";
import { notifyRowsWaiting } from "../outbox/notifier";
import type { ClaimedRow } from "../outbox/worker-loop";
import type { Queryable, Store } from "../store/store";

/** The opt-outs' outbox table: what their workers listen for (outbox/notifier.ts). */
export const OPT_OUT_OUTBOX = "opt_out_outbox";

/** The body's `type`: what tells an opt-out from anything else the CRM receives. */
export const OPT_OUT_EVENT = "contact.opted_out";

/** Exactly what the CRM receives for one opt-out, keys in this order. */
export interface OptOutPayload {
  type: typeof OPT_OUT_EVENT;
  optOutId: string;
  channel: OptOut["channel"];
  phone: string | null;
  email: string | null;
  receivedVia: OptOut["receivedVia"];
  receivedAt: string;
  honourBy: string;
}

export function buildOptOutPayload(optOut: OptOut): OptOutPayload {
  return {
    type: OPT_OUT_EVENT,
    optOutId: optOut.id,
    channel: optOut.channel,
    phone: optOut.phone,
    email: optOut.email,
    receivedVia: optOut.receivedVia,
    receivedAt: optOut.receivedAt,
    honourBy: optOut.honourBy,
  };
}

/** The Idempotency-Key of an opt-out: never the same as an application's (a UUID). */
export const optOutKey = (optOutId: string) => `opt-out-${optOutId}`;

/** Queues the opt-out for the CRM in the caller's transaction; call notifyOptOutQueued after its commit. */
export async function queueOptOut(tx: Queryable, optOut: OptOut): Promise<void> {
  await tx.query(
    `INSERT INTO opt_out_outbox (opt_out_id, payload, honour_by) VALUES ($1::bigint, $2::json, $3::date)`,
    [optOut.id, JSON.stringify(buildOptOutPayload(optOut)), optOut.honourBy],
  );
}

/** The body's `type` of a deletion request carried out (docs/privacy-requests.md). */
export const ERASURE_EVENT = "contact.erased";

/** Exactly what the CRM receives when someone's data was erased here, keys in this order. */
export interface ErasurePayload {
  type: typeof ERASURE_EVENT;
  privacyRequestId: string;
  /** The address whose contact the CRM should erase too. */
  email: string;
  /** Our application ids (the CRM's Idempotency-Keys when each was delivered) that were erased. */
  applicationIds: string[];
  erasedAt: string;
}

/**
 * Queues an erasure for the CRM in the caller's transaction, through the
 * opt-outs' outbox (its worker posts it to CRM_OPT_OUT_URL); call
 * notifyOptOutQueued after the commit.
 */
export async function queueErasure(tx: Queryable, payload: Omit<ErasurePayload, "type">): Promise<void> {
  const body: ErasurePayload = { type: ERASURE_EVENT, ...payload };
  await tx.query(
    `INSERT INTO opt_out_outbox (privacy_request_id, payload, honour_by) VALUES ($1::uuid, $2::json, now()::date)`,
    [payload.privacyRequestId, JSON.stringify(body)],
  );
}

/** Wakes this process's opt-out workers: call after the transaction that queued an opt-out has committed. */
export const notifyOptOutQueued = () => notifyRowsWaiting(OPT_OUT_OUTBOX);

export interface ClaimedOptOut extends ClaimedRow {
  /** The opt-out's id, or for an erasure "privacy-request-<id>". */
  optOutId: string;
  /** The Idempotency-Key: `opt-out-<id>`, or `erasure-<privacy request id>`. */
  key: string;
  /** The stored payload, exactly as stored. */
  payload: string;
}

const TABLES: OutboxTables<"delivered"> = {
  outbox: OPT_OUT_OUTBOX,
  attempts: "opt_out_delivery_attempts",
  attemptOf: "outbox_id",
  code: "status_code",
  done: "delivered",
  doneAt: "delivered_at",
  returning: `coalesce(o.opt_out_id::text, 'privacy-request-' || o.privacy_request_id::text) AS opt_out_id,
              coalesce('opt-out-' || o.opt_out_id::text, 'erasure-' || o.privacy_request_id::text) AS key,
              o.payload::text AS payload`,
};

export function createOptOutOutbox(store: Store) {
  return createClaims(
    store,
    TABLES,
    (row: { opt_out_id: string; key: string; payload: string }): Omit<ClaimedOptOut, keyof ClaimedRow> => ({
      optOutId: row.opt_out_id,
      key: row.key,
      payload: row.payload,
    }),
  );
}
