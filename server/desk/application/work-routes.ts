/**
 * Working one application (staff and admin; shapes: #domain/desk/contract):
 *   POST /api/desk/applications/:id/work-status  WorkStatusChange -> ApplicationDetail
 *   POST /api/desk/applications/:id/notes        NoteInput -> ApplicationDetail
 *   POST /api/desk/applications/:id/contacts     ContactInput -> ApplicationDetail
 *   POST /api/desk/applications/:id/follow-up    FollowUpChange -> ApplicationDetail
 *   GET  /api/desk/staff/active                  Items<Owner>: who may be given an application
 * Each change is one transaction with the application locked: the change, an
 * activity in its history (its timeline shows it), the first touch that
 * stops its review clock (set once, never moved), and the audit row
 * (application.status-changed, application.noted, application.contact-logged,
 * application.follow-up-set or -cleared). A logged contact is the rep's one
 * step: its outcome moves the work status forward where it implies one
 * (statusAfterContact) and it may set the next follow-up, all in its one
 * activity. A follow-up changed on its own is no touch. Setting the status
 * (or follow-up) it already has changes nothing and writes nothing. A
 * quarantined application is not worked: 409 until it is released.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Items, Owner } from "#domain/desk/contract";
import { listed, NOT_AN_OBJECT, noteInput, noteText, workStatusInput } from "#domain/desk/inputs";
import {
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  statusAfterContact,
  type ContactOutcome,
} from "#domain/desk/work";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { createStaffRepository } from "../../staff/staff-repository";
import { applicationActions, applicationParams, Refusal } from "./application-action";
import type { LockedApplication } from "../../work/application-repository";
import { followUpTime } from "./follow-up-body";
import { createWorkRepository } from "../../work/work-repository";

const ALL_OUTCOMES = Object.values(CONTACT_OUTCOMES).flat() as ContactOutcome[];

/** POST …/contacts (ContactInput): an outcome of its channel, maybe a note and the next follow-up. */
const contactBody = (timeZone: string) =>
  z
    .strictObject(
      {
        channel: z.enum(CONTACT_CHANNELS, { error: "Choose call or email" }),
        outcome: z.enum(ALL_OUTCOMES, { error: "Choose an outcome" }),
        note: noteText().nullish(),
        followUpAt: followUpTime(timeZone).optional(),
      },
      NOT_AN_OBJECT,
    )
    .superRefine((contact, ctx) => {
      const outcomes: readonly string[] = CONTACT_OUTCOMES[contact.channel];
      if (!outcomes.includes(contact.outcome)) {
        const what = contact.channel === "call" ? "a call" : "an e-mail";
        ctx.addIssue({
          code: "custom",
          path: ["outcome"],
          message: `“${contact.outcome}” is not an outcome of ${what}: choose ${listed(outcomes)}`,
        });
      }
    });

/** POST …/follow-up (FollowUpChange). */
const followUpBody = (timeZone: string) => z.strictObject({ at: followUpTime(timeZone) }, NOT_AN_OBJECT);

function refuseQuarantined(found: LockedApplication) {
  if (found.status === "quarantined") {
    throw new Refusal(409, "This application is in quarantine: release it before working on it");
  }
}

/** A closed lead is called back no more: a follow-up on it would never come due. */
function refuseClosedFollowUp(workStatus: string | undefined, at: string | null | undefined) {
  if (at && workStatus === "closed") {
    throw new Refusal(409, "This application is closed: open it again before setting a follow-up");
  }
}

/** Who did it, as the timeline names them. */
const actorOf = (request: FastifyRequest) => ({
  actorId: request.staff?.userId ?? null,
  actorName: request.staff ? request.staff.name || request.staff.email : null,
});

const workRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const work = createWorkRepository(app.store);
  const staffRepository = createStaffRepository(app.desk.store);
  const { act } = applicationActions(app);
  const { timeZone } = app.config.desk;
  const on = <T extends z.ZodType>(body: T) => ({
    ...staff,
    schema: { params: applicationParams, body: deskBody(body) },
  });

  app.post("/api/desk/applications/:id/work-status", on(workStatusInput), async (request, reply) => {
    const change = request.body;
    const closeReason = change.closeReason ?? null;
    return act(request, reply, "application.status-changed", async (tx, found) => {
      refuseQuarantined(found);
      const before = await work.workStatus(tx, found.id);
      if (before?.workStatus === change.status && before.closeReason === closeReason) {
        return { unchanged: true };
      }
      await work.setWorkStatus(tx, found.id, change.status, closeReason);
      await work.addActivity(tx, {
        applicationId: found.id,
        kind: "status",
        ...actorOf(request),
        workStatus: change.status,
        closeReason,
      });
      return { details: { from: before?.workStatus ?? null, to: change.status, closeReason } };
    });
  });

  app.post("/api/desk/applications/:id/notes", on(noteInput), async (request, reply) => {
    const note = request.body;
    return act(request, reply, "application.noted", async (tx, found) => {
      refuseQuarantined(found);
      await work.addActivity(tx, {
        applicationId: found.id,
        kind: "note",
        ...actorOf(request),
        body: note.body,
      });
      return { details: { characters: note.body.length } };
    });
  });

  app.post("/api/desk/applications/:id/contacts", on(contactBody(timeZone)), async (request, reply) => {
    const contact = request.body;
    return act(request, reply, "application.contact-logged", async (tx, found) => {
      refuseQuarantined(found);
      const before = (await work.workStatus(tx, found.id))!;
      refuseClosedFollowUp(before.workStatus, contact.followUpAt);
      const status = statusAfterContact(before.workStatus, contact.outcome);
      const moved = status !== before.workStatus;
      if (moved) await work.setWorkStatus(tx, found.id, status, null);
      const followUp = contact.followUpAt;
      const followUpChanged = followUp !== undefined && followUp !== before.followUpAt;
      if (followUpChanged) await work.setFollowUp(tx, found.id, followUp);
      // One entry: the contact, with the status it moved and the follow-up it set.
      await work.addActivity(tx, {
        applicationId: found.id,
        kind: contact.channel,
        ...actorOf(request),
        outcome: contact.outcome,
        body: contact.note || null,
        workStatus: moved ? status : null,
        ...(followUp && { followUpAt: followUp }),
      });
      return {
        details: {
          channel: contact.channel,
          outcome: contact.outcome,
          ...(moved && { from: before.workStatus, to: status }),
          ...(followUpChanged && { followUpAt: followUp }),
        },
      };
    });
  });

  app.post("/api/desk/applications/:id/follow-up", on(followUpBody(timeZone)), async (request, reply) => {
    const change = request.body;
    const at = change.at ?? null;
    const action = at ? "application.follow-up-set" : "application.follow-up-cleared";
    return act(request, reply, action, async (tx, found) => {
      refuseQuarantined(found);
      const before = (await work.workStatus(tx, found.id))!;
      if (before.followUpAt === at) return { unchanged: true };
      refuseClosedFollowUp(before.workStatus, at);
      await work.setFollowUp(tx, found.id, at);
      await work.addActivity(tx, {
        applicationId: found.id,
        kind: "follow_up",
        ...actorOf(request),
        followUpAt: at,
      });
      return { details: { from: before.followUpAt, to: at } };
    });
  });

  app.get("/api/desk/staff/active", staff, async () => {
    const members = await staffRepository.list();
    const items = members
      .filter((member) => !member.disabled && member.twoFactorEnabled)
      .map(({ id, name, email }) => ({ id, name, email }))
      .sort((a, b) => (a.name || a.email).localeCompare(b.name || b.email));
    return { items } satisfies Items<Owner>;
  });
};

export default workRoutes;
