/**
 * The provider's time zone (DESK_TIME_ZONE, an IANA name): which instants a
 * day typed into a desk filter (or a time into a desk form) stands for, and
 * instants written with that zone's offset (the consent evidence). Intl's time-zone data does the work,
 * so daylight-saving changes are exact; a day is the zone's own day
 * (23 or 25 hours long when the clocks change).
 */
import { z } from "zod";

/** The canonical IANA name of `name` ("america/new_york" -> "America/New_York"), or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  // Names only: Intl would also take offsets ("+05:00"), which know no daylight saving.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A day as a query gives it: YYYY-MM-DD, a real day of the calendar. */
export const calendarDay = z
  .string({ error: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: "is not a date in the calendar" },
  );

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `timeZone` at `instant`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = Number(value);
  const whole = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return whole + (((instant % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at `instant`, in ms (New York in winter: -5 h). */
export const offsetAt = (instant: number, timeZone: string) => wallClock(instant, timeZone) - instant;

const HOUR = 3_600_000;

/**
 * The first instant of `day` (YYYY-MM-DD) in `timeZone`: its midnight, or,
 * where the clocks jump over midnight, the moment they jump.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // Every offset in force within a day either side: at most two.
  const offsets = new Set([-24 * HOUR, 0, 24 * HOUR].map((d) => offsetAt(midnight + d, timeZone)));
  const candidates = [...offsets].map((offset) => midnight - offset).sort((a, b) => a - b);
  // Where local midnight happens (twice, when the clocks go back over it), the first one.
  const exact = candidates.find((instant) => wallClock(instant, timeZone) === midnight);
  if (exact !== undefined) return new Date(exact);
  // Midnight never happens that day: the day starts when the clocks jump forward.
  // Clocks change on a whole second: search whole seconds.
  let before = Math.floor(candidates[0] / 1000);
  let after = Math.ceil(candidates[candidates.length - 1] / 1000);
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (wallClock(middle * 1000, timeZone) >= midnight) after = middle;
    else before = middle;
  }
  return new Date(after * 1000);
}

/**
 * The instant a wall-clock time in `timeZone` stands for, as a form gives it
 * ("2026-11-24T10:30", seconds optional): 15:30 UTC in New York that day. A
 * time the clocks repeat is its first; one they skip is read with the offset
 * after the change.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}Z`);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/**
 * A time a desk form or API caller gives (ISO): with "Z" or an offset, as it
 * says; without one, a wall-clock time in `timeZone` (zonedInstant). ISO, UTC.
 */
export const instantIn = (value: string, timeZone: string) =>
  (/(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : zonedInstant(value, timeZone)).toISOString();

/** The day after `day` (YYYY-MM-DD). */
export const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);

/**
 * The instants the days `from`..`to` (both included, either open) span in
 * `timeZone`: from the first instant of `from` (inclusive) to the first of
 * the day after `to` (exclusive), as ISO strings.
 */
export function dayRange(
  { from, to }: { from?: string; to?: string },
  timeZone: string,
): { since?: string; before?: string } {
  return {
    since: from ? startOfDay(from, timeZone).toISOString() : undefined,
    before: to ? startOfDay(nextDay(to), timeZone).toISOString() : undefined,
  };
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, "0");

/**
 * An instant as ISO 8601 with the zone's offset at that moment:
 * "2026-11-24T19:05:03.000-05:00". Null stays null; text that is no time stays as it is.
 */
export function zonedIso(value: string | Date | null | undefined, timeZone: string): string | null {
  if (value === null || value === undefined) return null;
  const instant = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(instant)) return String(value);
  const offset = Math.round(offsetAt(instant, timeZone) / 60_000);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 23);
  return `${wall}${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export const today = (timeZone: string, now = new Date()) => zonedIso(now, timeZone)!.slice(0, 10);
