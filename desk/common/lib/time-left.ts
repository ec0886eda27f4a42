/**
 * The review clock as a list shows it, in one cell: the time left before the
 * promised review ("2 h 10 min left"), how late it is ("Overdue 3 h"), or
 * "Touched" once the first touch stopped the clock; a follow-up that is the
 * lead's next deadline (as the due views count it) instead ("Call back in
 * 25 min", "Call back, 5 min late"); and a clock that moves while the page
 * is open. Pure apart from the hook, so tests give the time.
 */
import { useEffect, useState } from "react";
import type { ApplicationState, WorkState } from "#domain/desk/contract";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "1 min", "14 min", "3 h 20 min", "2 h", "3 d 4 h" (under a minute counts as 1 min). */
export function shortDuration(ms: number): string {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  if (Math.abs(ms) < 2 * DAY) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(Math.abs(ms) / DAY);
  const hours = Math.floor((Math.abs(ms) % DAY) / HOUR);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

/**
 * Where one application's clock stands at `now`: no clock (quarantined, or
 * no deadline), touched, overdue, due soon (within `dueSoonMs`, the server's
 * REVIEW_DUE_SOON), or running.
 */
export type TimeLeft =
  | { kind: "none" }
  | { kind: "touched"; text: "Touched"; at: string }
  | { kind: "overdue" | "soon" | "running"; text: string; due: string; callBack?: boolean };

/**
 * The follow-up, when it is the lead's next deadline: the lead is received
 * and not closed, and touched already or its follow-up comes before its
 * review deadline (the server's DUE_AT, server/inbox/inbox-filter.ts).
 */
function nextCallBack(
  item: Pick<WorkState, "reviewDueAt" | "firstTouchedAt" | "followUpAt" | "workStatus"> & {
    state: ApplicationState;
  },
): string | null {
  const at = item.followUpAt;
  if (!at || item.state !== "received" || item.workStatus === "closed") return null;
  return item.firstTouchedAt || !item.reviewDueAt || Date.parse(at) < Date.parse(item.reviewDueAt)
    ? at
    : null;
}

export function timeLeft(
  item: Pick<WorkState, "reviewDueAt" | "firstTouchedAt"> &
    Partial<Pick<WorkState, "followUpAt" | "workStatus">> & { state: ApplicationState },
  now: number,
  dueSoonMs: number,
): TimeLeft {
  const callBack = nextCallBack({ followUpAt: null, workStatus: "new", ...item });
  if (callBack) {
    const left = Date.parse(callBack) - now;
    if (left <= 0)
      return {
        kind: "overdue",
        text: `Call back, ${shortDuration(left)} late`,
        due: callBack,
        callBack: true,
      };
    return {
      kind: left <= dueSoonMs ? "soon" : "running",
      text: `Call back in ${shortDuration(left)}`,
      due: callBack,
      callBack: true,
    };
  }
  if (item.firstTouchedAt) return { kind: "touched", text: "Touched", at: item.firstTouchedAt };
  if (item.state === "quarantined" || !item.reviewDueAt) return { kind: "none" };
  const left = Date.parse(item.reviewDueAt) - now;
  if (left <= 0) return { kind: "overdue", text: `Overdue ${shortDuration(left)}`, due: item.reviewDueAt };
  return {
    kind: left <= dueSoonMs ? "soon" : "running",
    text: `${shortDuration(left)} left`,
    due: item.reviewDueAt,
  };
}

/** The time now, again every `ms` (the clocks move while the page is open). */
export function useNow(ms = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
