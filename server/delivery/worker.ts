/**
 * The delivery worker: claims due outbox rows (FOR UPDATE SKIP LOCKED, with a
 * lease), POSTs each stored payload to the CRM webhook with the application id
 * as Idempotency-Key, records every attempt, and retries on the schedule in
 * policy.ts. At-least-once: a process killed after the CRM answered 2xx but
 * before the row was marked sends it again; the key lets the CRM drop it.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import { boundedText } from "../clean-text";
import type { Store } from "../store/store";
import { createOutboxRepository, type AttemptResult, type ClaimedDelivery } from "./outbox-repository";
import { classify, parseRetryAfter, retryDelayMs } from "./policy";

export interface DeliveryWorkerOptions {
  store: Store;
  config: DeliveryConfig;
  webhookUrl: string;
  log: FastifyBaseLogger;
  workerId?: string;
  /** After each attempt is recorded (the staff's delivery alerts); its failure is logged, never thrown. */
  onAttemptRecorded?: (result: AttemptResult) => Promise<unknown>;
}

export interface DeliveryWorker {
  readonly id: string;
  start(): void;
  /** Look for due rows now (a new application was stored). */
  wake(): void;
  /** Stop claiming, let in-flight deliveries finish (bounded), give back the rest. */
  stop(): Promise<void>;
}

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
  const outbox = createOutboxRepository(options.store);
  const active = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let signal: (() => void) | undefined;
  let signalled = false;

  const notify = () => {
    signalled = true;
    signal?.();
  };

  const waitForSignal = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signalled) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal = undefined;
        resolve();
      }
      signal = done;
    });

  async function attempt(claim: ClaimedDelivery): Promise<AttemptResult> {
    const attemptedAt = new Date();
    const started = performance.now();
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
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), shutdown.signal]),
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
      // A body that timed out after a 2xx status is still a 2xx: the CRM has the lead.
      if (statusCode !== undefined && statusCode >= 200 && statusCode < 300) error = undefined;
    }
    const durationMs = performance.now() - started;
    let outcome = classify(statusCode);
    if (outcome === "retry" && claim.attempt >= config.maxAttempts) outcome = "dead";
    // The CRM's Retry-After (429, 503 …) wins over our own schedule.
    const delayMs = outcome === "retry" ? (retryAfterMs ?? retryDelayMs(claim.attempt, config)) : undefined;
    return { attemptedAt, statusCode, error, durationMs, outcome, delayMs };
  }

  async function deliver(claim: ClaimedDelivery) {
    const result = await attempt(claim);
    const fields = {
      applicationId: claim.applicationId,
      attempt: claim.attempt,
      status: result.statusCode ?? null,
      error: result.error,
      durationMs: Math.round(result.durationMs),
      outcome: result.outcome,
      nextAttemptAt:
        result.delayMs !== undefined ? new Date(Date.now() + result.delayMs).toISOString() : undefined,
    };
    let stillOurs: boolean;
    try {
      stillOurs = await outbox.record(id, claim, result);
    } catch (error) {
      // The row stays claimed; its lease runs out and it is tried again.
      log.error({ ...fields, err: error }, "could not record a delivery attempt");
      return;
    }
    if (!stillOurs) log.warn(fields, "claim expired before the attempt was recorded");
    if (result.outcome === "delivered") log.info(fields, "lead delivered to the CRM");
    else if (result.outcome === "retry") log.warn(fields, "lead delivery failed; will retry");
    else log.error(fields, "lead delivery failed for good; row is dead (redeliver with the CLI)");
    await options
      .onAttemptRecorded?.(result)
      .catch((error) => log.error({ err: error }, "delivery alert failed"));
  }

  async function run() {
    while (!stopping) {
      signalled = false;
      const free = config.concurrency - active.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await outbox.claim(id, free, config.leaseMs);
        } catch (error) {
          if (!stopping) log.error({ err: error }, "could not claim outbox rows");
        }
      }
      if (stopping) {
        // Claimed during shutdown: give them straight back.
        if (claimed.length)
          await outbox
            .release(
              id,
              claimed.map((c) => c.outboxId),
            )
            .catch(() => undefined);
        break;
      }
      for (const claim of claimed) {
        const task = deliver(claim).finally(() => {
          active.delete(task);
          notify();
        });
        active.add(task);
      }
      // A full batch: more may be due; otherwise sleep until woken, the next row
      // falls due (a retry), or the next poll (other instances' rows).
      if (claimed.length > 0 && claimed.length === free) continue;
      let sleepMs = config.pollMs;
      if (free > 0) {
        const nextDue = await outbox.msUntilNextDue().catch(() => undefined);
        if (nextDue !== undefined) sleepMs = Math.min(sleepMs, Math.max(Math.ceil(nextDue), 5));
      }
      await waitForSignal(sleepMs);
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      log.info(
        { url: new URL(webhookUrl).origin, concurrency: config.concurrency },
        "delivery worker started",
      );
      loop = run();
    },
    wake: notify,
    async stop() {
      if (!running || stopping) return;
      stopping = true;
      notify();
      await loop;
      const inFlight = Promise.allSettled([...active]);
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inFlight.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), config.timeoutMs + 2_000))),
      ]);
      clearTimeout(timer);
      if (!finished) {
        shutdown.abort();
        await inFlight;
      }
      const released = await outbox.release(id).catch(() => 0);
      log.info({ released }, "delivery worker stopped");
    },
  };
}
