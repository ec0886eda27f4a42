import rateLimit from "@fastify/rate-limit";
import fp from "fastify-plugin";
import type { Config } from "../config";

/**
 * Per-IP limit (request.ip, so TRUST_PROXY applies), only on routes that opt
 * in with `config: { rateLimit: {} }`: the POST endpoints. 429 + Retry-After.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      global: false,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
    });
  },
  { name: "rate-limit" },
);
