/**
 * GET /api/desk/audit?cursor=&action=&actor=&from=&to=&limit=  (admin)
 *   AuditList (#domain/desk/contract): newest first, each entry with the
 *   application and staff member it is about while they exist.
 * `from` and `to` are days (YYYY-MM-DD, both included) in the provider's time zone.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuditList } from "#domain/desk/contract";
import { datesInOrder, deskQuery, optional, text } from "../query";
import { requireRole } from "../auth/guard";
import { calendarDay, dayRange } from "../zoned-day";

const auditQuery = deskQuery(
  {
    cursor: optional(
      z.string({ error: "must be given once" }).regex(/^\d{1,18}$/, { error: "is not valid" }),
    ),
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
  },
  datesInOrder,
);

const auditRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const route = { preValidation: requireRole("admin"), schema: { querystring: auditQuery } };
  app.get("/api/desk/audit", route, async (request) => {
    const { from, to, ...filter } = request.query;
    const page: AuditList = await app.desk.audit.list({
      ...filter,
      ...dayRange({ from, to }, app.config.desk.timeZone),
    });
    return page;
  });
};

export default auditRoutes;
