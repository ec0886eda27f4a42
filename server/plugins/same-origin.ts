/**
 * Where a browser says a request comes from. A browser sends `Origin` with
 * every POST, and modern ones `Sec-Fetch-Site` too; another site's page can
 * make a visitor's browser post a form to us, but cannot change either header.
 */
import type { FastifyRequest } from "fastify";

/** The site's origin, or this request's own (what a same-origin page sends). */
function isOurOrigin(request: FastifyRequest, origin: string): boolean {
  return (
    origin === new URL(request.server.config.siteUrl).origin ||
    origin === `${request.protocol}://${request.host}`
  );
}

/** The request names our own origin as its `Origin` (one is required). */
export function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return typeof origin === "string" && isOurOrigin(request, origin);
}

/**
 * A browser says the request was made by another site's page: a foreign
 * `Origin` (`null` included: a sandboxed or opaque page) or
 * `Sec-Fetch-Site: cross-site`. A request carrying neither (a script, an old
 * browser) is not called cross-site.
 */
export function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === "string" && !isOurOrigin(request, origin)) return true;
  return request.headers["sec-fetch-site"] === "cross-site";
}
