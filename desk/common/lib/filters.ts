/**
 * The inbox's view and filters live in the page's URL, so a view can be
 * shared or bookmarked: these turn search params into filters and back.
 * Unknown or malformed values are dropped rather than sent to the server.
 * The view (whose, the review clock's due view, the order) is chosen at the
 * top of the page; the filters in the search form.
 */
import { DOCUMENTS_STATES } from "#domain/documents/documents-state";
import { fundingTypeOptions } from "#domain/application/schema";
import type { InboxState, Role } from "#domain/desk/contract";
import { DUE_VIEWS, INBOX_SORTS, OWNER_VIEWS, WORK_STATUSES, type OwnerView } from "#domain/desk/work";

export const STATE_OPTIONS: readonly { value: InboxState; label: string }[] = [
  { value: "received", label: "Received (not quarantined)" },
  { value: "pending", label: "Delivery pending" },
  { value: "sending", label: "Delivery sending" },
  { value: "delivered", label: "Delivered" },
  { value: "dead", label: "Delivery failed" },
  { value: "quarantined", label: "Quarantined" },
];

export interface InboxFilters {
  /** Whose (OWNER_VIEWS); empty: the signed-in member's default (defaultOwner). */
  owner: string;
  /** The review clock's view (DUE_VIEWS). */
  due: string;
  /** The order (INBOX_SORTS); empty: newest first. */
  sort: string;
  q: string;
  state: string;
  /** One work status (WORK_STATUSES). */
  work: string;
  /** Where its documents stand (DOCUMENTS_STATES). */
  documents: string;
  fundingType: string;
  from: string;
  to: string;
  source: string;
  campaign: string;
}

/** The view, chosen at the top of the page. */
export const VIEW_KEYS = ["owner", "due", "sort"] as const;
/** The search form's filters. */
export const FORM_KEYS = [
  "q",
  "state",
  "work",
  "documents",
  "fundingType",
  "from",
  "to",
  "source",
  "campaign",
] as const;
export const FILTER_KEYS = [...VIEW_KEYS, ...FORM_KEYS] as const;

export const EMPTY_FILTERS: InboxFilters = {
  owner: "",
  due: "",
  sort: "",
  q: "",
  state: "",
  work: "",
  documents: "",
  fundingType: "",
  from: "",
  to: "",
  source: "",
  campaign: "",
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const states = new Set<string>(STATE_OPTIONS.map((option) => option.value));
const fundingTypes = new Set<string>(fundingTypeOptions.map((option) => option.value));
const CHOICES: Partial<Record<keyof InboxFilters, ReadonlySet<string>>> = {
  owner: new Set(OWNER_VIEWS),
  due: new Set(DUE_VIEWS),
  sort: new Set(INBOX_SORTS),
  work: new Set(WORK_STATUSES),
  documents: new Set(DOCUMENTS_STATES),
};

/** What one filter may hold; anything else reads as "not set". */
function clean(key: keyof InboxFilters, raw: string): string {
  const value = raw.trim();
  const choices = CHOICES[key];
  if (choices) return choices.has(value) ? value : "";
  if (key === "state") return states.has(value) ? value : "";
  if (key === "fundingType") return fundingTypes.has(value) ? value : "";
  if (key === "from" || key === "to") return isDate(value) ? value : "";
  return value.slice(0, 200);
}

export function filtersFromParams(params: URLSearchParams): InboxFilters {
  const filters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = clean(key, params.get(key) ?? "");
  return filters;
}

/** Only the filters that are set, in a fixed order (one URL per view). */
export function filtersToParams(filters: Partial<InboxFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = clean(key, filters[key] ?? "");
    if (value) params.set(key, value);
  }
  return params;
}

/**
 * Whose applications a member sees when the URL does not say: their own for
 * staff (the ones they work), everyone's for admins (who oversee).
 */
export const defaultOwner = (role: Role): OwnerView => (role === "admin" ? "everyone" : "mine");

/**
 * The view a member's inbox opens on when the URL names none (no owner, due
 * view or order): a rep's is what is due for them, their own untouched
 * applications with the least time left first (overdue, then due soon, then
 * the rest), where the review clock's reminders point too; an admin's is
 * everyone's, newest first (defaultOwner: the API's own default, so
 * nothing is set). A view the URL names wins, its owner defaulting by role.
 */
export function withDefaultView(filters: InboxFilters, role: Role): InboxFilters {
  if (role === "admin" || VIEW_KEYS.some((key) => filters[key])) return filters;
  return { ...filters, owner: "mine", due: "open", sort: "time_left" };
}

/**
 * The filters as a plain object of the set values, for the API and the CSV
 * export: the owner view as `owner` says, "everyone" (the API's default) left
 * out.
 */
export function activeFilters(filters: InboxFilters, owner: OwnerView): Record<string, string> {
  const params = filtersToParams({ ...filters, owner: owner === "everyone" ? "" : owner });
  return Object.fromEntries(params);
}

/** Whether the search form narrows the view (the view's own choices aside). */
export const hasFilters = (filters: InboxFilters) =>
  FORM_KEYS.some((key) => clean(key, filters[key] ?? "") !== "");

/** The URL of this view with `changes` made (a view's link at the top of the page). */
export function viewParams(filters: InboxFilters, changes: Partial<InboxFilters>): URLSearchParams {
  return filtersToParams({ ...filters, ...changes });
}

/** A message for the "to" date when the range is backwards, else undefined. */
export function dateRangeError(filters: Pick<InboxFilters, "from" | "to">): string | undefined {
  return filters.from && filters.to && filters.to < filters.from
    ? "The end date is before the start date"
    : undefined;
}

/** A filter form's fields `keys` as URL parameters: trimmed, the empty ones left out, in `keys`' order. */
export function formParams(form: HTMLFormElement, keys: readonly string[]): URLSearchParams {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = String(data.get(key) ?? "").trim();
    if (value) params.set(key, value);
  }
  return params;
}
