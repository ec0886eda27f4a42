/**
 * Is a request to the inbound webhook from the sender it claims? Two ways,
 * per source (sources.ts):
 * - Standard Webhooks: `webhook-id`, `webhook-timestamp` and
 *   `webhook-signature` headers; the signature is the `standardwebhooks`
 *   library's (HMAC-SHA256 of `id.timestamp.body` with the secret, base64,
 *   `v1,` in front), computed over the raw body as it arrived;
 * - a fixed token, `Authorization: Bearer <token>`, for senders that can
 *   only add a header.
 * Both compare in constant time (SHA-256 digests of equal length, so neither
 * the value nor its length leaks through timing).
 *
 * The library's own `verify` also refuses a timestamp more than 5 minutes
 * off, a window it does not let us set. INBOUND_TOLERANCE is the one window
 * for both ways (a token's event carries its time in the body), so the
 * signature is checked here with the library's `sign` and the tolerance
 * with `outsideTolerance`, the way the library checks its own.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { InboundConfig } from "../config";
import type { InboundSource } from "./sources";

/** Who sent it: a signed request (its id and time from the headers) or a token (they are in the body). */
export type Sender = { way: "signed"; id: string; sentAt: number } | { way: "token" };

export type Verified = { ok: true; sender: Sender } | { ok: false; status: 400 | 401; error: string };

export const SIGNED_HEADERS = ["webhook-id", "webhook-timestamp", "webhook-signature"] as const;

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Constant-time equality of two strings of any lengths. */
export const sameText = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

type Headers = Record<string, string | string[] | undefined>;

/** A header given once, as text; undefined when missing or repeated. */
const single = (headers: Headers, name: string) => {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * "webhook-timestamp is 420 s ahead of the server's clock", or undefined when
 * `at` (ms) is within `toleranceMs` of `now`.
 */
export function outsideTolerance(field: string, at: number, now: number, toleranceMs: number) {
  const off = Math.round((at - now) / 1000);
  if (Math.abs(at - now) <= toleranceMs) return undefined;
  const allowed = Math.round(toleranceMs / 1000);
  return off < 0
    ? `${field} is ${-off} s old: events older than ${allowed} s are refused (check the sender's clock)`
    : `${field} is ${off} s ahead of the server's clock: at most ${allowed} s are allowed`;
}

/**
 * The verifier of one source, or undefined when it has neither a secret nor
 * a token (that source's URL answers 404).
 */
export function createVerifier(source: InboundSource, config: InboundConfig) {
  // The settings are checked when they are read (settings.ts).
  const secret = source.secret(config);
  const webhook = secret === undefined ? undefined : new Webhook(secret);
  const token = source.token(config);
  if (!webhook && !token) return undefined;
  const refuse = (error: string, status: 400 | 401 = 401): Verified => ({ ok: false, status, error });

  function signed(headers: Headers, raw: Buffer, now: number): Verified {
    if (!webhook) return refuse("This webhook takes a token: send Authorization: Bearer <token>");
    const [id, timestamp, signatures] = SIGNED_HEADERS.map((name) => single(headers, name));
    if (!id || !timestamp || !signatures) {
      return refuse("Missing webhook-id, webhook-timestamp or webhook-signature header");
    }
    if (!/^\d{1,12}$/.test(timestamp)) return refuse("webhook-timestamp must be a Unix time in seconds");
    const sentAt = Number(timestamp) * 1000;
    const expected = webhook.sign(id, new Date(sentAt), raw).slice("v1,".length);
    // Every "v1,<signature>" of the space-separated list (a sender rotating its
    // secret signs with both); other versions are skipped, as the library does.
    const matches = signatures
      .split(" ")
      .some((part) => part.startsWith("v1,") && sameText(part.slice("v1,".length), expected));
    if (!matches) return refuse("The signature does not match");
    const stale = outsideTolerance("webhook-timestamp", sentAt, now, config.toleranceMs);
    if (stale) return refuse(stale, 400);
    return { ok: true, sender: { way: "signed", id, sentAt } };
  }

  function bearer(headers: Headers): Verified {
    if (!token) {
      return refuse(
        "This webhook takes signed requests: webhook-id, webhook-timestamp and webhook-signature headers",
      );
    }
    const match = /^Bearer +(\S+) *$/i.exec(single(headers, "authorization") ?? "");
    if (!match || !sameText(match[1], token)) return refuse("The token is not valid");
    return { ok: true, sender: { way: "token" } };
  }

  return {
    /** Checks the request's headers against the raw body, at `now` (ms). */
    verify(headers: Headers, raw: Buffer, now: number): Verified {
      if (SIGNED_HEADERS.some((name) => headers[name] !== undefined)) return signed(headers, raw, now);
      if (headers.authorization !== undefined) return bearer(headers);
      return refuse(
        webhook
          ? "Missing webhook-id, webhook-timestamp and webhook-signature headers"
          : "Missing Authorization: Bearer <token>",
      );
    },
  };
}

export type Verifier = NonNullable<ReturnType<typeof createVerifier>>;
