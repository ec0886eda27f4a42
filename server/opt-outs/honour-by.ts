/**
 * The day an opt-out must be honoured by: the day it was received in the
 * provider's zone (DESK_TIME_ZONE), plus ten business days, Monday to Friday.
 * Holidays are not skipped, so the day is never later than the rule's.
 */
import { HONOUR_WITHIN_BUSINESS_DAYS } from "#domain/desk/opt-outs";

const DAY = 86_400_000;

/** The day `count` business days (Monday to Friday) after `day` (YYYY-MM-DD). */
export function addBusinessDays(day: string, count: number): string {
  let time = Date.parse(`${day}T00:00:00Z`);
  for (let left = count; left > 0;) {
    time += DAY;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(time).toISOString().slice(0, 10);
}

/** The day (YYYY-MM-DD) `at` falls on in `timeZone` (Intl's zone data: daylight saving included). */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    at,
  );

/** YYYY-MM-DD: ten business days after the day `receivedAt` fell on in `timeZone`. */
export const honourBy = (receivedAt: string | Date, timeZone: string): string =>
  addBusinessDays(dayIn(new Date(receivedAt), timeZone), HONOUR_WITHIN_BUSINESS_DAYS);
