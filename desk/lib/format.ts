/**
 * How the desk writes times, amounts and option values. Times are shown in
 * the reader's own time zone; option values get the wizard's labels.
 */
import { formatUsd } from "~/lib/format";
import { optionsByField, type ChoiceField } from "~/features/application/schema";
import type { Role } from "../api/types";

let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;

/** "2024-05-01T14:03:00Z" -> "May 1, 2024, 4:03 PM" (local time); "" for nothing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(date);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateOnly ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
  return dateOnly.format(date);
}

/** "250000" -> "$250,000"; a value that is not a number is shown as it is. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const amount = Number(value);
  return Number.isFinite(amount) ? formatUsd(amount) : String(value);
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
