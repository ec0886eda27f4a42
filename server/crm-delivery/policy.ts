/**
 * When to retry a CRM delivery, and when to give up. Modelled on webhook
 * senders such as Svix and job queues such as graphile-worker: exponential,
 * jittered, spanning more than a day, so a CRM that is down for a day loses
 * no lead. This file is the one definition of the schedule; the docs
 * (server/README.md, "Retry schedule") describe it, policy.test.ts checks it.
 */
import type { DeliveryConfig } from "../config";

/**
 * Delay after the n-th failed attempt, in units of the base delay. With the
 * default 10 s base: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h,
 * 8 h, 8 h: twelve attempts over about 31.7 h (at least 25 h with jitter).
 */
export const BACKOFF_MULTIPLIERS = [1, 3, 12, 60, 180, 360, 720, 1440, 2880, 2880, 2880] as const;

/** Jitter: each delay is drawn from ±20% of its nominal value. */
export const JITTER = 0.2;

/** No Retry-After asks us to wait longer than a day. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export type Outcome = "delivered" | "retry" | "dead";

/** The 4xx answers that ask us to come back later (timeout, too early, too many requests). */
export const RETRYABLE_4XX: readonly number[] = [408, 425, 429];

/**
 * A permanent refusal: a 4xx other than RETRYABLE_4XX (a 422 "duplicate
 * contact", a 400 for a field the CRM will not take). The CRM answers it the
 * same way however long we wait, so it is dead at once, and sending it again
 * without a fix fails again. Everything else that fails (no answer, a
 * timeout, 408/425/429, 5xx, 3xx) is temporary.
 */
export function isPermanentRefusal(statusCode: number | null | undefined): boolean {
  if (statusCode === null || statusCode === undefined) return false;
  return statusCode >= 400 && statusCode < 500 && !RETRYABLE_4XX.includes(statusCode);
}

/** isPermanentRefusal as SQL over an integer column holding the CRM's status (NULL: no answer). */
export const permanentRefusalSql = (column: string) =>
  `coalesce(${column} BETWEEN 400 AND 499 AND ${column} NOT IN (${RETRYABLE_4XX.join(", ")}), false)`;

/** 2xx: delivered. A permanent refusal: dead at once. Anything else (no answer, timeout, 408, 425, 429, 5xx, 3xx): retry. */
export function classify(statusCode: number | undefined): Outcome {
  if (statusCode === undefined) return "retry";
  if (statusCode >= 200 && statusCode < 300) return "delivered";
  if (isPermanentRefusal(statusCode)) return "dead";
  return "retry";
}

/** The nominal delay (no jitter) after `attempt` failed attempts. */
export function nominalDelayMs(
  attempt: number,
  config: Pick<DeliveryConfig, "backoffBaseMs" | "backoffMaxMs">,
) {
  const multiplier = BACKOFF_MULTIPLIERS[Math.min(Math.max(attempt, 1), BACKOFF_MULTIPLIERS.length) - 1];
  return Math.min(config.backoffBaseMs * multiplier, config.backoffMaxMs);
}

/**
 * How long a delivery (or an e-mail) is retried before it is marked dead: the
 * nominal delays between its attempts added up. What the desk tells staff.
 */
export function retryWindowMs(
  config: Pick<DeliveryConfig, "backoffBaseMs" | "backoffMaxMs" | "maxAttempts">,
) {
  let total = 0;
  for (let attempt = 1; attempt < config.maxAttempts; attempt++) total += nominalDelayMs(attempt, config);
  return total;
}

export function retryDelayMs(
  attempt: number,
  config: Pick<DeliveryConfig, "backoffBaseMs" | "backoffMaxMs">,
  random: () => number = Math.random,
): number {
  return Math.round(nominalDelayMs(attempt, config) * (1 - JITTER + 2 * JITTER * random()));
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
