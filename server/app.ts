import { dirname, join } from "node:path";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from "fastify";
import analytics from "./analytics/plugin";
import type { Config } from "./config";
import desk from "./desk/plugin";
import { clientErrorHandler, frameworkErrors } from "./plugins/client-errors";
import deskSite from "./plugins/desk-site";
import errorHandler from "./plugins/error-handler";
import inputSchemas from "./plugins/input-schemas";
import jsonBody, { BODY_LIMIT } from "./plugins/json-body";
import rateLimit from "./plugins/rate-limit";
import securityHeaders from "./plugins/security-headers";
import staticSite from "./plugins/static-site";
import storePlugin from "./plugins/store";
import type { JournaledApplication } from "./intake/applications-repository";
import { createIntake } from "./intake/intake";
import intakeRoutes from "./intake/intake-routes";
import { createReviewClock } from "./review-clock/deadline";
import type { ApplicationJournal } from "./intake/journal";
import health from "./routes/health";
import newsletter from "./newsletter/newsletter-routes";
import inbound from "./inbound/plugin";
import { createAuditRepository } from "./audit/audit-repository";
import { startJobs, type JobName, type StopJob } from "./jobs";
import privacyRoutes from "./privacy/privacy-routes";
import roomRoutes from "./room/room-routes";
import documentDownloadRoutes from "./crm-delivery/document-download-routes";
import optOutForm from "./routes/opt-out-form";
import { tokenRedaction } from "./log-redact";
import { loadSite } from "./site/load-site";
import type { Store } from "./store/store";

/**
 * How long a request may take to arrive, body included (Node's
 * requestTimeout): long enough for one upload chunk from a slow phone
 * (UPLOAD_CHUNK_BYTES at SLOW_PHONE_UPLOAD_BPS, domain/documents/room-view.ts),
 * short enough that a client trickling a body cannot hold a connection for
 * long. Headers have their own, shorter limit (Node's headersTimeout, 60 s).
 */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface BuildAppOptions {
  config: Config;
  store: Store;
  /** Overrides the JSON logger (tests pass false). */
  logger?: FastifyServerOptions["logger"];
  /** A pino logger made by the caller (server/main.ts shares it with the worker). */
  loggerInstance?: FastifyBaseLogger;
  /** PGlite: the fsync'd intake journal (server/intake/journal.ts). */
  journal?: ApplicationJournal<JournaledApplication>;
  /** The analytics' clock (tests move it across days). */
  analyticsClock?: () => Date;
  /** The claims page's clock: the day claims' statuses are computed for (tests set it). */
  claimsClock?: () => Date;
  /**
   * Periodic jobs (server/jobs.ts) to run with this app: started when it is
   * ready, stopped when it closes. None by default: server/main.ts starts
   * every one itself, and a test names the ones it needs.
   */
  jobs?: readonly JobName[];
}

export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: ["req.headers.authorization", "req.headers.cookie"],
    ...tokenRedaction,
  };
}

/**
 * The whole service as one Fastify instance, without a listener (server/main.ts
 * listens and starts the periodic jobs; tests use app.inject). Order:
 * cross-cutting plugins, then routes.
 */
export async function buildApp({
  config,
  store,
  logger,
  loggerInstance,
  journal,
  analyticsClock,
  claimsClock,
  jobs = [],
}: BuildAppOptions) {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(config) }),
    // A hop count becomes the function form fastify's types describe.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Requests must not hang a connection forever; a slow phone's upload chunk must still arrive.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: 60_000,
    keepAliveTimeout: 5_000,
    // Requests refused before routing (a malformed URL, a Content-Length the
    // parser refuses …) are answered in our error shape too (plugins/client-errors.ts).
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler: clientErrorHandler(config),
  });
  app.decorate("config", config);
  const site = loadSite(config.clientDir);

  // Cross-cutting concerns, one file each.
  await app.register(errorHandler);
  // Every route's body, query and params: a zod schema on the route (plugins/input-schemas.ts).
  await app.register(inputSchemas);
  await app.register(securityHeaders, { config, site });
  await app.register(jsonBody);
  await app.register(rateLimit, { config, store });
  await app.register(storePlugin, { store });
  await app.register(analytics, { config, store, now: analyticsClock });

  // Routes.
  await app.register(health);
  const intake = createIntake(store, {
    journal,
    mail: config,
    reviewClock: createReviewClock(config),
    log: app.log,
  });
  app.decorate("intake", intake);
  // The owners of the last applications are chosen before the store closes.
  app.addHook("onClose", () => intake.settled());
  await app.register(intakeRoutes, { intake });
  await app.register(newsletter);
  const privacyAudit = createAuditRepository(store);
  await app.register(privacyRoutes, {
    store,
    settings: config,
    audit: (entry, db) => privacyAudit.record(entry, db),
  });
  await app.register(optOutForm);
  await app.register(roomRoutes, { store, config });
  await app.register(documentDownloadRoutes, {
    store,
    config,
    audit: (entry, db) => privacyAudit.record(entry, db),
  });
  await app.register(inbound, { config, store });
  await app.register(desk, {
    config,
    store,
    // The manifest sits in the build beside client/, as the CSP hashes do (scripts/check-claims.mjs).
    claims: { manifestFile: join(dirname(site.clientDir), "claims-manifest.json"), now: claimsClock },
  });
  await app.register(deskSite, { deskDir: config.deskDir });
  await app.register(staticSite, { site });

  if (jobs.length > 0) {
    let stopJobs: StopJob | undefined;
    app.addHook("onReady", async () => {
      stopJobs = await startJobs(app, jobs);
    });
    app.addHook("onClose", async () => {
      await stopJobs?.();
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
