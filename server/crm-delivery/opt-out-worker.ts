/**
 * The opt-out worker: the outbox loop (outbox/worker-loop.ts) over the
 * opt-outs' outbox (opt-out-outbox.ts). Each attempt POSTs the stored payload
 * to CRM_OPT_OUT_URL with `opt-out-<id>` as Idempotency-Key, as the delivery
 * worker posts applications (post-to-crm.ts): the same policy, schedule,
 * leases and claims, so an opt-out survives a CRM outage and a restart as an
 * application does, and two instances never send one at once.
 */
import { buildOutboxWorker, type OutboxWorkerSetup } from "../outbox/outbox-worker";
import type { OutboxWorker } from "../outbox/worker-loop";
import { createOptOutOutbox, OPT_OUT_OUTBOX } from "./opt-out-outbox";
import { postToCrm } from "./post-to-crm";

export interface OptOutWorkerOptions extends OutboxWorkerSetup {
  url: string;
}

/** Started by main.ts when CRM_OPT_OUT_URL is set; woken when an opt-out is queued (notifyOptOutQueued). */
export function createOptOutWorker(options: OptOutWorkerOptions): OutboxWorker {
  const { config, url } = options;
  return buildOutboxWorker(options, {
    name: "opt-out worker",
    outbox: OPT_OUT_OUTBOX,
    component: "opt-out-delivery",
    claims: createOptOutOutbox,
    attempt: (claim, shutdown) =>
      postToCrm({
        url,
        key: claim.key,
        body: claim.payload,
        timeoutMs: config.timeoutMs,
        shutdown,
      }),
    describe: (claim) => ({ optOutId: claim.optOutId }),
    codeField: "status",
    messages: {
      delivered: "opt-out delivered to the CRM",
      retry: "opt-out delivery failed; will retry",
      dead: "opt-out delivery failed for good; row is dead",
      unrecorded: "could not record an opt-out delivery attempt",
      expired: "claim expired before the attempt was recorded",
      unclaimed: "could not claim opt-out outbox rows",
    },
    startFields: { url: new URL(url).origin },
  });
}
