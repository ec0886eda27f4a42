/**
 * REVIEW_BUSINESS_HOURS read once: the hours of each weekday during which the
 * review clock runs, as wall-clock minutes in DESK_TIME_ZONE.
 *
 * The setting is a comma-separated list of days followed by hours:
 * - "Mon-Fri 09:00-17:00": a range of days (a range may wrap: "Fri-Mon");
 * - "Mon-Thu 08:30-18:00, Fri 08:30-16:00": different hours on some days;
 * - "Mon, Wed, Fri 09:00-17:00": days without hours take the next hours given;
 * - "Mon-Fri 09:00-12:00, Mon-Fri 13:00-17:00": a break (hours that overlap or
 *   touch on one day are joined).
 * Day names are English, of three letters or in full, in any case; hours are
 * H:MM or HH:MM from 00:00 to 24:00, the end after the start.
 */

/** Minutes after the zone's midnight: [start, end). */
export interface OpenSpan {
  start: number;
  end: number;
}

/** Open spans by weekday, Sunday first (Date#getDay's numbering), sorted and disjoint. */
export type WeeklyHours = readonly (readonly OpenSpan[])[];

export type BusinessHoursResult = { hours: WeeklyHours } | { error: string };

const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const FULL_DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

export const BUSINESS_HOURS_EXAMPLE = '"Mon-Fri 09:00-17:00" or "Mon-Thu 08:30-18:00, Fri 08:30-16:00"';

function dayNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  const short = DAYS.indexOf(lower);
  if (short >= 0) return short;
  const full = FULL_DAYS.indexOf(lower);
  return full >= 0 ? full : undefined;
}

/** "Mon" or "Mon-Fri" → the weekdays it names, or the word that is no day. */
function daysOf(text: string): number[] | string {
  const [first, last, ...rest] = text.split("-").map((part) => part.trim());
  if (rest.length > 0) return text;
  const from = dayNumber(first);
  if (from === undefined) return first;
  if (last === undefined) return [from];
  const to = dayNumber(last);
  if (to === undefined) return last;
  const days: number[] = [];
  for (let day = from; ; day = (day + 1) % 7) {
    days.push(day);
    if (day === to) return days;
  }
}

/** "9:00" or "09:00" → minutes after midnight (24:00 allowed), or undefined. */
function minutesOf(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  return hours * 60 + minutes;
}

/** Sorted, overlapping or touching spans joined. */
function joined(spans: OpenSpan[]): OpenSpan[] {
  const out: OpenSpan[] = [];
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else out.push({ ...span });
  }
  return out;
}

/** Parses the setting; the error says what is wrong in words a config message can carry. */
export function parseBusinessHours(text: string): BusinessHoursResult {
  const spans: OpenSpan[][] = DAYS.map(() => []);
  let waiting: number[] = [];
  const parts = text.split(/[,;]/).map((part) => part.trim());
  for (const part of parts) {
    if (part === "") return { error: `has an empty entry; use ${BUSINESS_HOURS_EXAMPLE}` };
    const match = /^(\S+?)(?:\s+(\S+)\s*-\s*(\S+))?$/.exec(part.replace(/\s*-\s*(?=[A-Za-z])/g, "-"));
    if (!match) return { error: `cannot read "${part}"; use ${BUSINESS_HOURS_EXAMPLE}` };
    const days = daysOf(match[1]);
    if (typeof days === "string") return { error: `"${days}" is not a day (Mon, Tue, … Sun)` };
    waiting.push(...days);
    if (match[2] === undefined) continue;
    const start = minutesOf(match[2]);
    const end = minutesOf(match[3]);
    if (start === undefined || end === undefined)
      return { error: `"${part}" has hours that are not HH:MM-HH:MM between 00:00 and 24:00` };
    if (end <= start) return { error: `"${part}" ends before it starts (hours cannot run past midnight)` };
    for (const day of waiting) spans[day].push({ start, end });
    waiting = [];
  }
  if (waiting.length > 0) return { error: `"${parts.at(-1)}" has no hours; use ${BUSINESS_HOURS_EXAMPLE}` };
  return { hours: spans.map(joined) };
}
