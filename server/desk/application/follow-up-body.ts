/**
 * A follow-up's time ("call back at") as the desk's API takes it: ISO 8601
 * with "Z" or an offset, or a wall-clock time without one read in the
 * provider's zone (DESK_TIME_ZONE, what the desk's datetime-local field
 * sends); in the future, within a year. Null, or an empty string (a form's
 * field left empty), clears it.
 */
import { z } from "zod";
import { instantIn } from "../zoned-day";

/** The minute a datetime-local field gives is "now" for a minute: a time that old still counts as now. */
const GRACE_MS = 60_000;
const YEAR_MS = 366 * 24 * 3600_000;

export const FOLLOW_UP_FORMAT =
  "Give the date and time to call back, e.g. 2026-11-24T10:30 (the desk's time zone) or 2026-11-24T15:30:00Z";

/** The follow-up's time as ISO (UTC), or null to clear it. */
export const followUpTime = (timeZone: string) =>
  z.preprocess(
    (value) => (value === "" ? null : value),
    z.iso
      .datetime({ offset: true, local: true, error: FOLLOW_UP_FORMAT })
      .transform((value, ctx) => {
        const at = Date.parse(value.length <= 19 ? `${value}Z` : value);
        if (Number.isNaN(at)) {
          ctx.addIssue({ code: "custom", message: FOLLOW_UP_FORMAT });
          return z.NEVER;
        }
        return instantIn(value, timeZone);
      })
      .refine((value) => Date.parse(value) >= Date.now() - GRACE_MS, {
        error: "The follow-up is in the past: choose a time to call back from now on",
      })
      .refine((value) => Date.parse(value) <= Date.now() + YEAR_MS, {
        error: "Choose a follow-up within a year",
      })
      .nullable(),
  );
