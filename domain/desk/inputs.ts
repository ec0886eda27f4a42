/**
 * What the desk sends and the server's routes take, defined once: the
 * schemas the routes declare (server/desk/**) and the desk's forms check
 * with before sending, so a limit or a message changed here changes both.
 * The limits themselves: ./limits.ts. Messages are what staff read: a body's
 * say what to do ("Keep the note to 5,000 characters"); a query parameter's
 * are predicates the server prefixes with the parameter's name ("q must be
 * at most 200 characters").
 */
import "../lib/zod-config";
import { z } from "zod";
import { hasUnsafeText } from "../lib/unsafe-text";
import { REASON_MAX as ITEM_REASON_MAX } from "../documents/item-state";
import {
  DOCUMENT_REQUEST_DETAIL_MAX,
  DOCUMENT_REQUEST_LABEL_MAX,
  NOTE_MAX,
  REASON_MAX,
  RESOLUTION_MAX,
  SEARCH_MAX,
} from "./limits";
import { CLOSE_REASONS, WORK_STATUSES } from "./work";

export {
  DOCUMENT_REQUEST_DETAIL_MAX,
  DOCUMENT_REQUEST_LABEL_MAX,
  NOTE_MAX,
  REASON_MAX,
  RESOLUTION_MAX,
  SEARCH_MAX,
} from "./limits";
/** What a checklist item needs, as the applicant reads it (the room's item reasons share the limit). */
export { ITEM_REASON_MAX };

/** A body that is not a JSON object. */
export const NOT_AN_OBJECT = "Send a JSON object";

/** "a, b or c" */
export const listed = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

/** The store's text cannot hold a NUL character: such input is a 400, not a 500. */
export const NO_NUL = [
  (value: string) => !value.includes("\0"),
  { error: "must not contain a NUL character" },
] as const;

// A form that leaves a field empty sends `?q=`: empty means "not given".
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A query parameter's text: given once, trimmed, at most `max` characters. */
export const text = (max: number) =>
  z
    .string({ error: "must be given once, as text" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...NO_NUL);

/** The inbox's search (`q`): a name, an e-mail address, a phone number, a reference. */
export const searchText = text(SEARCH_MAX);

/**
 * A note's text: trimmed, at most NOTE_MAX characters, no control characters
 * but tab and line breaks. `missing`: the message when it is empty (a note
 * alone must say something; a contact's note may be left out).
 */
export const noteText = (missing?: string) =>
  z
    .string({ error: missing ?? "Write the note as text" })
    .trim()
    .min(missing ? 1 : 0, { error: missing })
    .max(NOTE_MAX, { error: `Keep the note to ${NOTE_MAX.toLocaleString("en-US")} characters` })
    .refine((value) => !hasUnsafeText(value), { error: "Remove the control characters from the note" });

/** POST /api/desk/applications/:id/notes (NoteInput). */
export const noteInput = z.strictObject({ body: noteText("Write a note") }, NOT_AN_OBJECT);

/** POST /api/desk/applications/:id/work-status (WorkStatusChange): closed, and only closed, takes a reason. */
export const workStatusInput = z
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

export const GIVE_A_REASON = "Give a reason";
const REASON_TOO_LONG = `Keep the reason under ${REASON_MAX} characters`;

/** Why staff send an application again, quarantine or release it (ReasonInput). */
export const actionReason = z
  .string({ error: GIVE_A_REASON })
  .trim()
  .min(1, { error: GIVE_A_REASON })
  .max(REASON_MAX, { error: REASON_TOO_LONG })
  .refine(...NO_NUL);

/** Why a legal hold is set or released. */
export const holdReason = z
  .string({ error: GIVE_A_REASON })
  .trim()
  .min(1, { error: GIVE_A_REASON })
  .max(REASON_MAX, { error: REASON_TOO_LONG })
  .refine((value) => !hasUnsafeText(value), { error: "Remove the control characters from the reason" });

/** POST /api/desk/privacy-requests/:id/status (PrivacyRequestStatusInput): a refusal says why. */
export const privacyStatusInput = z
  .strictObject({
    status: z.enum(["in_progress", "completed", "refused"], {
      error: "must be in_progress, completed or refused",
    }),
    resolution: text(RESOLUTION_MAX).optional(),
  })
  .refine((input) => input.status !== "refused" || Boolean(input.resolution), {
    path: ["resolution"],
    error: "Say why the request is refused",
  });

/** Text a person writes for the applicant to read: trimmed, 1 to `max` characters, no control characters. */
const applicantText = (max: number, missing: string, tooLong: string, what: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong })
    .refine((value) => !hasUnsafeText(value), { error: `Remove the control characters from the ${what}` });

/** POST /api/desk/applications/:id/documents/items/:itemId/attention (DocumentAttentionInput). */
export const documentAttentionInput = z.strictObject(
  {
    reason: applicantText(
      ITEM_REASON_MAX,
      "Say what needs attention: the applicant reads it",
      `Keep the reason to ${ITEM_REASON_MAX} characters`,
      "reason",
    ),
  },
  NOT_AN_OBJECT,
);

/** POST /api/desk/applications/:id/documents/requests (DocumentRequestInput). */
export const documentRequestInput = z.strictObject(
  {
    label: applicantText(
      DOCUMENT_REQUEST_LABEL_MAX,
      "Name the document to ask for",
      `Keep the document's name to ${DOCUMENT_REQUEST_LABEL_MAX} characters`,
      "name",
    ),
    detail: z
      .string({ error: "Write what to send as text" })
      .trim()
      .max(DOCUMENT_REQUEST_DETAIL_MAX, {
        error: `Keep what to send to ${DOCUMENT_REQUEST_DETAIL_MAX.toLocaleString("en-US")} characters`,
      })
      .refine((value) => !hasUnsafeText(value), { error: "Remove the control characters from what to send" })
      .nullish(),
  },
  NOT_AN_OBJECT,
);

/** The first problem `schema` finds with `value` (its message), or undefined: a desk field's own check. */
export function problemWith(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

// Claims (server/desk/claims/) ------------------------------------------------

/** What an evidence file is, in staff's words (the ?label= of its upload). */
export const CLAIM_EVIDENCE_LABEL_MAX = 200;
/** A claim review's note. */
export const CLAIM_REVIEW_NOTE_MAX = 2000;

/** The label given with an evidence file: said, short, no control characters. */
export const claimEvidenceLabel = z
  .string({ error: "Say what the file is" })
  .trim()
  .min(1, { error: "Say what the file is" })
  .max(CLAIM_EVIDENCE_LABEL_MAX, { error: `Keep the label to ${CLAIM_EVIDENCE_LABEL_MAX} characters` })
  .refine((value) => !hasUnsafeText(value), { error: "Remove the control characters from the label" });

/** POST /api/desk/claims/:id/evidence/:evidenceId/withdraw (ClaimWithdrawInput). */
export const claimWithdrawInput = z.strictObject({ reason: holdReason }, NOT_AN_OBJECT);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/desk/claims/:id/reviews (ClaimReviewInput); the route checks the day is after today. */
export const claimReviewInput = z.strictObject(
  {
    reviewBy: z
      .string({ error: "Give the next review day (YYYY-MM-DD)" })
      .regex(DAY, { error: "Give the next review day (YYYY-MM-DD)" })
      .refine(
        (value) => {
          const time = Date.parse(`${value}T00:00:00Z`);
          return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
        },
        {
          error: "The next review day is not a day of the calendar",
        },
      ),
    note: z
      .string({ error: "Say what you reviewed" })
      .trim()
      .min(1, { error: "Say what you reviewed" })
      .max(CLAIM_REVIEW_NOTE_MAX, {
        error: `Keep the note to ${CLAIM_REVIEW_NOTE_MAX.toLocaleString("en-US")} characters`,
      })
      .refine((value) => !hasUnsafeText(value), { error: "Remove the control characters from the note" }),
  },
  NOT_AN_OBJECT,
);

/** PUT /api/desk/claims/roles/:role (ClaimRoleInput): a staff member's id, or null for nobody. */
export const claimRoleInput = z.strictObject(
  {
    userId: z.union([z.string().min(1).max(100), z.null()], {
      error: "Choose a staff member, or null for nobody",
    }),
  },
  NOT_AN_OBJECT,
);
