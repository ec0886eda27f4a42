import fp from "fastify-plugin";
import type { Config } from "../config";
import { buildCsp, frameSource } from "../site/csp";
import type { Site } from "../site/load-site";

const HSTS = "max-age=63072000; includeSubDomains";

/** The headers every response carries (HSTS is added per request). */
export function baseSecurityHeaders(config: Pick<Config, "bookingUrl">): Record<string, string> {
  return {
    "content-security-policy": buildCsp({ scriptHashes: [], frameSrc: frameSource(config.bookingUrl) }),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "cross-origin-opener-policy": "same-origin",
  };
}

/**
 * Security headers on every response, HTML or not, success or error. A route
 * that sets a Content-Security-Policy of its own keeps it (a document served
 * to staff is sandboxed: server/desk/documents/).
 */
export default fp<{ config: Config; site: Site }>(
  async (app, { config, site }) => {
    app.decorateReply("cspPage", null);

    const frameSrc = frameSource(config.bookingUrl);
    const headers = baseSecurityHeaders(config);
    const pageCsp = new Map(
      Object.entries(site.cspHashes).map(([page, scriptHashes]) => [
        page,
        buildCsp({ scriptHashes, frameSrc }),
      ]),
    );
    const siteIsHttps = config.siteUrl.startsWith("https:");

    app.addHook("onSend", async (request, reply, payload) => {
      // A page that carries a secret in its address sets a stricter policy itself (static-site.ts);
      // a document served to staff sets its own sandboxing CSP (server/desk/documents/).
      const referrerPolicy = reply.getHeader("referrer-policy");
      const own = reply.getHeader("content-security-policy");
      reply.headers(headers);
      if (referrerPolicy) reply.header("referrer-policy", referrerPolicy);
      const csp = reply.cspPage ? pageCsp.get(reply.cspPage) : own;
      if (csp) reply.header("content-security-policy", csp);
      // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY allows it.
      if (siteIsHttps || request.protocol === "https") reply.header("strict-transport-security", HSTS);
      return payload;
    });
  },
  { name: "security-headers" },
);
