/**
 * The delivery worker: the outbox loop (outbox/worker-loop.ts) over the CRM
 * outbox. Each attempt POSTs the stored payload to the CRM webhook with the
 * application id as Idempotency-Key (post-to-crm.ts); the CRM's status decides
 * the outcome (policy.ts), its Retry-After the next attempt. At-least-once: a process
 * killed after the CRM answered 2xx but before the row was marked sends it
 * again; the key lets the CRM drop it.
 */
import { buildOutboxWorker, type OutboxWorkerSetup } from "../outbox/outbox-worker";
import type { AttemptAnswer, OutboxWorker, RecordedAttempt } from "../outbox/worker-loop";
import { createOutboxRepository, CRM_OUTBOX, type ClaimedDelivery } from "./outbox-repository";
import { postToCrm } from "./post-to-crm";

export interface DeliveryWorkerOptions extends OutboxWorkerSetup {
  webhookUrl: string;
  /** After each attempt is recorded (the staff's delivery alerts); its failure is logged, never thrown. */
  onAttemptRecorded?: (result: DeliveryAttempt) => Promise<unknown>;
}

/** A recorded CRM attempt, its answer's code named as the CRM's HTTP status. */
export type DeliveryAttempt = RecordedAttempt<"delivered"> & { statusCode?: number };

/** Started by main.ts when LEAD_WEBHOOK_URL is set; woken when an application is queued (notifyDeliveryQueued). */
export type DeliveryWorker = OutboxWorker;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { config, webhookUrl } = options;

  const attempt = (claim: ClaimedDelivery, shutdown: AbortSignal): Promise<AttemptAnswer<"delivered">> =>
    postToCrm({
      url: webhookUrl,
      key: claim.applicationId,
      body: claim.payload,
      timeoutMs: config.timeoutMs,
      shutdown,
    });

  return buildOutboxWorker(options, {
    name: "delivery worker",
    outbox: CRM_OUTBOX,
    component: "delivery",
    claims: createOutboxRepository,
    attempt,
    describe: (claim) => ({ applicationId: claim.applicationId }),
    codeField: "status",
    messages: {
      delivered: "application delivered to the CRM",
      retry: "application delivery failed; will retry",
      dead: "application delivery failed for good; row is dead (redeliver with the CLI)",
      unrecorded: "could not record a delivery attempt",
      expired: "claim expired before the attempt was recorded",
      unclaimed: "could not claim outbox rows",
    },
    startFields: { url: new URL(webhookUrl).origin },
    onRecorded: async (result, _claim, log) => {
      await options
        .onAttemptRecorded?.({ ...result, statusCode: result.code })
        .catch((error) => log.error({ err: error }, "delivery alert failed"));
    },
  });
}
