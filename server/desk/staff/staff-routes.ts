/**
 * Staff accounts (admin only; shapes: #domain/desk/contract):
 *   GET   /api/desk/staff                               Items<StaffMember>
 *   POST  /api/desk/staff/invitations {email, role}     201 InviteLink
 *   GET   /api/desk/staff/invitations                   Items<PendingInvitation>: links not used yet
 *   DELETE /api/desk/staff/invitations/:id              204 (the link stops working) | 404
 *   POST  /api/desk/staff/invitations/:id/resend        201 InviteLink: a new link; the old one stops working
 *   PATCH /api/desk/staff/:id StaffChange               200 StaffMember (disabling ends every session
 *                                                       and puts their open applications back for assignment)
 *   POST  /api/desk/staff/:id/reset-second-factor       201 InviteLink
 * Each change is written to the audit log. An admin cannot demote or disable
 * themselves, so the desk always keeps an admin.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ROLES,
  type InviteLink,
  type Items,
  type PendingInvitation,
  type StaffMember,
} from "#domain/desk/contract";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { libraryHeaders } from "../auth/library";
import { fieldsBody } from "../body";
import { createStaffRepository } from "../../staff/staff-repository";
import { createAssignment } from "../../assignment/assignment";

const inviteSchema = fieldsBody(
  z.object({
    email: z.email({ error: "Enter a valid e-mail address." }).max(254),
    role: z.enum(ROLES, { error: 'Role must be "staff" or "admin".' }),
  }),
);

const patchSchema = fieldsBody(
  z.union([z.object({ role: z.enum(ROLES) }).strict(), z.object({ disabled: z.boolean() }).strict()]),
);
/** A change is one of two shapes: anything else is told which. */
const PATCH_SHAPES = 'Send {"role": "staff" | "admin"} or {"disabled": true | false}';

/** `:id`: the staff repository finds no member for an id that is not one (404). */
const params = z.object({ id: z.string() });

const NOT_FOUND = { error: "No such staff member" };

const staffRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const desk = app.desk;
  const staff = createStaffRepository(desk.store);
  const admin = { preValidation: requireRole("admin") };
  const assignment = createAssignment(desk.store, app.log);

  /** The acting admin's session, for the library's admin calls (it checks the role too). */
  const adminHeaders = async (request: FastifyRequest) => {
    const lib = await desk.library();
    const session = await desk.sessions.resolve(request);
    return { lib, headers: libraryHeaders(lib, request, { session: session?.cookie }) };
  };

  app.get("/api/desk/staff", admin, async () => ({ items: await staff.list() }) satisfies Items<StaffMember>);

  app.post(
    "/api/desk/staff/invitations",
    { ...admin, schema: { body: inviteSchema } },
    async (request, reply) => {
      const invited = request.body;
      const email = invited.email.toLowerCase();
      if (await staff.findByEmail(email)) {
        return reply.code(409).send({ error: "An account with this e-mail address already exists" });
      }
      const { id, url } = await desk.invitations.create({
        purpose: "invite",
        email,
        role: invited.role,
        createdBy: request.staff!.userId,
      });
      await desk.audit.record(auditRecord(request, "invitation.created", id, { email, role: invited.role }));
      return reply.code(201).send({ inviteUrl: url } satisfies InviteLink);
    },
  );

  app.get(
    "/api/desk/staff/invitations",
    admin,
    async () =>
      ({
        items: await desk.invitations.listPending(),
      }) satisfies Items<PendingInvitation>,
  );

  const NO_INVITATION = { error: "No such pending invitation" };

  app.delete("/api/desk/staff/invitations/:id", { ...admin, schema: { params } }, async (request, reply) => {
    const revoked = await desk.invitations.revoke(request.params.id);
    if (!revoked) return reply.code(404).send(NO_INVITATION);
    await desk.audit.record(
      auditRecord(request, "invitation.revoked", revoked.id, {
        email: revoked.email,
        purpose: revoked.purpose,
      }),
    );
    return reply.code(204).send();
  });

  app.post(
    "/api/desk/staff/invitations/:id/resend",
    { ...admin, schema: { params } },
    async (request, reply) => {
      const old = await desk.invitations.revoke(request.params.id);
      if (!old) return reply.code(404).send(NO_INVITATION);
      const { id, url } = await desk.invitations.create({
        purpose: old.purpose,
        email: old.email,
        role: old.role,
        userId: old.userId ?? undefined,
        createdBy: request.staff!.userId,
      });
      await desk.audit.record(
        auditRecord(request, "invitation.resent", id, {
          email: old.email,
          purpose: old.purpose,
          replaces: old.id,
        }),
      );
      return reply.code(201).send({ inviteUrl: url } satisfies InviteLink);
    },
  );

  const patch = {
    ...admin,
    schema: { params, body: patchSchema },
    config: { invalidInput: { error: PATCH_SHAPES } },
  };
  app.patch("/api/desk/staff/:id", patch, async (request, reply) => {
    const change = request.body;
    const member = await staff.findById(request.params.id);
    if (!member) return reply.code(404).send(NOT_FOUND);
    const self = member.id === request.staff!.userId;
    const { lib, headers } = await adminHeaders(request);

    if ("role" in change) {
      if (self && change.role !== "admin") {
        return reply.code(409).send({ error: "You cannot take the admin role from yourself" });
      }
      if (change.role !== member.role) {
        await lib.auth.api.setRole({ body: { userId: member.id, role: change.role }, headers });
        await desk.audit.record(
          auditRecord(request, "staff.role-changed", member.id, { from: member.role, to: change.role }),
        );
      }
    } else if (change.disabled !== member.disabled) {
      if (self) return reply.code(409).send({ error: "You cannot disable your own account" });
      if (change.disabled) {
        // Bans the account and deletes every one of its sessions.
        await lib.auth.api.banUser({ body: { userId: member.id }, headers });
        await desk.sessions.endAll(member.id);
        // Off duty, and their open applications go back to the round-robin (server/assignment/).
        const returned = await assignment.returnApplicationsOf(member.id);
        await desk.audit.record(auditRecord(request, "staff.disabled", member.id, { ...returned }));
      } else {
        await lib.auth.api.unbanUser({ body: { userId: member.id }, headers });
        await desk.audit.record(auditRecord(request, "staff.enabled", member.id));
      }
    }
    const changed: StaffMember | null = await staff.findById(member.id);
    return changed;
  });

  app.post(
    "/api/desk/staff/:id/reset-second-factor",
    { ...admin, schema: { params } },
    async (request, reply) => {
      const member = await staff.findById(request.params.id);
      if (!member) return reply.code(404).send(NOT_FOUND);
      if (member.disabled) return reply.code(409).send({ error: "Enable the account first" });
      const lib = await desk.library();
      // The factor and every session go now; the link lets the person set new ones.
      await lib.context.adapter.delete({
        model: "twoFactor",
        where: [{ field: "userId", value: member.id }],
      });
      await lib.context.internalAdapter.updateUser(member.id, { twoFactorEnabled: false });
      await desk.sessions.endAll(member.id);
      await desk.invitations.revokeForUser(member.id);
      const { id, url } = await desk.invitations.create({
        purpose: "reset-second-factor",
        email: member.email,
        role: member.role,
        userId: member.id,
        createdBy: request.staff!.userId,
      });
      await desk.audit.record(auditRecord(request, "second-factor.reset", member.id, { invitationId: id }));
      return reply.code(201).send({ inviteUrl: url } satisfies InviteLink);
    },
  );
};

export default staffRoutes;
