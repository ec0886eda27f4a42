/**
 * When an application with documents still missing is reminded by e-mail
 * (docs/document-reminders.md): one definition, read by the reminders'
 * pass and its tests.
 *
 * - The n-th reminder falls due REMINDER_AFTER_MS[n-1] after the application
 *   was received: a day, three days, a week. There are never more.
 * - One that could not go within REMINDER_CATCH_UP_MS of falling due (the
 *   night, an outage, an opt-out later withdrawn) is not sent late: the next
 *   one is waited for instead.
 * - Two reminders are at least REMINDER_GAP_MS apart.
 * - Only between 8:00 and 20:00 in the applicant's zone (applicant-time-zone.ts).
 */

const HOUR = 60 * 60 * 1000;

export const REMINDER_AFTER_MS: readonly number[] = [24 * HOUR, 72 * HOUR, 7 * 24 * HOUR];
export const REMINDER_CATCH_UP_MS = 48 * HOUR;
export const REMINDER_GAP_MS = 24 * HOUR;

/** The applicant's waking hours, [from, to) on their clock. */
export const WAKING_HOURS = { from: 8, to: 20 } as const;

/** No application older than this is looked at: its last reminder's chance has passed. */
export const REMINDERS_END_MS = REMINDER_AFTER_MS[REMINDER_AFTER_MS.length - 1] + REMINDER_CATCH_UP_MS;

export interface ReminderHistory {
  receivedAt: Date;
  /** The highest reminder number sent so far (0: none). */
  lastNumber: number;
  lastSentAt: Date | null;
}

/** The number of the reminder due at `now`, or null when none is. */
export function reminderDue(history: ReminderHistory, now: Date): number | null {
  const age = now.getTime() - history.receivedAt.getTime();
  // The latest reminder whose time has come.
  let number = 0;
  for (const [index, after] of REMINDER_AFTER_MS.entries()) if (age >= after) number = index + 1;
  if (number === 0 || number <= history.lastNumber) return null;
  if (age >= REMINDER_AFTER_MS[number - 1] + REMINDER_CATCH_UP_MS) return null;
  if (history.lastSentAt && now.getTime() - history.lastSentAt.getTime() < REMINDER_GAP_MS) return null;
  return number;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) on the clock of `timeZone` at `instant`. */
export function hourIn(instant: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(instant));
}

/** Whether `instant` is within the waking hours of `timeZone`. */
export function isWakingHour(instant: Date, timeZone: string): boolean {
  const hour = hourIn(instant, timeZone);
  return hour >= WAKING_HOURS.from && hour < WAKING_HOURS.to;
}
