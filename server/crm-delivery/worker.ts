/**
 * The delivery worker: the outbox loop (outbox/worker-loop.ts) over the CRM
 * outbox. Each attempt POSTs the stored payload to the CRM webhook with the
 * application id as Idempotency-Key; the CRM's status decides the outcome
 * (policy.ts), its Retry-After the next attempt. At-least-once: a process
 * killed after the CRM answered 2xx but before the row was marked sends it
 * again; the key lets the CRM drop it.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import { boundedText } from "../clean-text";
import {
  createOutboxWorker,
  type AttemptAnswer,
  type OutboxWorker,
  type RecordedAttempt,
} from "../outbox/worker-loop";
import type { Store } from "../store/store";
import { createOutboxRepository, CRM_OUTBOX, type ClaimedDelivery } from "./outbox-repository";
import { classify, parseRetryAfter } from "./policy";

export interface DeliveryWorkerOptions {
  store: Store;
  config: DeliveryConfig;
  webhookUrl: string;
  log: FastifyBaseLogger;
  workerId?: string;
  /** After each attempt is recorded (the staff's delivery alerts); its failure is logged, never thrown. */
  onAttemptRecorded?: (result: DeliveryAttempt) => Promise<unknown>;
}

/** A recorded CRM attempt, its answer's code named as the CRM's HTTP status. */
export type DeliveryAttempt = RecordedAttempt<"delivered"> & { statusCode?: number };

/** Started by main.ts when LEAD_WEBHOOK_URL is set; woken when an application is queued (notifyDeliveryQueued). */
export type DeliveryWorker = OutboxWorker;

const USER_AGENT = "harborline-lead-desk/1.0";

/** How much of a CRM's answer is read (bytes) and kept in the record (characters). */
const BODY_READ_BYTES = 4096;
const BODY_RECORDED_CHARS = 300;

/**
 * The start of a response body, for the record: at most `maxBytes` are read,
 * then the rest is cancelled (a CRM's huge or endless answer costs nothing);
 * bytes that are not UTF-8 decode to U+FFFD.
 */
async function readBodyStart(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `timeout after ${timeoutMs} ms`;
    if (error.name === "AbortError") return "aborted at shutdown";
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code) return `network error: ${cause.code}`;
    if (cause?.message) return `network error: ${cause.message}`;
    return error.message;
  }
  return String(error);
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { config, webhookUrl } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = options.log.child({ component: "delivery", worker: id });

  async function attempt(claim: ClaimedDelivery, shutdown: AbortSignal): Promise<AttemptAnswer<"delivered">> {
    let statusCode: number | undefined;
    let error: string | undefined;
    let retryAfterMs: number | undefined;
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "idempotency-key": claim.applicationId,
          "user-agent": USER_AGENT,
        },
        body: claim.payload,
        redirect: "manual",
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), shutdown]),
      });
      statusCode = response.status;
      retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      // Read the start of the body inside the same deadline, for the record:
      // clean and short, whatever the CRM sent.
      const text = boundedText(await readBodyStart(response, BODY_READ_BYTES), BODY_RECORDED_CHARS);
      if (statusCode < 200 || statusCode >= 300) {
        error = `HTTP ${statusCode}${text ? `: ${text}` : ""}`;
      }
    } catch (caught) {
      error = describeError(caught, config.timeoutMs);
      // A body that timed out after a 2xx status is still a 2xx: the CRM has the application.
      if (statusCode !== undefined && statusCode >= 200 && statusCode < 300) error = undefined;
    }
    // The CRM's Retry-After (429, 503 …) wins over our own schedule.
    return { outcome: classify(statusCode), code: statusCode, error, retryAfterMs };
  }

  return createOutboxWorker({
    name: "delivery worker",
    outbox: CRM_OUTBOX,
    id,
    config,
    log,
    claims: createOutboxRepository(options.store),
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
    onRecorded: async (result) => {
      await options
        .onAttemptRecorded?.({ ...result, statusCode: result.code })
        .catch((error) => log.error({ err: error }, "delivery alert failed"));
    },
  });
}
