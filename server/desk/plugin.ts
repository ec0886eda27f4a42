/**
 * The lead desk's API (/api/desk/*), one folder per page of the desk (inbox,
 * application and its documents, quarantine, claims, consents and opt-outs, legal holds, health, mail, analytics,
 * staff, audit, account, sign-in, exports) and auth/ for what they all stand on (the
 * sign-in library, sessions, the guard, cookies; the staff accounts' SQL,
 * sessions' rows, throttling, password rules and invitation links are
 * server/staff/'s). What every route answers is #domain/desk/contract's; the route
 * table is docs/desk-api.md. Everything here shares `app.desk`
 * (auth/desk-context.ts) and these rules:
 * - every response says `Cache-Control: no-store` and `X-Robots-Tag: noindex,
 *   nofollow` (the site's CSP comes from the security-headers plugin);
 * - every non-GET request must come from the site's own origin (403
 *   otherwise): with the SameSite=Strict cookie, cross-site forgery fails;
 * - a query string or path parameter holding control characters or text that
 *   is not UTF-8 is a 400 naming it (plugins/unsafe-params.ts), before any
 *   route or the store sees it.
 * The desk starts no periodic work: the setup link logged while no admin
 * exists (staff/setup-watch.ts) and the retention purge are jobs (server/jobs.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { sameOrigin } from "../plugins/same-origin";
import { refuseUnsafeParams } from "../plugins/unsafe-params";
import type { Store } from "../store/store";
import accountRoutes from "./account/account-routes";
import sessionRoutes from "./account/session-routes";
import analyticsRoutes from "./analytics/analytics-routes";
import workMetricsRoutes from "./analytics/work-metrics-routes";
import applicationRoutes from "./application/application-routes";
import assignmentRoutes from "./assignment/assignment-routes";
import workRoutes from "./application/work-routes";
import auditRoutes from "./audit/audit-routes";
import claimsRoutes, { type ClaimsRouteOptions } from "./claims/claims-routes";
import computedClaimsRoutes from "./claims/computed-routes";
import { createDesk } from "./auth/desk-context";
import consentRoutes from "./consents/consent-routes";
import documentRoutes from "./documents/document-routes";
import exportRoutes from "./exports/export-routes";
import healthRoutes from "./health/health-routes";
import inboxRoutes from "./inbox/inbox-routes";
import legalHoldRoutes from "./legal-holds/legal-hold-routes";
import liveRoutes from "./live/live-routes";
import mailRoutes from "./mail/mail-routes";
import optOutRoutes from "./opt-outs/opt-out-routes";
import privacyQueueRoutes from "./privacy/privacy-queue-routes";
import quarantineRoutes from "./quarantine/quarantine-routes";
import invitationRoutes from "./sign-in/invitation-routes";
import signInRoutes from "./sign-in/sign-in-routes";
import staffRoutes from "./staff/staff-routes";

export interface DeskPluginOptions {
  config: Config;
  store: Store;
  /** Where the claims page reads the served build's claim manifest, and its clock. */
  claims: ClaimsRouteOptions;
}

export const DESK_API_HEADERS = {
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const desk: FastifyPluginAsync<DeskPluginOptions> = async (app, { config, store, claims }) => {
  app.decorate("desk", createDesk(config, store, app.log));

  // A JSON content type with no body (a bodiless POST or DELETE from a fetch
  // wrapper) is no body, not a 400; anything else goes to Fastify's own parser.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(DESK_API_HEADERS);
    if (!SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
      return reply.code(403).send({ error: "Cross-site request refused" });
    }
  });
  app.addHook("onRequest", refuseUnsafeParams);

  // Unknown paths under /api/desk answer here (with the headers above), not
  // through the site's catch-all page route.
  app.all("/api/desk/*", async (_request, reply) => reply.code(404).send({ error: "Not Found" }));

  // One plugin per page of the desk (the desk's own folders carry the same names).
  await app.register(invitationRoutes);
  await app.register(signInRoutes);
  await app.register(accountRoutes);
  await app.register(sessionRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(mailRoutes);
  await app.register(inboxRoutes);
  await app.register(liveRoutes);
  await app.register(applicationRoutes);
  await app.register(workRoutes);
  await app.register(documentRoutes);
  await app.register(quarantineRoutes);
  await app.register(assignmentRoutes);
  await app.register(consentRoutes);
  await app.register(optOutRoutes);
  await app.register(legalHoldRoutes);
  await app.register(privacyQueueRoutes);
  await app.register(healthRoutes);
  await app.register(claimsRoutes, claims);
  await app.register(computedClaimsRoutes);
  await app.register(exportRoutes);
  await app.register(analyticsRoutes);
  await app.register(workMetricsRoutes);
};

export default desk;
