import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { createCountersRepository, type CountersRepository } from "../store/counters-repository";
import type { Store } from "../store/store";

export interface RateLimitPluginOptions {
  config: Config;
  store: Store;
}

/** Every rate-limit counter's key starts with this; the route and the client's IP follow. */
export const RATE_LIMIT_KEY_PREFIX = "rate-limit:";

/**
 * How often expired counters are deleted: once per window, but at least every
 * second and at most every hour (a timer cannot wait longer than ~24 days).
 */
export function purgeIntervalMs(windowMs: number): number {
  return Math.min(Math.max(windowMs, 1_000), 3_600_000);
}

/**
 * @fastify/rate-limit's store interface over the counters repository: every
 * instance on one database counts the same hits. `child` gives each route its
 * own keys, so the limit is per IP per endpoint.
 */
function countersStore(counters: CountersRepository, log: FastifyBaseLogger) {
  return class CountersStore implements FastifyRateLimitStore {
    // The library constructs the root store with its options; only children get a prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = RATE_LIMIT_KEY_PREFIX,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) =>
          callback(null, { current: count, ttl: Math.max(0, resetAt.getTime() - Date.now()) }),
        (error: Error) => {
          log.warn({ err: error }, "rate limit: the counters store failed; the request is let through");
          callback(error);
        },
      );
    }

    // A route's limiter counts under "<method> <url>:". Limiters made with
    // app.rateLimit() or app.createRateLimit() have no route and share "custom:";
    // give them their own keyGenerator prefix if they must not share counts.
    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const scope = route?.url ? `${String(route.method)} ${route.url}` : "custom";
      return new CountersStore(undefined, `${this.prefix}${scope}:`);
    }
  };
}

/**
 * Per-IP limit (request.ip, so TRUST_PROXY applies), only on routes that opt
 * in with `config: { rateLimit: {} }`: the POST endpoints. 429 + Retry-After.
 *
 * The counts live in the store (table `counters`), shared by every instance on
 * one PostgreSQL; the embedded PGlite store takes the same path.
 *
 * When the store fails, the request is let through (fail open, logged as a
 * warning): the limit only slows abuse down, and a visitor's application must
 * not be refused because a counter could not be written. If the database is
 * really down, the route itself answers as it always does.
 *
 * Expired counters are purged by a periodic job (server/jobs.ts,
 * `rate-limit-counters`, every purgeIntervalMs).
 */
export default fp<RateLimitPluginOptions>(
  async (app, { config, store }) => {
    const counters = createCountersRepository(store);
    await app.register(rateLimit, {
      global: false,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      store: countersStore(counters, app.log),
      skipOnError: true,
    });
  },
  { name: "rate-limit" },
);
