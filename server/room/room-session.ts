/**
 * The applicant's session in one application's room: started by a deliberate
 * POST with the link's token, held in an HttpOnly, SameSite=Strict cookie
 * (Secure, with the `__Host-` prefix, when the site or the request is https)
 * whose value is 256 random bits; only their SHA-256 is stored
 * (room_sessions). It ends after ROOM_SESSION_IDLE_MS without a request or
 * ROOM_SESSION_ABSOLUTE_MS after it started, whichever comes first.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Two hours without a request end a session. */
export const ROOM_SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Seven days after it started a session ends, however busy. */
export const ROOM_SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

const BASE_NAME = "room_session";
const HOST_PREFIX = "__Host-";
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export const newSessionId = () => randomBytes(32).toString("base64url");
export const hashSessionId = (id: string) => createHash("sha256").update(id, "utf8").digest("hex");

/** https for this request: the configured site, or the request itself (X-Forwarded-Proto only via TRUST_PROXY). */
export function isHttps(request: FastifyRequest): boolean {
  return request.server.config.siteUrl.startsWith("https:") || request.protocol === "https";
}

export const roomCookieName = (request: FastifyRequest) =>
  isHttps(request) ? `${HOST_PREFIX}${BASE_NAME}` : BASE_NAME;

/** The session id the request's cookie holds, read only under this scheme's name; anything malformed is none. */
export function readRoomCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const name = roomCookieName(request);
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    return SESSION_ID.test(value) ? value : null;
  }
  return null;
}

function serialize(request: FastifyRequest, value: string, maxAgeSeconds: number) {
  const attributes = [
    `${roomCookieName(request)}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (isHttps(request)) attributes.push("Secure");
  return attributes.join("; ");
}

function append(reply: FastifyReply, value: string) {
  const existing = reply.getHeader("set-cookie");
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header("set-cookie", [...list, value]);
}

export function setRoomCookie(request: FastifyRequest, reply: FastifyReply, id: string) {
  append(reply, serialize(request, id, ROOM_SESSION_ABSOLUTE_MS / 1000));
}

export function clearRoomCookie(request: FastifyRequest, reply: FastifyReply) {
  append(reply, serialize(request, "", 0));
}
