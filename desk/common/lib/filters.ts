/**
 * The inbox's filters live in the page's URL, so a view can be shared or
 * bookmarked: these turn search params into filters and back. Unknown or
 * malformed values are dropped rather than sent to the server.
 */
import { fundingTypeOptions } from "#domain/application/schema";
import type { InboxState } from "#domain/desk/contract";

export const STATE_OPTIONS: readonly { value: InboxState; label: string }[] = [
  { value: "received", label: "Received (not quarantined)" },
  { value: "pending", label: "Delivery pending" },
  { value: "sending", label: "Delivery sending" },
  { value: "delivered", label: "Delivered" },
  { value: "dead", label: "Delivery failed" },
  { value: "quarantined", label: "Quarantined" },
];

export interface InboxFilters {
  q: string;
  state: string;
  fundingType: string;
  from: string;
  to: string;
  source: string;
  campaign: string;
}

export const FILTER_KEYS = ["q", "state", "fundingType", "from", "to", "source", "campaign"] as const;

export const EMPTY_FILTERS: InboxFilters = {
  q: "",
  state: "",
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

/** What one filter may hold; anything else reads as "not set". */
function clean(key: keyof InboxFilters, raw: string): string {
  const value = raw.trim();
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

/** The filters as a plain object of the set values (for the API and the CSV export). */
export function activeFilters(filters: InboxFilters): Record<string, string> {
  return Object.fromEntries(filtersToParams(filters));
}

export const hasFilters = (filters: InboxFilters) => filtersToParams(filters).size > 0;

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
