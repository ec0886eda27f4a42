/**
 * One action on several applications (the inbox's selection):
 *   POST /api/desk/applications/bulk BulkAction -> BulkOutcome
 * Assign them to a member, claim them (one's own), or close them with a
 * reason: admins. A rep (staff) may only claim waiting ones (or assign them
 * to themselves), as the nobody's-leads morning needs; closing several, giving
 * them to someone else, or taking them from their owners in one request is
 * the admins' (403 naming what to do instead, nothing done). One request; each
 * application in its own transaction with it locked, as its own route does
 * it: the change, its timeline activity and its audit row
 * (application.assigned or application.status-changed, `bulk` set)
 * together, and the live inbox hears of it as of any change. Each one is
 * refused on its own, said in its result, when it is in quarantine, gone, or
 * changed meanwhile (its owner or work status is no longer what the inbox
 * showed): the others are still done, and nothing is half done. Already so
 * (the owner it has, closed for that reason): done, unchanged, not audited.
 * 400 for a bad body, an unknown or unenrolled owner.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BulkOutcome, BulkResult } from "#domain/desk/contract";
import {
  BULK_ACTIONS,
  BULK_MAX,
  CLOSE_REASONS,
  WORK_STATUS_LABELS,
  WORK_STATUSES,
  type CloseReason,
} from "#domain/desk/work";
import { createAssignmentRepository, type Member } from "../../assignment/assignment-repository";
import { isUuid } from "../../store/row-values";
import type { Queryable } from "../../store/store";
import { createApplicationRepository } from "../../work/application-repository";
import { createWorkRepository } from "../../work/work-repository";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";

const NOT_AN_OBJECT = { error: "Send a JSON object" };
const ITEMS = `Send items: 1 to ${BULK_MAX} applications, each {id, ownerId, workStatus} as the inbox showed it`;

const bulkBody = z
  .strictObject(
    {
      action: z.enum(BULK_ACTIONS, { error: `Choose an action: ${BULK_ACTIONS.join(", ")}` }),
      ownerId: z.string({ error: "ownerId must be a staff member's id" }).trim().min(1).max(200).optional(),
      closeReason: z
        .enum(CLOSE_REASONS, { error: `Choose a close reason: ${CLOSE_REASONS.join(", ")}` })
        .optional(),
      items: z
        .array(
          z.strictObject(
            {
              id: z.string({ error: ITEMS }).refine(isUuid, { error: "Each id must be an application's id" }),
              ownerId: z.string({ error: ITEMS }).max(200).nullable(),
              workStatus: z.enum(WORK_STATUSES, { error: ITEMS }),
            },
            { error: ITEMS },
          ),
          { error: ITEMS },
        )
        .min(1, { error: ITEMS })
        .max(BULK_MAX, { error: ITEMS })
        .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
          error: "Each application once",
        }),
    },
    NOT_AN_OBJECT,
  )
  .superRefine((body, ctx) => {
    if (body.action === "assign" && !body.ownerId) {
      ctx.addIssue({ code: "custom", path: ["ownerId"], message: "Say whom to assign them to: ownerId" });
    }
    if (body.action !== "assign" && body.ownerId !== undefined) {
      ctx.addIssue({ code: "custom", path: ["ownerId"], message: "Only assign takes an ownerId" });
    }
    if (body.action === "close" && !body.closeReason) {
      ctx.addIssue({
        code: "custom",
        path: ["closeReason"],
        message: "Say why they are closed: closeReason",
      });
    }
    if (body.action !== "close" && body.closeReason !== undefined) {
      ctx.addIssue({ code: "custom", path: ["closeReason"], message: "Only close takes a closeReason" });
    }
  });

const NO_SUCH_OWNER = "No active staff member has this id";
const NOT_ENROLLED = "This staff member has not confirmed their authenticator app yet: choose someone else";
const ONLY_ADMINS = { error: "Only an admin gives applications to someone else: claim them instead" };
const ONLY_ADMINS_CLOSE = {
  error: "Only an admin closes several applications at once: close each one from its own page",
};
const ONLY_ADMINS_TAKE = {
  error:
    "Only an admin takes applications from their owners several at once: claim only waiting ones, or ask an admin",
};

/** Refuses one application of the batch (its transaction rolls back). */
class Refused extends Error {}

const bulkRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const assignment = createAssignmentRepository(app.store);
  const applications = createApplicationRepository(app.store);
  const work = createWorkRepository(app.store);

  const route = { preValidation: requireRole("staff"), schema: { body: deskBody(bulkBody) } };
  app.post("/api/desk/applications/bulk", route, async (request, reply) => {
    const body = request.body;
    const staff = request.staff!;
    const actor = { id: staff.userId, name: staff.name || staff.email };
    // A rep's inbox offers no bulk action but on waiting leads: the rest is the admins'.
    if (staff.role !== "admin") {
      if (body.action === "close") return reply.code(403).send(ONLY_ADMINS_CLOSE);
      const ownerId = body.action === "claim" ? staff.userId : body.ownerId!;
      if (ownerId !== staff.userId) return reply.code(403).send(ONLY_ADMINS);
      const taking = body.items.some((item) => item.ownerId !== null && item.ownerId !== staff.userId);
      if (taking) return reply.code(403).send(ONLY_ADMINS_TAKE);
    }
    let owner: Member | undefined;
    if (body.action !== "close") {
      const ownerId = body.action === "claim" ? staff.userId : body.ownerId!;
      owner = await assignment.member(ownerId);
      if (!owner || owner.disabled) {
        return reply.code(400).send({ error: NO_SUCH_OWNER, errors: { ownerId: NO_SUCH_OWNER } });
      }
      if (!owner.enrolled)
        return reply.code(400).send({ error: NOT_ENROLLED, errors: { ownerId: NOT_ENROLLED } });
    }

    /** Gives it to `owner`; false when it already was theirs. */
    async function assign(tx: Queryable, id: string, fromId: string | null, to: Member): Promise<boolean> {
      if (fromId === to.id) return false;
      const from = fromId ? await assignment.member(fromId, tx) : undefined;
      await assignment.setOwner(tx, id, { id: to.id, name: to.name }, actor);
      const details = {
        from: fromId,
        fromName: from?.name ?? null,
        to: to.id,
        toName: to.name,
        bulk: true as const,
      };
      await app.desk.audit.record(auditRecord(request, "application.assigned", id, details), tx);
      return true;
    }

    /** Closes it for `reason`; false when it already was, for that reason. */
    async function close(tx: Queryable, id: string, reason: CloseReason): Promise<boolean> {
      const before = await work.workStatus(tx, id);
      if (before?.workStatus === "closed" && before.closeReason === reason) return false;
      await work.setWorkStatus(tx, id, "closed", reason);
      await work.addActivity(tx, {
        applicationId: id,
        kind: "status",
        actorId: actor.id,
        actorName: actor.name,
        workStatus: "closed",
        closeReason: reason,
      });
      const details = {
        from: before?.workStatus ?? null,
        to: "closed" as const,
        closeReason: reason,
        bulk: true as const,
      };
      await app.desk.audit.record(auditRecord(request, "application.status-changed", id, details), tx);
      return true;
    }

    const results: BulkResult[] = [];
    for (const item of body.items) {
      try {
        const changed = await app.store.transaction(async (tx) => {
          const found = await applications.lock(tx, item.id);
          if (!found) throw new Refused("No such application (it may have been erased)");
          if (found.status === "quarantined") throw new Refused("In quarantine: release it first");
          const now = (await assignment.lockApplication(tx, item.id))!;
          if (now.ownerId !== item.ownerId) {
            const current = now.ownerId ? await assignment.member(now.ownerId, tx) : undefined;
            const whose = current
              ? `${current.id === staff.userId ? "you" : current.name || current.email}`
              : "nobody";
            throw new Refused(`Changed meanwhile: it is now assigned to ${whose}. Look at it again`);
          }
          if (now.workStatus !== item.workStatus) {
            const status =
              WORK_STATUS_LABELS[now.workStatus as keyof typeof WORK_STATUS_LABELS] ?? now.workStatus;
            throw new Refused(`Changed meanwhile: it is now ${status}. Look at it again`);
          }
          return owner ? assign(tx, item.id, now.ownerId, owner) : close(tx, item.id, body.closeReason!);
        });
        results.push({ id: item.id, ok: true, changed });
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        results.push({ id: item.id, ok: false, error: error.message });
      }
    }
    const done = results.filter((result) => result.ok).length;
    return { results, done, refused: results.length - done } satisfies BulkOutcome;
  });
};

export default bulkRoutes;
