/**
 * One's sessions, and (for admins) anyone's (shapes: #domain/desk/contract):
 *   GET    /api/desk/sessions        Items<SessionItem>: own sessions; ?userId= another's (admin)
 *   DELETE /api/desk/sessions/:id    204: own, or any as admin (audited)
 * The account page lists one's own; the staff page an admin's view of a member's.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Items, SessionItem } from "#domain/desk/contract";
import { auditRecord } from "../audit/audit-request";
import { clearCookie } from "../auth/cookies";
import { ADMINS_ONLY, requireRole } from "../auth/guard";
import type { Desk } from "../auth/route-helpers";

/** ?userId=: whose sessions (one's own when not given once, as text); nothing else is read. */
const listQuery = z.object({ userId: z.string().optional().catch(undefined) });
/** `:id`: the sessions find none for an id that is not one (404). */
const params = z.object({ id: z.string() });

const sessionRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const desk: Desk = app.desk;

  app.get(
    "/api/desk/sessions",
    { preValidation: requireRole("staff"), schema: { querystring: listQuery } },
    async (request, reply) => {
      const staff = request.staff!;
      const userId = request.query.userId ?? staff.userId;
      if (userId !== staff.userId && staff.role !== "admin") return reply.code(403).send(ADMINS_ONLY);
      return { items: await desk.sessions.list(userId, staff.sessionId) } satisfies Items<SessionItem>;
    },
  );

  app.delete(
    "/api/desk/sessions/:id",
    { preValidation: requireRole("staff"), schema: { params } },
    async (request, reply) => {
      const staff = request.staff!;
      const session = await desk.sessions.find(request.params.id);
      // Another person's session is "not found" to a non-admin.
      if (!session || (session.userId !== staff.userId && staff.role !== "admin")) {
        return reply.code(404).send({ error: "No such session" });
      }
      await desk.sessions.end(session.token);
      if (session.id === staff.sessionId) clearCookie(request, reply, "session");
      await desk.audit.record(auditRecord(request, "session.ended", session.id, { userId: session.userId }));
      return reply.code(204).send();
    },
  );
};

export default sessionRoutes;
