/**
 * Where one checklist item stands, and what may move it: the applicant's
 * uploads and declarations, staff's review. The server applies these rules
 * before it writes a state; the room and the desk offer only the moves they
 * allow.
 *
 *   upload (either)                  any state -> received
 *   accept (staff)                   received, needs attention (with a file) -> accepted
 *   flag, with a reason (staff)      received, accepted, needs attention, not applicable
 *                                    -> needs attention
 *   declare not applicable, with a   missing, needs attention -> not applicable
 *   reason (applicant)
 *   withdraw it (applicant)          not applicable -> missing (received if it has files)
 *   remove a file (applicant)        received -> missing when none is left
 *
 * Any upload makes the item received again, whatever it was: a new file
 * needs a new look. Removing the item's last file while it waits for review
 * makes it missing again.
 */
export const ITEM_STATES = ["missing", "received", "accepted", "needs-attention", "not-applicable"] as const;
export type ItemState = (typeof ITEM_STATES)[number];

/** What the applicant reads for each state. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  missing: "Needed",
  received: "Received",
  accepted: "Accepted",
  "needs-attention": "Needs your attention",
  "not-applicable": "Not applicable",
};

export type Actor = "applicant" | "staff";

export type ItemEvent =
  /** A file stored for the item (the applicant's, or one staff received another way). */
  | { type: "upload"; by: Actor }
  /** Staff has looked at the file and it will do. */
  | { type: "accept"; by: Actor }
  /** Staff: something is wrong, and the applicant is told what. */
  | { type: "flag"; by: Actor; reason: string }
  /** The applicant: this does not apply to us, and why. */
  | { type: "declare-not-applicable"; by: Actor; reason: string }
  /** The applicant takes the declaration back. */
  | { type: "withdraw-not-applicable"; by: Actor }
  /** The applicant removed a file still waiting for review; `remaining` files are left. */
  | { type: "remove-file"; by: Actor; remaining: number };

export type ItemEventType = ItemEvent["type"];

export interface ItemStatus {
  state: ItemState;
  /** Why it needs attention (staff's words) or is not applicable (the applicant's); else null. */
  reason: string | null;
  /** Files currently on the item. */
  files: number;
}

export type Transition = { ok: true; state: ItemState; reason: string | null } | { ok: false; error: string };

export const REASON_MAX = 500;

/** Who may send each event. */
const ACTORS: Record<ItemEventType, readonly Actor[]> = {
  upload: ["applicant", "staff"],
  accept: ["staff"],
  flag: ["staff"],
  "declare-not-applicable": ["applicant"],
  "withdraw-not-applicable": ["applicant"],
  "remove-file": ["applicant"],
};

/** From which states each event may start. */
const FROM: Record<ItemEventType, readonly ItemState[]> = {
  upload: ITEM_STATES,
  accept: ["received", "needs-attention"],
  flag: ["received", "accepted", "needs-attention", "not-applicable"],
  "declare-not-applicable": ["missing", "needs-attention"],
  "withdraw-not-applicable": ["not-applicable"],
  "remove-file": ["received"],
};

const REFUSALS: Record<ItemEventType, string> = {
  upload: "A file cannot be added here.",
  accept: "Only an item with a file waiting for review can be accepted.",
  flag: "Only an item with a file, or one declared not applicable, can be marked as needing attention.",
  "declare-not-applicable":
    "Only a document still needed can be declared not applicable; remove its files first.",
  "withdraw-not-applicable": "This item was not declared not applicable.",
  "remove-file": "Files can be removed only while they wait for review.",
};

const WHO: Record<Actor, string> = { applicant: "the applicant", staff: "staff" };

/** A reason as it is stored: trimmed, 1 to REASON_MAX characters; or the error. */
export function cleanReason(reason: string): { ok: true; reason: string } | { ok: false; error: string } {
  const trimmed = reason.trim();
  if (!trimmed) return { ok: false, error: "Please give a reason." };
  if (trimmed.length > REASON_MAX) {
    return { ok: false, error: `Please keep the reason to ${REASON_MAX} characters.` };
  }
  return { ok: true, reason: trimmed };
}

/** The item's state after `event`, or why it may not happen. */
export function transition(item: ItemStatus, event: ItemEvent): Transition {
  if (!ACTORS[event.type].includes(event.by)) {
    return { ok: false, error: `This is not for ${WHO[event.by]} to do.` };
  }
  if (!FROM[event.type].includes(item.state)) return { ok: false, error: REFUSALS[event.type] };
  switch (event.type) {
    case "upload":
      return { ok: true, state: "received", reason: null };
    case "accept":
      if (item.files < 1) return { ok: false, error: REFUSALS.accept };
      return { ok: true, state: "accepted", reason: null };
    case "flag":
    case "declare-not-applicable": {
      const cleaned = cleanReason(event.reason);
      if (!cleaned.ok) return cleaned;
      const state = event.type === "flag" ? "needs-attention" : "not-applicable";
      return { ok: true, state, reason: cleaned.reason };
    }
    case "withdraw-not-applicable":
      return { ok: true, state: item.files > 0 ? "received" : "missing", reason: null };
    case "remove-file":
      return { ok: true, state: event.remaining > 0 ? "received" : "missing", reason: null };
  }
}

/**
 * "Documents complete": nothing is missing or needs attention. Items waiting
 * for review count: the applicant has sent everything asked for.
 */
export function isComplete(states: readonly ItemState[]): boolean {
  return states.length > 0 && states.every((state) => state !== "missing" && state !== "needs-attention");
}
