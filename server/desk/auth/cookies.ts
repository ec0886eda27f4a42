/**
 * The desk's two cookies: the session and the short-lived "password was right,
 * now the code" cookie. Both are HttpOnly, SameSite=Strict, Path=/; over https
 * (SITE_URL is https, or the request came as https through a trusted proxy)
 * also Secure with the `__Host-` prefix, so no subdomain or plain-http page can
 * set or shadow them. Their values are the authentication library's signed
 * tokens; the library decides what they mean (sessions.ts).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { HOST_COOKIE_PREFIX, parseCookies } from "better-auth/cookies";

export type DeskCookie = "session" | "pending";

const BASE_NAMES: Record<DeskCookie, string> = { session: "desk_session", pending: "desk_pending" };

/** https for this request: the configured site, or the request itself (X-Forwarded-Proto only via TRUST_PROXY). */
export function isHttps(request: FastifyRequest): boolean {
  return request.server.config.siteUrl.startsWith("https:") || request.protocol === "https";
}

export function cookieName(request: FastifyRequest, cookie: DeskCookie): string {
  return isHttps(request) ? `${HOST_COOKIE_PREFIX}${BASE_NAMES[cookie]}` : BASE_NAMES[cookie];
}

/**
 * What a cookie value may hold once percent-decoded (RFC 6265 cookie-octets:
 * printable ASCII without space, `"`, `,`, `;` and `\\`). The library's signed
 * tokens are such text; anything else (a NUL, a line break, a character past
 * U+00FF) cannot even be put in the header the library is called with.
 */
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]{1,4096}$/;

/** The cookie's value, read only under the name this scheme uses; a malformed value is no cookie. */
export function readCookie(request: FastifyRequest, cookie: DeskCookie): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const value = parseCookies(header).get(cookieName(request, cookie));
  return value && COOKIE_VALUE.test(value) ? value : null;
}

function serialize(request: FastifyRequest, cookie: DeskCookie, value: string, maxAgeSeconds: number) {
  const attributes = [
    `Path=/`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (isHttps(request)) attributes.push("Secure");
  return [`${cookieName(request, cookie)}=${value}`, ...attributes].join("; ");
}

function append(reply: FastifyReply, value: string) {
  const existing = reply.getHeader("set-cookie");
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header("set-cookie", [...list, value]);
}

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: DeskCookie,
  value: string,
  maxAgeSeconds: number,
) {
  append(reply, serialize(request, cookie, value, maxAgeSeconds));
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, cookie: DeskCookie) {
  append(reply, serialize(request, cookie, "", 0));
}
