import type { FastifyPluginAsync } from "fastify";

/** GET /healthz: 200 {status: "ok"} when the store answers SELECT 1, else 503 {status: "unavailable"}. */
const health: FastifyPluginAsync = async (app) => {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (await app.store.ping()) return { status: "ok" };
    return reply.code(503).send({ status: "unavailable" });
  });
};

export default health;
