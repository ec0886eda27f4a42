/**
 * How the desk writes times, amounts and option values. Every time is shown
 * in one zone, the provider's (DESK_TIME_ZONE, which GET /api/desk/me
 * gives: `adoptTimeZone`), with its abbreviation, the zone the inbox's day
 * filters use too; option values get the wizard's labels.
 */
import { formatUsdAsEntered } from "#domain/lib/format";
import { optionsByField, type ChoiceField } from "#domain/application/schema";
import type { Me, Role } from "#domain/desk/contract";

/** Until the server has said (GET /api/desk/me), UTC: never a zone the reader cannot tell. */
let zone = "UTC";
let formats:
  | { dateTime: Intl.DateTimeFormat; date: Intl.DateTimeFormat; when: Intl.DateTimeFormat; name: string }
  | undefined;

function zoneFormats() {
  formats ??= {
    dateTime: new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }),
    date: new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "medium" }),
    when: new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }),
    name:
      new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
        .formatToParts(0)
        .find((part) => part.type === "timeZoneName")?.value ?? zone,
  };
  return formats;
}

/** The zone the server named (the signed-in layout's loader); returns `me` as it is. */
export function adoptTimeZone<T extends Pick<Me, "timeZone">>(me: T): T {
  if (me.timeZone && me.timeZone !== zone) {
    zone = me.timeZone;
    formats = undefined;
  }
  return me;
}

/** The zone times are shown in: "Eastern Time (America/New_York)". */
export const timeZoneLabel = () => `${zoneFormats().name} (${zone})`;

const instant = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** "2024-05-01T14:03:00Z" -> "May 1, 10:03 AM" (the provider's zone), where space is short (a select's option). */
export function formatShortDateTime(iso: string | null | undefined): string {
  const date = instant(iso);
  if (!date) return iso ?? "";
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

/** "2024-05-01T14:03:00Z" -> "May 1, 2024, 10:03 AM EDT" (the provider's zone); "" for nothing. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = instant(iso);
  return date ? zoneFormats().dateTime.format(date) : (iso ?? "");
}

/**
 * The wall-clock time at `date` in the provider's zone, as a datetime-local
 * field shows it and the desk's API reads it back: "2026-12-08T10:00".
 */
export function zonedInputValue(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A moment to come, as a rep reads an appointment: "Tue, Dec 8, 10:30 AM EST" (the provider's zone). */
export function formatWhen(iso: string | null | undefined): string {
  const date = instant(iso);
  return date ? zoneFormats().when.format(date) : (iso ?? "");
}

/** "2024-05-01T02:03:00Z" -> "Apr 30, 2024" (the day in the provider's zone). */
export function formatDate(iso: string | null | undefined): string {
  const date = instant(iso);
  return date ? zoneFormats().date.format(date) : (iso ?? "");
}

/** A calendar day as the server gives it ("2026-12-07", already the provider's) -> "Mon, Dec 7, 2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

/** "250000" -> "$250,000", "350000.50" -> "$350,000.50"; a value that is not a number is shown as it is. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  return Number.isFinite(amount) ? formatUsdAsEntered(amount) : String(value);
}

/** The label the wizard shows for a stored option value ("revenue-based" -> "Revenue-Based Financing"). */
export function optionLabel(field: ChoiceField, value: unknown): string {
  if (typeof value !== "string" || !value) return "";
  const options: readonly { value: string; label: string }[] = optionsByField[field];
  return options.find((option) => option.value === value)?.label ?? value;
}

/** A role as the desk names it ("Admin", "Staff"). */
export const ROLE_LABEL: Record<Role, string> = { staff: "Staff", admin: "Admin" };

export const fullName = (person: { firstName?: string | null; lastName?: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(" ");

/** Today (YYYY-MM-DD) in the provider's zone. */
export const todayInZone = (now = new Date()) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);

/** Whole calendar days from `from` to `to` (both YYYY-MM-DD): negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** "1 application", "1,204 applications". */
export const plural = (count: number, word: string) =>
  `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** A span of time as staff read it: "about 32 hours", "about 3 days", "about 45 minutes". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 90) return `about ${plural(Math.max(minutes, 1), "minute")}`;
  const hours = Math.round(ms / 3_600_000);
  if (hours <= 48) return `about ${plural(hours, "hour")}`;
  return `about ${plural(Math.round(ms / 86_400_000), "day")}`;
}
