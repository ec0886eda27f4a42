/**
 * What the document room's page reads from GET /api/room and its other
 * answers (server/room/room-routes.ts `satisfies` these): one definition for
 * the server and the page. No validation library here: the page's code stays
 * small.
 */
import type { ItemState } from "./item-state";
import type { RoomStatus } from "./room-status";

/** Where the room's page lives: `${SITE_URL}/documents/<token>`; `/documents` alone asks for a link. */
export const ROOM_PAGE_PATH = "/documents";

/**
 * The prerendered page `${ROOM_PAGE_PATH}/<token>` is served from (server/site/load-site.ts):
 * the welcome, whose script reads the token from the address.
 */
export const ROOM_PAGE_TEMPLATE = `${ROOM_PAGE_PATH}/open`;

/** The longest password a locked PDF's unlock takes (PDF passwords are at most 127 bytes). */
export const PDF_PASSWORD_MAX = 1000;

/** The tus endpoint the room's uploads go to. */
export const ROOM_UPLOADS_PATH = "/api/room/uploads";

/**
 * The bytes of one upload request (a tus PATCH). Each request must arrive
 * within the server's request time limit (server/app.ts, REQUEST_TIMEOUT_MS),
 * on a phone that uploads slowly: 1 MB takes 80 s at 100 kbit/s. Small
 * enough too that no proxy's body limit cuts it, and a drop sends at most
 * this much again.
 */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/** The slowest upload a chunk is sized for, in bits per second (see UPLOAD_CHUNK_BYTES). */
export const SLOW_PHONE_UPLOAD_BPS = 100_000;

/**
 * GET /api/room/session: whether this browser holds a live session. Always
 * 200, so a page that only asks (before the applicant has done anything)
 * shows no failed request in the browser's console.
 */
export interface RoomSessionAnswer {
  open: boolean;
}

/** Where the page asks it. */
export const ROOM_SESSION_PATH = "/api/room/session";

export interface RoomDocumentView {
  id: string;
  /** The name it was uploaded with, or ours. */
  fileName: string;
  size: number;
  type: string | null;
  uploadedAt: string | null;
  /** The scanner flagged it: kept from everyone. */
  held: boolean;
  /** A PDF that opens only with its password: not served until the applicant sends it. */
  needsPassword: boolean;
  /** Its checks have not finished: not served yet. */
  checking: boolean;
}

export interface RoomItemView {
  id: string;
  name: string;
  /** What to send, in a sentence. */
  why: string;
  state: ItemState;
  stateLabel: string;
  /** Why it needs attention (staff's words) or is not applicable (the applicant's). */
  reason: string | null;
  documents: RoomDocumentView[];
}

/** GET /api/room. */
export interface RoomView {
  /** The receipt's number (HL-…); none for an application stored before references. */
  reference: string | null;
  fundingType: string;
  submittedAt: string;
  status: RoomStatus;
  limits: { maxFileBytes: number; maxApplicationBytes: number };
  checklist: RoomItemView[];
}

/** POST /api/room/items/:id/not-applicable. */
export interface NotApplicableAnswer {
  id: string;
  state: ItemState;
  stateLabel: string;
  reason: string | null;
}

/** POST /api/room/documents/:id/unlock: the document opened, and where its item stands now. */
export interface UnlockAnswer {
  document: RoomDocumentView;
  item: { id: string; state: ItemState; stateLabel: string } | null;
}
