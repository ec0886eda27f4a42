/**
 * One's sessions, and (for admins) anyone's (shapes: #domain/desk/contract):
 *   GET    /api/desk/sessions        Items<SessionItem>: own sessions; ?userId= another's (admin)
 *   DELETE /api/desk/sessions/:id    204: own, or any as admin (audited)
 * The account page lists one's own; the staff page an admin's view of a member's.
 */
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { Items, SessionItem } from "#domain/desk/contract";
import { auditRecord } from "../audit/audit-request";
import { clearCookie } from "../auth/cookies";
import { ADMINS_ONLY, requireRole } from "../auth/guard";
import type { Desk } from "../auth/route-helpers";

const sessionRoutes: FastifyPluginAsync = async (app) => {
  const desk: Desk = app.desk;

  app.get<{ Querystring: { userId?: string } }>(
    "/api/desk/sessions",
    { preValidation: requireRole("staff") },
    async (request, reply) => {
      const staff = request.staff!;
      const userId = typeof request.query.userId === "string" ? request.query.userId : staff.userId;
      if (userId !== staff.userId && staff.role !== "admin") return reply.code(403).send(ADMINS_ONLY);
      return { items: await desk.sessions.list(userId, staff.sessionId) } satisfies Items<SessionItem>;
    },
  );

  app.delete<{ Params: { id: string } }>(
    "/api/desk/sessions/:id",
    { preValidation: requireRole("staff") },
    async (request, reply: FastifyReply) => {
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
