/**
 * The site's own, cookie-free analytics:
 *   POST /api/events   a JSON array of browser events (8 KiB at most, JSON
 *                      only, rate-limited per IP more generously than the
 *                      forms): 202 at once, stored within a second; 400 for
 *                      anything outside the closed list; bots get 202 and
 *                      are not counted.
 * and the server's record of each application request's outcome. Decorates
 * `app.analytics` for the desk's dashboard. Visitors are counted with a daily
 * key (visitor.ts, salts.ts); nothing is stored in the browser.
 */
import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import fp from "fastify-plugin";
import { productPath, productSlugs } from "#domain/product-index";
import { EVENTS_BODY_LIMIT } from "#domain/analytics/events";
import type { AnalyticsReport } from "#domain/desk/contract";
import type { Config } from "../config";
import { requireJson } from "../plugins/json-body";
import type { Store } from "../store/store";
import { createEventBuffer } from "./buffer";
import { analyticsReport, type ReportQuery } from "./dashboard";
import { createEventsRepository, type EventRow } from "./events-repository";
import { incomingEventsSchema } from "#domain/analytics/incoming";
import { toRows } from "./ingest";
import { outcomeRows, watchApplications } from "./outcomes";
import { createSaltStore } from "./salts";
import { createUpkeep, type UpkeepResult } from "./upkeep";
import { deviceClass, isNotAPerson, sendsGpc, visitorKey } from "./visitor";

export interface AnalyticsPluginOptions {
  config: Config;
  store: Store;
  /** The clock (tests move it across days). */
  now?: () => Date;
}

export interface Analytics {
  now: () => Date;
  report(query: ReportQuery): Promise<AnalyticsReport>;
  /** Writes buffered events now (tests; shutdown does it by itself). */
  flush(): Promise<void>;
  /** Roll-ups, retention and salt purge now (the hourly job in server/jobs.ts; tests). */
  upkeep(): Promise<UpkeepResult>;
}

declare module "fastify" {
  interface FastifyInstance {
    analytics: Analytics;
  }
}

export const EVENTS_ROUTE = "/api/events";
export const PRODUCT_PATHS: readonly string[] = productSlugs.map(productPath);

export default fp<AnalyticsPluginOptions>(
  async (app, { config, store, now = () => new Date() }) => {
    const salts = createSaltStore(store);
    const events = createEventsRepository(store);
    const buffer = createEventBuffer({ write: (rows) => events.insert(rows), log: app.log });
    const upkeep = createUpkeep({
      store,
      events,
      salts,
      now,
      retentionMs: config.analytics.retentionMs,
      productPaths: PRODUCT_PATHS,
      log: app.log,
    });
    const siteHost = new URL(config.siteUrl).host;

    /** The request's daily visitor key (null with GPC), its device and time; null for a bot. */
    async function who(request: FastifyRequest) {
      const userAgent = request.headers["user-agent"];
      if (isNotAPerson(userAgent)) return null;
      const at = now();
      const key = sendsGpc(request)
        ? null
        : visitorKey(await salts.saltFor(at), siteHost, request.ip, userAgent as string);
      return { at, visitorKey: key, device: deviceClass(userAgent as string) };
    }

    function keep(rows: EventRow[]) {
      if (rows.length > 0) buffer.push(rows);
    }

    app.withTypeProvider<ZodTypeProvider>().post(
      EVENTS_ROUTE,
      {
        bodyLimit: EVENTS_BODY_LIMIT,
        onRequest: requireJson,
        schema: { body: incomingEventsSchema },
        config: {
          rateLimit: { max: config.analytics.rateLimitMax },
          // Which event or property was wrong is not the sender's business.
          invalidInput: { error: "Events must be a list of known events" },
        },
      },
      async (request, reply) => {
        try {
          const visitor = await who(request);
          if (visitor) {
            const ownHosts = new Set([siteHost, request.host]);
            keep(
              toRows(request.body, {
                now: visitor.at,
                visitorKey: visitor.visitorKey,
                device: visitor.device,
                ownHosts,
              }),
            );
          }
        } catch (error) {
          // Counting is best effort: the visitor's page never hears of it.
          request.log.warn({ component: "analytics", err: error }, "analytics: events not recorded");
        }
        return reply.code(202).send();
      },
    );

    watchApplications(app, async (request, reply) => {
      try {
        const visitor = await who(request);
        if (visitor) keep(outcomeRows(request, reply.statusCode, visitor));
      } catch (error) {
        request.log.warn({ component: "analytics", err: error }, "analytics: outcome not recorded");
      }
    });

    app.decorate("analytics", {
      now,
      report: (query: ReportQuery) => analyticsReport(store, query, PRODUCT_PATHS),
      flush: () => buffer.flush(),
      upkeep: () => upkeep.run(),
    } satisfies Analytics);

    app.addHook("onClose", async () => {
      await buffer.close();
    });
  },
  { name: "analytics" },
);
