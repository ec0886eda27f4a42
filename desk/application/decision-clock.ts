/**
 * The funding decision's clock in words, as the application's page shows it
 * beside the review clock: due by when, how late, or how long the decision
 * took from documents complete (the clock stopped there). Nothing before the
 * documents are complete, nor for an application closed without a decision
 * (no response, a duplicate, another provider chosen): no decision is owed.
 * Pure, so the page and its tests give it the time.
 */
import type { ApplicationDetail } from "#domain/desk/contract";
import type { BadgeVariant } from "#ui/badge";
import { shortDuration } from "../common/lib/time-left";

export interface DecisionWords {
  /** "Decision due", "Decision overdue by 2 h", "Decided in 31 h". */
  text: string;
  tone: BadgeVariant;
  /** The deadline, shown as a time beside the words. */
  dueAt: string;
  documentsCompleteAt: string;
  decidedAt: string | null;
}

/** Where the decision's clock stands at `now`, or null when it does not run. */
export function decisionWords(
  detail: Pick<ApplicationDetail, "decision" | "workStatus">,
  now: number,
): DecisionWords | null {
  const { decision } = detail;
  if (!decision) return null;
  const due = Date.parse(decision.dueAt);
  const base = {
    dueAt: decision.dueAt,
    documentsCompleteAt: decision.documentsCompleteAt,
    decidedAt: decision.decidedAt,
  };
  if (decision.decidedAt) {
    const decided = Date.parse(decision.decidedAt);
    const took = Math.max(0, decided - Date.parse(decision.documentsCompleteAt));
    const late = decided > due ? `, ${shortDuration(decided - due)} late` : "";
    return { ...base, text: `Decided in ${shortDuration(took)}${late}`, tone: late ? "held" : "good" };
  }
  if (detail.workStatus === "closed") return null;
  if (now >= due) return { ...base, text: `Decision overdue by ${shortDuration(now - due)}`, tone: "bad" };
  return { ...base, text: "Decision due", tone: "busy" };
}
