/**
 * An application's owner, by hand (staff and admin):
 *   POST /api/desk/applications/:id/owner OwnerChange -> ApplicationDetail
 * Claim (one's own id), reassign (any active member's id) or put back for
 * assignment (null). One transaction with the application locked: the owner,
 * an 'assignment' activity by the member (the timeline shows it) and the
 * audit row (application.assigned, with from and to). Not a touch: the
 * review clock keeps running. Giving it the owner it has changes nothing.
 * 404 unknown id; 400 a bad body, an id that names no active member, or a
 * member who has not confirmed their second factor (they cannot sign in);
 * 409 a quarantined application, which has no owner until released.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createAssignmentRepository } from "../../assignment/assignment-repository";
import { applicationActions, applicationParams, Refusal } from "../application/application-action";
import { requireRole } from "../auth/guard";
import { ownerChange } from "./assignment-bodies";

const NO_SUCH_OWNER = "No active staff member has this id";
const NOT_ENROLLED =
  "This staff member has not confirmed their authenticator app yet, so they cannot sign in to work it: give it to someone else";

const ownerRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const repository = createAssignmentRepository(app.store);
  const { act } = applicationActions(app);

  app.post(
    "/api/desk/applications/:id/owner",
    {
      preValidation: requireRole("staff"),
      schema: { ...ownerChange.schema, params: applicationParams },
      config: ownerChange.config,
    },
    async (request, reply) => {
      const { ownerId } = request.body;
      const owner = ownerId === null ? null : await repository.member(ownerId);
      if (owner !== null && (!owner || owner.disabled)) {
        return reply.code(400).send({ error: NO_SUCH_OWNER, errors: { ownerId: NO_SUCH_OWNER } });
      }
      if (owner && !owner.enrolled) {
        return reply.code(400).send({ error: NOT_ENROLLED, errors: { ownerId: NOT_ENROLLED } });
      }
      const staff = request.staff!;
      return act(request, reply, "application.assigned", async (tx, found) => {
        if (found.status === "quarantined") {
          throw new Refusal(409, "A quarantined application has no owner: release it first");
        }
        const current = await repository.lockApplication(tx, found.id);
        const fromId = current?.ownerId ?? null;
        if (fromId === (owner?.id ?? null)) return { unchanged: true };
        const from = fromId ? await repository.member(fromId, tx) : undefined;
        await repository.setOwner(tx, found.id, owner && { id: owner.id, name: owner.name }, {
          id: staff.userId,
          name: staff.name || staff.email,
        });
        return {
          details: {
            from: fromId,
            fromName: from?.name ?? null,
            to: owner?.id ?? null,
            toName: owner?.name ?? null,
          },
        };
      });
    },
  );
};

export default ownerRoutes;
