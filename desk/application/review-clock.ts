/**
 * The review clock in words, as the application's page shows it: the time
 * left before the promised review deadline, how late it is, or how long the
 * first touch took (the clock stopped there). Pure, so the page and its tests
 * give it the time.
 */
import type { WorkState } from "#domain/desk/contract";
import type { BadgeVariant } from "#ui/badge";
import { shortDuration } from "../common/lib/time-left";

export interface ClockWords {
  /** "Due in 3 h 20 min", "Overdue by 2 h", "Touched after 14 min". */
  text: string;
  tone: BadgeVariant;
  /** The deadline, and the first touch when there is one. */
  deadline: string | null;
  touchedAt: string | null;
}

/** Where the clock stands for an application received at `receivedAt`, at `now`. */
export function clockWords(
  work: Pick<WorkState, "reviewDueAt" | "firstTouchedAt">,
  receivedAt: string,
  now: number,
): ClockWords | null {
  if (!work.reviewDueAt) return null;
  const due = Date.parse(work.reviewDueAt);
  if (work.firstTouchedAt) {
    const touched = Date.parse(work.firstTouchedAt);
    const late = touched > due ? `, ${shortDuration(touched - due)} late` : "";
    return {
      text: `Touched after ${shortDuration(touched - Date.parse(receivedAt))}${late}`,
      tone: late ? "held" : "good",
      deadline: work.reviewDueAt,
      touchedAt: work.firstTouchedAt,
    };
  }
  if (now >= due) {
    return {
      text: `Overdue by ${shortDuration(now - due)}`,
      tone: "bad",
      deadline: work.reviewDueAt,
      touchedAt: null,
    };
  }
  return {
    text: `Due in ${shortDuration(due - now)}`,
    tone: "busy",
    deadline: work.reviewDueAt,
    touchedAt: null,
  };
}
