/**
 * Who takes new applications:
 *   PATCH /api/desk/me/duty {onDuty}              staff: one's own flag -> Me
 *   PATCH /api/desk/staff/:id/duty DutyChange     admin: anyone's flag and routing groups -> StaffMember
 * Each change is audited (staff.duty-changed, with what it was). Going on
 * duty takes no one else's applications: it puts one in the round-robin for
 * the next ones, and the applications that waited for an owner (they arrived
 * while nobody was on duty) are given out at once, round-robin among
 * everyone on duty (assignment.ts's assignWaiting; each one audited,
 * application.assigned, by whoever made the change). A disabled account
 * cannot be put on duty (409).
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Me, StaffMember } from "#domain/desk/contract";
import { createAssignment } from "../../assignment/assignment";
import { auditRecord, requestActor } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { createStaffRepository } from "../../staff/staff-repository";
import { dutyChange, ownDutyChange } from "./assignment-bodies";
import { auditWaitingGiven } from "../../assignment/waiting-audit";

const sameGroups = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => name === b[i]);

const dutyRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const assignment = createAssignment(app.store, app.log);
  const { repository } = assignment;
  const staffRepository = createStaffRepository(app.store);
  // Audited by whoever made the change that gave them out.
  const waitingGiven = (request: FastifyRequest) => auditWaitingGiven(app.desk.audit, requestActor(request));

  app.patch(
    "/api/desk/me/duty",
    { preValidation: requireRole("staff"), ...ownDutyChange },
    async (request) => {
      const { userId, email, name, role } = request.staff!;
      const { onDuty } = request.body;
      const before = await repository.member(userId);
      if (before?.onDuty !== onDuty) {
        await app.store.transaction(async (tx) => {
          await repository.setDuty(userId, { onDuty }, tx);
          await app.desk.audit.record(
            auditRecord(request, "staff.duty-changed", userId, {
              onDuty,
              was: { onDuty: before?.onDuty ?? false },
            }),
            tx,
          );
        });
      }
      if (onDuty) await assignment.assignWaiting(waitingGiven(request));
      return { id: userId, email, name, role, timeZone: app.config.desk.timeZone, onDuty } satisfies Me;
    },
  );

  app.patch(
    "/api/desk/staff/:id/duty",
    {
      preValidation: requireRole("admin"),
      schema: { ...dutyChange.schema, params: z.object({ id: z.string() }) },
      config: dutyChange.config,
    },
    async (request, reply) => {
      const member = await repository.member(request.params.id);
      if (!member) return reply.code(404).send({ error: "No such staff member" });
      const { onDuty, groups } = request.body;
      if (onDuty && member.disabled) return reply.code(409).send({ error: "Enable the account first" });
      const changes = {
        ...(onDuty !== undefined && onDuty !== member.onDuty && { onDuty }),
        ...(groups !== undefined && !sameGroups(groups, member.groups) && { groups }),
      };
      if (Object.keys(changes).length > 0) {
        await app.store.transaction(async (tx) => {
          await repository.setDuty(member.id, { onDuty, groups }, tx);
          const details = { ...changes, was: { onDuty: member.onDuty, groups: member.groups } };
          await app.desk.audit.record(auditRecord(request, "staff.duty-changed", member.id, details), tx);
        });
      }
      if (onDuty) await assignment.assignWaiting(waitingGiven(request));
      const changed: StaffMember | null = await staffRepository.findById(member.id);
      return changed;
    },
  );
};

export default dutyRoutes;
