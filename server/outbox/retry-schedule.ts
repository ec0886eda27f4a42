/**
 * When an outbox row is tried again, and for how long: one schedule for the
 * CRM delivery and the e-mail, after webhook senders such as Svix and job
 * queues such as graphile-worker: exponential, jittered, spanning more than a
 * day, so a CRM or mail server that is down for a day loses nothing. This
 * file is the one definition of the schedule; the docs (docs/delivery.md,
 * "Retry schedule") describe it, retry-schedule.test.ts checks it. Which
 * answers are retried at all is each outbox's own (crm-delivery/policy.ts,
 * mail/transport.ts).
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
