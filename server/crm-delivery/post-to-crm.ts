/**
 * One POST of a stored payload to the CRM, as every CRM outbox attempts it
 * (the applications' and the opt-outs'): JSON, an Idempotency-Key, no
 * redirects, within the attempt timeout. The CRM's status decides the
 * outcome (policy.ts), its Retry-After the next attempt. Whatever the CRM
 * answers (a huge or endless body, bytes that are not UTF-8), only the start
 * of it is read and recorded, clean and short.
 */
import { boundedText } from "../clean-text";
import type { AttemptAnswer } from "../outbox/worker-loop";
import { classify, parseRetryAfter } from "./policy";

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

export interface CrmPost {
  url: string;
  /** The Idempotency-Key: the same on every attempt of one row, so the CRM can drop a repeat. */
  key: string;
  /** The stored payload, exactly as stored. */
  body: string;
  timeoutMs: number;
  /** Aborts when a stop has waited its bound. */
  shutdown: AbortSignal;
}

/** One attempt; never throws. */
export async function postToCrm({
  url,
  key,
  body,
  timeoutMs,
  shutdown,
}: CrmPost): Promise<AttemptAnswer<"delivered">> {
  let statusCode: number | undefined;
  let error: string | undefined;
  let retryAfterMs: number | undefined;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key, "user-agent": USER_AGENT },
      body,
      redirect: "manual",
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), shutdown]),
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
    error = describeError(caught, timeoutMs);
    // A body that timed out after a 2xx status is still a 2xx: the CRM has it.
    if (statusCode !== undefined && statusCode >= 200 && statusCode < 300) error = undefined;
  }
  // The CRM's Retry-After (429, 503 …) wins over our own schedule.
  return { outcome: classify(statusCode), code: statusCode, error, retryAfterMs };
}
