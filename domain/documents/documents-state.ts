/**
 * Where an application's documents stand for the desk: nothing in yet, some
 * still needed (or waiting for a rep's look), or complete. "Documents
 * complete" is when every item is accepted by a rep or declared not
 * applicable: the moment a decision can honestly be promised within 48 hours
 * starts there, so a file that waits for review does not count yet (the
 * room's own wording, room-status.ts, tells the applicant when everything
 * asked for has been sent). The store keeps each application's state
 * (applications.documents_state, migration 036) so the inbox can filter on it.
 */
import type { ItemState } from "./item-state";

export const DOCUMENTS_STATES = ["none", "needed", "complete"] as const;
export type DocumentsState = (typeof DOCUMENTS_STATES)[number];

/** The inbox's filter and marker. */
export const DOCUMENTS_STATE_LABELS: Record<DocumentsState, string> = {
  none: "No documents yet",
  needed: "Documents needed",
  complete: "Documents complete",
};

/** Each item state in the desk's words (the room's are item-state.ts's ITEM_STATE_LABELS). */
export const ITEM_STATE_DESK_LABELS: Record<ItemState, string> = {
  missing: "Missing",
  received: "Received, to review",
  accepted: "Accepted",
  "needs-attention": "Needs attention",
  "not-applicable": "Not applicable",
};

/** Settled: nothing more is asked of the applicant or of a rep. */
const SETTLED: readonly ItemState[] = ["accepted", "not-applicable"];

/**
 * None while no item has a file or a declaration (no checklist yet, or every
 * item missing); complete when every item is accepted or not applicable;
 * needed otherwise.
 */
export function documentsState(states: readonly ItemState[]): DocumentsState {
  if (states.every((state) => state === "missing")) return "none";
  return states.every((state) => SETTLED.includes(state)) ? "complete" : "needed";
}

export interface ChecklistSummary {
  /** Items still asked for: every item but those declared not applicable. */
  asked: number;
  /** Of those, with a file in (received or accepted). */
  received: number;
  accepted: number;
  /** Missing, or needing attention: what the applicant still owes. */
  needed: number;
  notApplicable: number;
}

/** The counts behind "3 of 7 received". */
export function checklistSummary(states: readonly ItemState[]): ChecklistSummary {
  const count = (...of: ItemState[]) => states.filter((state) => of.includes(state)).length;
  const notApplicable = count("not-applicable");
  return {
    asked: states.length - notApplicable,
    received: count("received", "accepted"),
    accepted: count("accepted"),
    needed: count("missing", "needs-attention"),
    notApplicable,
  };
}
