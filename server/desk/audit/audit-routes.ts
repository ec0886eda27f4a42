/**
 * GET /api/desk/audit?cursor=&action=&actor=&limit=  (admin)
 *   {items: [{id, at, actor, action, target, details, ip, userAgent}], nextCursor}
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { requireRole } from "../auth/guard";

const querySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, { error: "cursor is not valid" })
    .optional(),
  action: z.string().max(100).optional(),
  actor: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/desk/audit", { preHandler: requireRole("admin") }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? "Bad query" });
    return app.desk.audit.list(parsed.data);
  });
};

export default auditRoutes;
