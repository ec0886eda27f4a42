/**
 * Working one application (staff and admin; shapes: #domain/desk/contract):
 *   POST /api/desk/applications/:id/work-status  WorkStatusChange -> ApplicationDetail
 *   POST /api/desk/applications/:id/notes        NoteInput -> ApplicationDetail
 *   POST /api/desk/applications/:id/contacts     ContactInput -> ApplicationDetail
 *   GET  /api/desk/staff/active                  Items<Owner>: who may be given an application
 * Each change is one transaction with the application locked: the change, an
 * activity in its history (its timeline shows it), the first touch that
 * stops its review clock (set once, never moved), and the audit row
 * (application.status-changed, application.noted, application.contact-logged).
 * Setting the status it already has changes nothing and writes nothing. A
 * quarantined application is not worked: 409 until it is released.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Items, Owner } from "#domain/desk/contract";
import {
  CLOSE_REASONS,
  CONTACT_CHANNELS,
  CONTACT_OUTCOMES,
  WORK_STATUSES,
  type ContactOutcome,
} from "#domain/desk/work";
import { hasUnsafeText } from "../../clean-text";
import { requireRole } from "../auth/guard";
import { bodyOf } from "../body";
import { createStaffRepository } from "../staff/staff-repository";
import { applicationActions, Refusal, type WithId } from "./application-action";
import type { LockedApplication } from "./application-repository";
import { createWorkRepository } from "./work-repository";

export const NOTE_MAX = 5000;

const listed = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/**
 * A note's text: trimmed, at most NOTE_MAX characters, no control characters
 * but tab and line breaks (the body parser has already dropped them: this
 * holds should it stop). `missing`: the message when it is empty.
 */
const noteText = (missing?: string) =>
  z
    .string({ error: missing ?? "Write the note as text" })
    .trim()
    .min(missing ? 1 : 0, { error: missing })
    .max(NOTE_MAX, { error: `Keep the note to ${NOTE_MAX.toLocaleString("en-US")} characters` })
    .refine((text) => !hasUnsafeText(text), { error: "Remove the control characters from the note" });

const NOT_AN_OBJECT = { error: "Send a JSON object" };

const statusBody = z
  .strictObject(
    {
      status: z.enum(WORK_STATUSES, { error: `Choose a work status: ${listed(WORK_STATUSES)}` }),
      closeReason: z
        .enum(CLOSE_REASONS, { error: `Choose a close reason: ${listed(CLOSE_REASONS)}` })
        .optional(),
    },
    NOT_AN_OBJECT,
  )
  .superRefine((change, ctx) => {
    if (change.status === "closed" && !change.closeReason) {
      ctx.addIssue({
        code: "custom",
        path: ["closeReason"],
        message: "Say why it is closed: choose a close reason",
      });
    }
    if (change.status !== "closed" && change.closeReason) {
      ctx.addIssue({
        code: "custom",
        path: ["closeReason"],
        message: "Only a closed application has a close reason",
      });
    }
  });

const noteBody = z.strictObject({ body: noteText("Write a note") }, NOT_AN_OBJECT);

const ALL_OUTCOMES = Object.values(CONTACT_OUTCOMES).flat() as ContactOutcome[];

const contactBody = z
  .strictObject(
    {
      channel: z.enum(CONTACT_CHANNELS, { error: "Choose call or email" }),
      outcome: z.enum(ALL_OUTCOMES, { error: "Choose an outcome" }),
      note: noteText().nullish(),
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

function refuseQuarantined(found: LockedApplication) {
  if (found.status === "quarantined") {
    throw new Refusal(409, "This application is in quarantine: release it before working on it");
  }
}

/** Who did it, as the timeline names them. */
const actorOf = (request: FastifyRequest) => ({
  actorId: request.staff?.userId ?? null,
  actorName: request.staff ? request.staff.name || request.staff.email : null,
});

const workRoutes: FastifyPluginAsync = async (app) => {
  const staff = { preHandler: requireRole("staff") };
  const work = createWorkRepository(app.store);
  const staffRepository = createStaffRepository(app.desk.store);
  const { act } = applicationActions(app);

  app.post<WithId>("/api/desk/applications/:id/work-status", staff, async (request, reply) => {
    const change = bodyOf(statusBody, request, reply);
    if (!change) return reply;
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

  app.post<WithId>("/api/desk/applications/:id/notes", staff, async (request, reply) => {
    const note = bodyOf(noteBody, request, reply);
    if (!note) return reply;
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

  app.post<WithId>("/api/desk/applications/:id/contacts", staff, async (request, reply) => {
    const contact = bodyOf(contactBody, request, reply);
    if (!contact) return reply;
    return act(request, reply, "application.contact-logged", async (tx, found) => {
      refuseQuarantined(found);
      await work.addActivity(tx, {
        applicationId: found.id,
        kind: contact.channel,
        ...actorOf(request),
        outcome: contact.outcome,
        body: contact.note || null,
      });
      return { details: { channel: contact.channel, outcome: contact.outcome } };
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
