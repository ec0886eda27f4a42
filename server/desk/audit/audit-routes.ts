/**
 * GET /api/desk/audit?cursor=&action=&actor=&from=&to=&limit=  (admin)
 *   AuditList (#domain/desk/contract): newest first, each entry with the
 *   application and staff member it is about while they exist.
 * `from` and `to` are days (YYYY-MM-DD, both included) in the provider's time zone.
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AuditList } from "#domain/desk/contract";
import { datesInOrder, optional, parseQuery, text } from "../query";
import { requireRole } from "../auth/guard";
import { calendarDay, dayRange } from "../zoned-day";

const queryShape = {
  cursor: optional(z.string({ error: "must be given once" }).regex(/^\d{1,18}$/, { error: "is not valid" })),
  action: optional(text(100)),
  actor: optional(text(254)),
  from: optional(calendarDay),
  to: optional(calendarDay),
  limit: optional(
    z.coerce
      .number({ error: "must be a whole number from 1 to 500" })
      .int({ error: "must be a whole number from 1 to 500" })
      .min(1, { error: "must be a whole number from 1 to 500" })
      .max(500, { error: "must be a whole number from 1 to 500" }),
  ),
};

const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/desk/audit", { preHandler: requireRole("admin") }, async (request, reply) => {
    const parsed = parseQuery(queryShape, request.query, datesInOrder);
    if (!parsed.ok) return reply.code(400).send(parsed.error);
    const { from, to, ...filter } = parsed.value;
    const page: AuditList = await app.desk.audit.list({
      ...filter,
      ...dayRange({ from, to }, app.config.desk.timeZone),
    });
    return page;
  });
};

export default auditRoutes;
