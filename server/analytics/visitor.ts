/**
 * Who a visitor is, as far as the site's analytics knows: a key that lasts
 * one UTC day and cannot be reversed, the coarse kind of device, and whether
 * they asked not to be tracked. Nothing here is stored in the browser.
 */
import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { isbot } from "isbot";

/** "2026-01-31": the UTC day of an instant; salts and roll-ups are per UTC day. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The daily visitor key: SHA-256 of the day's salt, the site's host, the
 * visitor's address and user agent (the way Plausible counts), cut to its
 * first 8 bytes as a signed 64-bit number (a bigint column). With a fresh
 * salt each day, the same person on two days is two keys.
 */
export function visitorKey(salt: Uint8Array, siteHost: string, ip: string, userAgent: string): string {
  const digest = createHash("sha256")
    .update(salt)
    .update("\0")
    .update(siteHost)
    .update("\0")
    .update(ip)
    .update("\0")
    .update(userAgent)
    .digest();
  return digest.readBigInt64BE(0).toString();
}

export type Device = "mobile" | "tablet" | "desktop";

/** The kind of device, coarsely, from the user agent (nothing finer is kept). */
export function deviceClass(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** Global Privacy Control: counted as a page view, but with no visitor key. */
export function sendsGpc(request: FastifyRequest): boolean {
  return request.headers["sec-gpc"] === "1";
}

/** A crawler, a script, or a client that names itself not at all: never counted. */
export function isNotAPerson(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent);
}
