/**
 * One outbox worker: the loop shared by the CRM delivery and the e-mail
 * sending. It claims up to `concurrency - active` due rows, runs one attempt
 * for each, records every attempt (only while the claim is still its own),
 * retries on the schedule in retry-schedule.ts (or after the wait the other
 * side asked for, `retryAfterMs`) and gives a row up after the last attempt.
 * Between claims it sleeps until the next row falls due, the poll interval
 * ends (other instances' rows) or it is woken: rows are waiting in its outbox
 * (notifier.ts), or `wake()`.
 * Stopping: claims taken but not started go straight back, in-flight attempts
 * may finish within the attempt timeout (+2 s), then they are aborted;
 * whatever this worker still holds is given back.
 */
import type { FastifyBaseLogger } from "fastify";
import type { DeliveryConfig } from "../config";
import { onRowsWaiting } from "./notifier";
import { retryDelayMs } from "./retry-schedule";

/** What one attempt came to: through (`Done`: "delivered", "sent"), try again later, or given up. */
export type Outcome<Done extends string> = Done | "retry" | "dead";

export interface ClaimedRow {
  /** The outbox row's id. */
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
}

export interface RecordedAttempt<Done extends string> {
  attemptedAt: Date;
  /** The HTTP status or SMTP reply code, when there was an answer. */
  code?: number;
  error?: string;
  durationMs: number;
  outcome: Outcome<Done>;
  /** For a retry: how long until the next attempt. */
  delayMs?: number;
}

export interface OutboxClaims<Done extends string, Claim extends ClaimedRow> {
  /** Claims up to `limit` due rows for `worker`, for `leaseMs`; in id order. */
  claim(worker: string, limit: number, leaseMs: number): Promise<Claim[]>;
  /** Records the attempt and settles the row; false when this worker no longer held the claim. */
  record(worker: string, claim: ClaimedRow, result: RecordedAttempt<Done>): Promise<boolean>;
  /** Gives back claims that were never attempted (shutdown): pending, due now, attempt not counted. */
  release(worker: string, ids?: string[]): Promise<number>;
  /**
   * PGlite only (one process owns the store): claims left by a killed
   * process are due again now rather than when their lease ends.
   */
  releaseOrphans(): Promise<number>;
  /** Milliseconds until the next row falls due (0 when one is due now); undefined when none waits. */
  msUntilNextDue(): Promise<number | undefined>;
}

/** What one attempt came to, before the worker applies the schedule. */
export interface AttemptAnswer<Done extends string> {
  /** "retry" on the last attempt becomes "dead". */
  outcome: Outcome<Done>;
  /** The HTTP status or SMTP reply code, when there was an answer. */
  code?: number;
  error?: string;
  /** The other side's wish for the next attempt (HTTP Retry-After); else the schedule decides. */
  retryAfterMs?: number;
}

export interface OutboxWorkerOptions<Done extends string, Claim extends ClaimedRow> {
  /** "delivery worker", "mail worker": names the start and stop log lines. */
  name: string;
  /** The outbox's table: while started, the worker wakes when notifyRowsWaiting names it. */
  outbox: string;
  id: string;
  /** Timeouts, lease, schedule and concurrency. */
  config: DeliveryConfig;
  /** Names the component and the worker already. */
  log: FastifyBaseLogger;
  claims: OutboxClaims<Done, Claim>;
  /** One attempt; `signal` aborts when a stop has waited its bound. Never throws. */
  attempt(claim: Claim, signal: AbortSignal): Promise<AttemptAnswer<Done>>;
  /** The log fields naming a claim; the attempt's own fields follow them. */
  describe(claim: Claim): Record<string, unknown>;
  /** The log field for the answer's code ("status", "smtpCode"). */
  codeField: string;
  /** A log message for each outcome, and for an attempt that could not be recorded or claimed. */
  messages: Record<Outcome<Done> | "unrecorded" | "expired" | "unclaimed", string>;
  /** Fields for the start line, besides the concurrency. */
  startFields: Record<string, unknown>;
  /** After each attempt is recorded; awaited before the worker takes that slot again. */
  onRecorded?: (result: RecordedAttempt<Done>, claim: Claim) => Promise<unknown>;
}

export interface OutboxWorker {
  readonly id: string;
  start(): void;
  /** Look for due rows now (a row was just stored); notifyRowsWaiting does this for every worker on that outbox. */
  wake(): void;
  /** Stop claiming, let in-flight attempts finish (bounded), give back the rest. */
  stop(): Promise<void>;
}

/** How long a stop waits for in-flight attempts beyond one attempt's timeout. */
const STOP_GRACE_MS = 2_000;
/** The shortest sleep before a row that falls due soon. */
const MIN_SLEEP_MS = 5;

export function createOutboxWorker<Done extends string, Claim extends ClaimedRow>(
  options: OutboxWorkerOptions<Done, Claim>,
): OutboxWorker {
  const { id, config, log, claims, messages } = options;
  const active = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let signal: (() => void) | undefined;
  let signalled = false;
  let stopListening: (() => void) | undefined;

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

  async function attempt(claim: Claim): Promise<RecordedAttempt<Done>> {
    const attemptedAt = new Date();
    const started = performance.now();
    const answer = await options.attempt(claim, shutdown.signal);
    const durationMs = performance.now() - started;
    let outcome = answer.outcome;
    if (outcome === "retry" && claim.attempt >= config.maxAttempts) outcome = "dead";
    const delayMs =
      outcome === "retry" ? (answer.retryAfterMs ?? retryDelayMs(claim.attempt, config)) : undefined;
    return { attemptedAt, code: answer.code, error: answer.error, durationMs, outcome, delayMs };
  }

  async function settle(claim: Claim) {
    const result = await attempt(claim);
    const fields = {
      ...options.describe(claim),
      attempt: claim.attempt,
      [options.codeField]: result.code ?? null,
      error: result.error,
      durationMs: Math.round(result.durationMs),
      outcome: result.outcome,
      nextAttemptAt:
        result.delayMs !== undefined ? new Date(Date.now() + result.delayMs).toISOString() : undefined,
    };
    let stillOurs: boolean;
    try {
      stillOurs = await claims.record(id, claim, result);
    } catch (error) {
      // The row stays claimed; its lease runs out and it is tried again.
      log.error({ ...fields, err: error }, messages.unrecorded);
      return;
    }
    if (!stillOurs) log.warn(fields, messages.expired);
    if (result.outcome === "retry") log.warn(fields, messages.retry);
    else if (result.outcome === "dead") log.error(fields, messages.dead);
    else log.info(fields, messages[result.outcome]);
    await options.onRecorded?.(result, claim);
  }

  async function run() {
    while (!stopping) {
      signalled = false;
      const free = config.concurrency - active.size;
      let claimed: Claim[] = [];
      if (free > 0) {
        try {
          claimed = await claims.claim(id, free, config.leaseMs);
        } catch (error) {
          if (!stopping) log.error({ err: error }, messages.unclaimed);
        }
      }
      if (stopping) {
        // Claimed during shutdown: give them straight back.
        if (claimed.length)
          await claims
            .release(
              id,
              claimed.map((c) => c.id),
            )
            .catch(() => undefined);
        break;
      }
      for (const claim of claimed) {
        const task = settle(claim).finally(() => {
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
        const nextDue = await claims.msUntilNextDue().catch(() => undefined);
        if (nextDue !== undefined) sleepMs = Math.min(sleepMs, Math.max(Math.ceil(nextDue), MIN_SLEEP_MS));
      }
      await waitForSignal(sleepMs);
    }
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      log.info({ ...options.startFields, concurrency: config.concurrency }, `${options.name} started`);
      stopListening = onRowsWaiting(options.outbox, notify);
      loop = run();
    },
    wake: notify,
    async stop() {
      if (!running || stopping) return;
      stopping = true;
      stopListening?.();
      notify();
      await loop;
      const inFlight = Promise.allSettled([...active]);
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inFlight.then(() => true),
        new Promise<false>(
          (resolve) => (timer = setTimeout(() => resolve(false), config.timeoutMs + STOP_GRACE_MS)),
        ),
      ]);
      clearTimeout(timer);
      if (!finished) {
        shutdown.abort();
        await inFlight;
      }
      const released = await claims.release(id).catch(() => 0);
      log.info({ released }, `${options.name} stopped`);
    },
  };
}
