/**
 * The lead's timeline, read by people: newest first (the server orders it),
 * and shown whole or one group at a time. Which group each kind of entry
 * belongs to is written here once, for the desk's filter and its tests.
 */
import type { TimelineEntry } from "./contract";

/** The timeline's filters, in the order the desk offers them; "all" filters nothing. */
export const TIMELINE_FILTERS = ["all", "work", "crm", "mail"] as const;
export type TimelineFilter = (typeof TIMELINE_FILTERS)[number];
export type TimelineGroup = Exclude<TimelineFilter, "all">;

export const TIMELINE_FILTER_LABELS: Record<TimelineFilter, string> = {
  all: "All",
  work: "People's work",
  crm: "CRM and bookings",
  mail: "E-mail and delivery",
};

/**
 * The group of one entry:
 * - people's work: notes, logged calls and e-mails, status changes, owner
 *   changes made by a staff member, and the desk's actions (redeliver,
 *   release, quarantine: each with who and why);
 * - the CRM and bookings: the CRM's stage reports and calls booked;
 * - e-mail and delivery: e-mails queued and each attempt to send them, and
 *   each attempt to deliver the application to the CRM.
 * An owner given by the round-robin (nobody's hand) is in none: "All" shows it.
 */
export function timelineGroup(entry: TimelineEntry): TimelineGroup | null {
  switch (entry.kind) {
    case "action":
      return "work";
    case "attempt":
    case "mail":
    case "mail-attempt":
      return "mail";
    case "activity":
      if (entry.activity === "stage" || entry.activity === "booking") return "crm";
      if (entry.activity === "assignment" && entry.by === null) return null;
      return "work";
  }
}

/** The entries a filter shows, in their order. */
export const filterTimeline = (entries: TimelineEntry[], filter: TimelineFilter): TimelineEntry[] =>
  filter === "all" ? entries : entries.filter((entry) => timelineGroup(entry) === filter);

/** A URL's `timeline` parameter as a filter: anything else (or nothing) is "all". */
export const readTimelineFilter = (value: string | null): TimelineFilter =>
  (TIMELINE_FILTERS as readonly string[]).includes(value ?? "") ? (value as TimelineFilter) : "all";
