/**
 * The quarantine (staff and admin): an application held as spam, or let out.
 *   POST /api/desk/applications/:id/quarantine {reason} -> ApplicationDetail: quarantined; its waiting
 *                                             delivery and unsent e-mails are cancelled, and it
 *                                             has no owner any more
 *   POST /api/desk/applications/:id/release   ApplicationDetail: received again, delivered to the CRM
 *                                             (unless it has it already) and its e-mails queued;
 *                                             it gets an owner by the round-robin (server/assignment/)
 * The quarantine page lists them with the inbox's own query (state=quarantined);
 * the retention purge (server/desk/retention/) deletes them past QUARANTINE_RETENTION.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { APPLICATION_ACTIONS } from "#domain/audit/actions";
import {
  applicationActions,
  applicationParams,
  Refusal,
  withReason,
} from "../application/application-action";
import { requireRole } from "../auth/guard";
import { createAssignment } from "../../assignment/assignment";
import { createQuarantineRepository } from "../../intake/quarantine-repository";

const quarantineRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const repository = createQuarantineRepository();
  const { act } = applicationActions(app);
  // Quarantined applications have no owner; a released one gets one by the round-robin.
  const assignment = createAssignment(app.store, app.log);

  app.post(
    "/api/desk/applications/:id/release",
    { ...staff, schema: { params: applicationParams } },
    async (request, reply) =>
      act(request, reply, APPLICATION_ACTIONS.released, async (tx, found) => {
        if (found.status !== "quarantined") throw new Refusal(409, "This application is not in quarantine");
        const released = await repository.release(tx, found.id, app.config);
        const owner = await assignment.assignIn(tx, found.id);
        // Who it went to, when someone on duty took it.
        return { details: { ...released, ...(owner && { assignedTo: owner.ownerId }) }, ...released };
      }),
  );

  app.post("/api/desk/applications/:id/quarantine", { ...staff, ...withReason }, async (request, reply) => {
    const { reason } = request.body;
    return act(request, reply, APPLICATION_ACTIONS.quarantined, async (tx, found) => {
      if (found.status === "quarantined") throw new Refusal(409, "This application is already in quarantine");
      const cancelled = await repository.quarantine(tx, found.id, reason);
      const staff = request.staff!;
      const unassigned = await assignment.clearIn(tx, found.id, {
        id: staff.userId,
        name: staff.name || staff.email,
      });
      // Said only when it had an owner to take away.
      return { details: { reason, ...cancelled, ...(unassigned && { unassigned }) } };
    });
  });
};

export default quarantineRoutes;
