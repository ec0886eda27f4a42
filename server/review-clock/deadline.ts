/**
 * The deadlines of the site's two promises, counted by one clock: the review
 * (REVIEW_WINDOW after an application was received; computed once at intake
 * and stored as applications.review_due_at, so the inbox sorts and filters by
 * it and the alerts, alerts.ts, read it) and the funding decision
 * (DECISION_WINDOW after its documents became complete; stored as
 * applications.decision_due_at by server/documents/checklist.ts).
 *
 * With REVIEW_BUSINESS_HOURS the window is counted in business time only: the
 * clock runs during the open hours of each day in DESK_TIME_ZONE and stands
 * still outside them, on REVIEW_HOLIDAYS and on days without hours. A window
 * that starts outside the hours starts its clock at the next opening. Without
 * business hours the clock runs around the clock, except on the holidays (each
 * a whole day of the zone). Wall-clock times become instants through the
 * zone's own rules (@date-fns/tz, Intl's data), so a day on which the clocks
 * change is as long as it really is.
 */
import { TZDate } from "@date-fns/tz";
import type { Config } from "../config";
import { parseBusinessHours, type OpenSpan, type WeeklyHours } from "./business-hours";

export type ReviewSettings = Pick<Config, "review"> & { desk: Pick<Config["desk"], "timeZone"> };

export interface ReviewClock {
  /** The deadline of a window that starts at `from` (an application received, its documents complete). */
  deadline(from: Date): Date;
}

/** The deadline of the funding decision, counted from the moment an application's documents became complete. */
export type DecisionClock = ReviewClock;

/** The promises as the site states them, for callers without a configuration (benchmarks, tests). */
export const DEFAULT_REVIEW_WINDOW_MS = 24 * 3_600_000;
export const DEFAULT_DECISION_WINDOW_MS = 48 * 3_600_000;

const DAY_MS = 86_400_000;
const AROUND_THE_CLOCK: WeeklyHours = Array.from({ length: 7 }, () => [{ start: 0, end: 24 * 60 }]);

/** A calendar day of the zone, named by its UTC-midnight stand-in (calendar arithmetic only). */
const calendarKey = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** The instant of a wall-clock minute of a day in `timeZone` (a minute the clocks skip comes out later). */
function instantOf(utcMidnight: number, minute: number, timeZone: string): number {
  const day = new Date(utcMidnight);
  return new TZDate(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    Math.floor(minute / 60),
    minute % 60,
    timeZone,
  ).getTime();
}

/**
 * `windowMs` of open time counted from `receivedMs`. Walks the zone's days from
 * the one it was received on, as far as the window can reach (every week has
 * open time; each holiday costs at most a week).
 */
function countOpenTime(
  receivedMs: number,
  windowMs: number,
  hours: WeeklyHours,
  holidays: ReadonlySet<string>,
  timeZone: string,
): number {
  const local = new TZDate(receivedMs, timeZone);
  let day = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  let cursor = receivedMs;
  let remaining = windowMs;
  // Half a week's open time a week, to spare the hours a change of the clocks takes.
  const weeklyMs = hours.flat().reduce((sum, span) => sum + (span.end - span.start) * 60_000, 0);
  const weeks = Math.ceil(windowMs / Math.max(weeklyMs / 2, 60_000)) + holidays.size + 2;
  const lastDay = day + weeks * 7 * DAY_MS;
  for (; day <= lastDay; day += DAY_MS) {
    if (holidays.has(calendarKey(day))) continue;
    for (const span of hours[new Date(day).getUTCDay()] as OpenSpan[]) {
      const end = instantOf(day, span.end, timeZone);
      if (end <= cursor) continue;
      const from = Math.max(cursor, instantOf(day, span.start, timeZone));
      if (remaining <= end - from) return from + remaining;
      remaining -= Math.max(0, end - from);
      cursor = end;
    }
  }
  throw new Error("the clock found no open time");
}

/** A clock counting `windowMs` with the settings' business hours and holidays. */
function createClock(windowMs: number, settings?: ReviewSettings): ReviewClock {
  const holidays = new Set(settings?.review.holidays ?? []);
  const text = settings?.review.businessHours;
  if (!settings || (!text && holidays.size === 0)) {
    return { deadline: (from) => new Date(from.getTime() + windowMs) };
  }
  let hours = AROUND_THE_CLOCK;
  if (text) {
    const parsed = parseBusinessHours(text);
    // loadConfig has refused a bad value already; a caller passing one by hand learns here.
    if ("error" in parsed) throw new Error(`REVIEW_BUSINESS_HOURS ${parsed.error}`);
    hours = parsed.hours;
  }
  const timeZone = settings.desk.timeZone;
  return {
    deadline: (from) => new Date(countOpenTime(from.getTime(), windowMs, hours, holidays, timeZone)),
  };
}

export function createReviewClock(settings?: ReviewSettings): ReviewClock {
  return createClock(settings?.review.windowMs ?? DEFAULT_REVIEW_WINDOW_MS, settings);
}

export function createDecisionClock(settings?: ReviewSettings): DecisionClock {
  return createClock(settings?.review.decisionWindowMs ?? DEFAULT_DECISION_WINDOW_MS, settings);
}
