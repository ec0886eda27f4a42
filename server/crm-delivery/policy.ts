/**
 * Which answers of the CRM are retried and which are final, and how its
 * Retry-After is read. When a retry happens is the outboxes' one schedule
 * (outbox/retry-schedule.ts).
 */

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
