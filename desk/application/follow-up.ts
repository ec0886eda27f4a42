/**
 * The next step a rep picks when logging a contact: keep the follow-up the
 * lead has, none, one of a few usual times, or a time of their own; and what
 * each sends as ContactInput's followUpAt. Times are the provider's zone's
 * (the server reads a time without an offset there, as the desk shows them).
 */
import { formatShortDateTime, zonedInputValue } from "../common/lib/format";

export const FOLLOW_UP_CHOICES = ["keep", "none", "in_2_hours", "tomorrow", "in_3_days", "pick"] as const;
export type FollowUpChoice = (typeof FOLLOW_UP_CHOICES)[number];

const HOUR = 3_600_000;
/** The usual call-back hour, the desk's zone. */
const MORNING = "10:00";

/** "2026-12-08T10:00": `days` from now at the usual hour, the desk's zone. */
const morningIn = (days: number, now: number) =>
  `${zonedInputValue(new Date(now + days * 24 * HOUR)).slice(0, 10)}T${MORNING}`;

/** A follow-up still ahead (one passed is done once a contact is logged). */
export const upcoming = (followUpAt: string | null, now = Date.now()) =>
  followUpAt !== null && Date.parse(followUpAt) > now ? followUpAt : null;

/** The choices offered, in words, for a lead whose follow-up is `current`. */
export function followUpOptions(current: string | null, now = Date.now()): [FollowUpChoice, string][] {
  const ahead = upcoming(current, now);
  return [
    ...(ahead ? [["keep", `Keep: call back ${formatShortDateTime(ahead)}`] as [FollowUpChoice, string]] : []),
    ["none", current ? "No follow-up (clear it)" : "No follow-up"],
    ["in_2_hours", "Call back in 2 hours"],
    ["tomorrow", `Call back tomorrow, ${MORNING}`],
    ["in_3_days", `Call back in 3 days, ${MORNING}`],
    ["pick", "Call back at a time I choose…"],
  ];
}

/**
 * What a choice sends as followUpAt: a time, null (clear the one it has),
 * or undefined (leave it as it is). `picked`: the datetime-local field's value.
 */
export function followUpValue(
  choice: FollowUpChoice,
  current: string | null,
  picked: string,
  now = Date.now(),
): string | null | undefined {
  switch (choice) {
    case "keep":
      return undefined;
    case "none":
      return current ? null : undefined;
    case "in_2_hours":
      return new Date(now + 2 * HOUR).toISOString();
    case "tomorrow":
      return morningIn(1, now);
    case "in_3_days":
      return morningIn(3, now);
    case "pick":
      return picked;
  }
}
