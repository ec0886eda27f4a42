/**
 * What the document room's API takes (server/room/room-routes.ts), as zod
 * schemas: the room's page and the server read the same rules. Kept apart
 * from kinds.ts and item-state.ts, which the page's upload script uses
 * without a validation library.
 */
import { z } from "zod";
import { emailAddress } from "../lib/email";
import { REASON_MAX } from "./item-state";
import { PDF_PASSWORD_MAX } from "./room-view";

/** A room link's token: 32 bytes in base64url. */
export const ROOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a link that opens nothing answers, whatever is wrong with it. */
export const LINK_INVALID =
  "This link is not valid. Check that you copied the whole link, or ask for a new one.";

/**
 * POST /api/room/session: the token from the link's path. Its form is
 * checked by the route (ROOM_TOKEN), so a malformed token is answered as an
 * unknown one is: a 404 in the same words.
 */
export const roomSessionRequestSchema = z.object({
  token: z.string({ error: LINK_INVALID }).max(200, LINK_INVALID),
});

/** A checklist item's or a document's id in the path. */
export const roomIdParams = z.object({ id: z.guid() });

/** POST /api/room/links: the address the applications were made with. */
export const roomLinksRequestSchema = z.object({
  email: emailAddress({ lowercase: true, messageWhenMissing: true }),
});

/** POST /api/room/items/:id/not-applicable: the applicant's reason (item-state.ts cleans it). */
export const notApplicableRequestSchema = z.object({
  reason: z
    .string({ error: "Please give a reason." })
    .trim()
    .min(1, "Please give a reason.")
    .max(REASON_MAX, `Please keep the reason to ${REASON_MAX} characters.`),
});

export { PDF_PASSWORD_MAX };

/**
 * POST /api/room/documents/:id/unlock: a locked PDF's password, used once to
 * open it and kept nowhere. Taken as typed: spaces can be part of it.
 */
export const unlockRequestSchema = z.object({
  password: z
    .string({ error: "Please type the file's password." })
    .min(1, "Please type the file's password.")
    .max(PDF_PASSWORD_MAX, `A password is at most ${PDF_PASSWORD_MAX} characters.`),
});
