/**
 * Where an application stands, in the applicant's words, for the document
 * room (issue 42): received, in review (with the review time the site
 * promised and when it was met), waiting for a decision, funded or closed;
 * whether documents are still needed; and, once they are complete, the
 * funding decision's promised time and when it was met. Made from the desk's work status
 * (which the CRM's stage reports move too) and the checklist; never a note,
 * an owner or the reason staff closed it.
 */
import { figures } from "../claims/figures";
import { documentsState } from "./documents-state";
import { isComplete, type ItemState } from "./item-state";

export const ROOM_STAGES = ["received", "in-review", "decision", "funded", "closed"] as const;
export type RoomStage = (typeof ROOM_STAGES)[number];

export interface RoomStatusFacts {
  /** The desk's work status: new, contacted, qualified, underwriting, closed. */
  workStatus: string;
  closeReason: string | null;
  /** Received plus the promised review window (ISO); null for one stored before the promise was kept. */
  reviewDueAt: string | null;
  /** When someone first worked on it (ISO): the review promise was met then. */
  firstTouchedAt: string | null;
  /** Documents complete plus the promised decision window (ISO); null while they are not complete. */
  decisionDueAt: string | null;
  /** When the application was decided (closed as funded or not qualified); null: not yet. */
  decidedAt: string | null;
  itemStates: readonly ItemState[];
}

export interface RoomStatus {
  stage: RoomStage;
  /** The stage in a word or two: "In review". */
  label: string;
  /** What it means, in a sentence. */
  text: string;
  review: { dueAt: string | null; metAt: string | null };
  /**
   * The funding decision the site promises once documents are complete: by
   * when, and when it was made. Null before the documents are complete, and
   * for an application closed without a decision (no decision is owed).
   */
  decision: { dueAt: string; metAt: string | null } | null;
  documents: {
    /** Needed: something is missing or needs attention; sent: all in, some still to be checked; complete: all accepted or not applicable. */
    state: "needed" | "sent" | "complete";
    label: string;
    /** Items still missing or needing attention. */
    needed: number;
  };
}

const STAGE_WORDS: Record<RoomStage, { label: string; text: string }> = {
  received: {
    label: "Received",
    text: `We have your application. A funding specialist will review it within ${figures.reviewHours} hours.`,
  },
  "in-review": {
    label: "In review",
    text: "A funding specialist is reviewing your application and will contact you directly.",
  },
  decision: {
    label: "Waiting for a decision",
    text: "Your application and documents are with our underwriters for a funding decision.",
  },
  funded: { label: "Funded", text: "Your funding has been approved and sent." },
  closed: {
    label: "Closed",
    text: "This application is closed. If you have a question about it, contact us and quote your reference number.",
  },
};

function stageOf(facts: RoomStatusFacts): RoomStage {
  if (facts.workStatus === "closed") return facts.closeReason === "funded" ? "funded" : "closed";
  if (facts.workStatus === "underwriting") return "decision";
  if (facts.workStatus !== "new" || facts.firstTouchedAt) return "in-review";
  return "received";
}

function decisionOf(facts: RoomStatusFacts): RoomStatus["decision"] {
  if (!facts.decisionDueAt) return null;
  if (!facts.decidedAt && facts.workStatus === "closed") return null;
  return { dueAt: facts.decisionDueAt, metAt: facts.decidedAt };
}

export function roomStatus(facts: RoomStatusFacts): RoomStatus {
  const stage = stageOf(facts);
  const needed = facts.itemStates.filter(
    (state) => state === "missing" || state === "needs-attention",
  ).length;
  // The applicant's "complete" is the desk's (documents-state.ts): every item accepted or not
  // applicable. Everything sent but not yet checked is said as such, not as complete.
  const documents: RoomStatus["documents"] = !isComplete(facts.itemStates)
    ? { state: "needed", label: "Documents needed", needed }
    : documentsState(facts.itemStates) === "complete"
      ? { state: "complete", label: "Documents complete", needed: 0 }
      : { state: "sent", label: "All documents sent", needed: 0 };
  return {
    stage,
    ...STAGE_WORDS[stage],
    review: { dueAt: facts.reviewDueAt, metAt: facts.firstTouchedAt },
    decision: decisionOf(facts),
    documents,
  };
}
