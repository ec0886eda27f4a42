/**
 * The mail worker: the CRM delivery worker's discipline for e-mail. It claims
 * due rows of the mail outbox (FOR UPDATE SKIP LOCKED, with a lease), sends
 * each stored message over SMTP with its stored Message-ID, records every
 * attempt, retries on the CRM's schedule (delivery/policy.ts) and marks a row
 * dead after the last attempt. At-least-once: a process killed after the SMTP
 * server accepted a message but before it was recorded sends it again, with
 * the same Message-ID.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import { retryDelayMs } from "../delivery/policy";
import type { Store } from "../store/store";
import { createMailOutboxRepository, type ClaimedMail, type MailAttemptResult } from "./outbox-repository";
import { createMailSender, describeSmtpUrl, type MailSender } from "./transport";
import { onMailQueued } from "./wake";

export interface MailWorkerOptions {
  store: Store;
  /** Timeouts, lease, schedule and concurrency: the CRM delivery's settings. */
  config: DeliveryConfig;
  smtpUrl: string;
  log: FastifyBaseLogger;
  workerId?: string;
  /** Tests: a sender other than SMTP. */
  sender?: MailSender;
}

export interface MailWorker {
  readonly id: string;
  start(): void;
  /** Look for due rows now (mail was just stored). */
  wake(): void;
  /** Stop claiming, let in-flight sends finish (bounded), give back the rest. */
  stop(): Promise<void>;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { config } = options;
  const id = options.workerId ?? `${hostname()}:${process.pid}:mail:${randomUUID().slice(0, 8)}`;
  const log = options.log.child({ component: "mail", worker: id });
  const outbox = createMailOutboxRepository(options.store);
  const sender = options.sender ?? createMailSender(options.smtpUrl, config.timeoutMs);
  const active = new Set<Promise<void>>();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let signal: (() => void) | undefined;
  let signalled = false;
  let unsubscribe: (() => void) | undefined;

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

  async function attempt(claim: ClaimedMail): Promise<MailAttemptResult> {
    const attemptedAt = new Date();
    const started = performance.now();
    const sent = await sender.send(claim);
    const durationMs = performance.now() - started;
    let outcome = sent.outcome;
    if (outcome === "retry" && claim.attempt >= config.maxAttempts) outcome = "dead";
    const delayMs = outcome === "retry" ? retryDelayMs(claim.attempt, config) : undefined;
    return { attemptedAt, smtpCode: sent.smtpCode, error: sent.error, durationMs, outcome, delayMs };
  }

  async function deliver(claim: ClaimedMail) {
    const result = await attempt(claim);
    const fields = {
      mailId: claim.id,
      kind: claim.kind,
      messageId: claim.messageId,
      attempt: claim.attempt,
      smtpCode: result.smtpCode ?? null,
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
      log.error({ ...fields, err: error }, "could not record a mail attempt");
      return;
    }
    if (!stillOurs) log.warn(fields, "claim expired before the mail attempt was recorded");
    if (result.outcome === "sent") log.info(fields, "e-mail sent");
    else if (result.outcome === "retry") log.warn(fields, "e-mail not sent; will retry");
    else log.error(fields, "e-mail failed for good; row is dead (redeliver from the console)");
  }

  async function run() {
    while (!stopping) {
      signalled = false;
      const free = config.concurrency - active.size;
      let claimed: ClaimedMail[] = [];
      if (free > 0) {
        try {
          claimed = await outbox.claim(id, free, config.leaseMs);
        } catch (error) {
          if (!stopping) log.error({ err: error }, "could not claim mail outbox rows");
        }
      }
      if (stopping) {
        if (claimed.length)
          await outbox
            .release(
              id,
              claimed.map((c) => c.id),
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
      unsubscribe = onMailQueued(notify);
      log.info(
        { smtp: describeSmtpUrl(options.smtpUrl), concurrency: config.concurrency },
        "mail worker started",
      );
      loop = run();
    },
    wake: notify,
    async stop() {
      if (!running || stopping) return;
      stopping = true;
      unsubscribe?.();
      notify();
      await loop;
      // Each SMTP wait is bounded by the timeout: most sends finish within one.
      const inFlight = Promise.allSettled([...active]);
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inFlight.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), config.timeoutMs + 2_000))),
      ]);
      clearTimeout(timer);
      if (!finished) sender.close();
      const released = await outbox.release(id).catch(() => 0);
      sender.close();
      log.info({ released }, "mail worker stopped");
    },
  };
}
