import { SearchIcon, SlidersHorizontalIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { SEARCH_MAX } from "#domain/desk/inputs";
import { WORK_STATUS_LABELS, WORK_STATUSES } from "#domain/desk/work";
import { DOCUMENTS_STATE_LABELS, DOCUMENTS_STATES } from "#domain/documents/documents-state";
import { Button, buttonVariants } from "#ui/button";
import { Field, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import { cn } from "#ui/cn";
import {
  dateRangeError,
  EMPTY_FILTERS,
  filtersToParams,
  FORM_KEYS,
  hasFilters,
  STATE_OPTIONS,
  VIEW_KEYS,
  type InboxFilters,
} from "../common/lib/filters";
import { timeZoneLabel } from "../common/lib/format";
import { DayRangeFields } from "../common/components/day-range-fields";
import { FundingTypeSelect } from "../common/components/funding-type-select";
import { TextField } from "../common/components/text-field";

const selectClasses = cn(fieldControlClasses, "h-11 cursor-pointer pr-8");

/** How many filters besides the search box are set. */
const refinements = (filters: InboxFilters) =>
  FORM_KEYS.filter((key) => key !== "q" && filtersToParams({ [key]: filters[key] }).size).length;

/** The view chosen at the top of the page, without the form's filters. */
const viewOnly = (filters: InboxFilters) =>
  filtersToParams({ ...EMPTY_FILTERS, ...Object.fromEntries(VIEW_KEYS.map((key) => [key, filters[key]])) });

/**
 * The inbox's search and filters. Submitting puts them in the URL (the
 * caller's `onApply`), beside the view chosen at the top of the page (kept in
 * hidden fields); the list is loaded from the URL, and the form is re-created
 * from it when it changes (back button, shared link).
 */
export function InboxFilterForm({
  filters,
  onApply,
}: {
  filters: InboxFilters;
  onApply: (params: URLSearchParams) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(() => refinements(filters) > 0);
  const [rangeError, setRangeError] = useState<string>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = Object.fromEntries(
      [...form.entries()].map(([key, value]) => [key, String(value)]),
    ) as Partial<InboxFilters>;
    const problem = dateRangeError({ from: next.from ?? "", to: next.to ?? "" });
    setRangeError(problem);
    if (problem) return;
    onApply(filtersToParams(next));
  }

  const count = refinements(filters);

  return (
    <form
      role="search"
      aria-label="Applications"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          id={`${id}-q`}
          label="Search"
          className="flex-1"
          name="q"
          type="search"
          defaultValue={filters.q}
          maxLength={SEARCH_MAX}
          placeholder="Company, name, email, phone or reference (HL-…)"
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1 sm:flex-none">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
          <Button
            type="button"
            variant="outline"
            aria-expanded={open}
            aria-controls={`${id}-more`}
            onClick={() => setOpen((value) => !value)}
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            Filters{count ? ` (${count})` : ""}
          </Button>
        </div>
      </div>

      {VIEW_KEYS.map(
        (key) => filters[key] && <input key={key} type="hidden" name={key} value={filters[key]} />,
      )}
      <fieldset
        id={`${id}-more`}
        hidden={!open}
        className="grid gap-x-4 gap-y-2 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <legend className="sr-only">Filters</legend>
        <Field>
          <FieldLabel htmlFor={`${id}-state`}>State</FieldLabel>
          <select id={`${id}-state`} name="state" defaultValue={filters.state} className={selectClasses}>
            <option value="">Any state</option>
            {STATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-work`}>Work status</FieldLabel>
          <select id={`${id}-work`} name="work" defaultValue={filters.work} className={selectClasses}>
            <option value="">Any work status</option>
            {WORK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {WORK_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-documents`}>Documents</FieldLabel>
          <select
            id={`${id}-documents`}
            name="documents"
            defaultValue={filters.documents}
            className={selectClasses}
          >
            <option value="">Any documents</option>
            {DOCUMENTS_STATES.map((state) => (
              <option key={state} value={state}>
                {DOCUMENTS_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <FundingTypeSelect
            id={`${id}-type`}
            name="fundingType"
            defaultValue={filters.fundingType}
            className={selectClasses}
          />
        </Field>
        <div className="grid grid-cols-2 gap-x-3 gap-y-1">
          <DayRangeFields
            id={id}
            from={filters.from}
            to={filters.to}
            error={rangeError}
            describedBy={`${id}-zone`}
          />
          {/* The server reads the days in the zone every time is shown in. */}
          <p id={`${id}-zone`} className="col-span-2 text-xs text-muted-foreground">
            Days in {timeZoneLabel()}
          </p>
        </div>
        <TextField
          id={`${id}-source`}
          label="Source"
          name="source"
          defaultValue={filters.source}
          placeholder="utm_source, e.g. google"
          autoComplete="off"
        />
        <TextField
          id={`${id}-campaign`}
          label="Campaign"
          name="campaign"
          defaultValue={filters.campaign}
          placeholder="utm_campaign"
          autoComplete="off"
        />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit">Apply filters</Button>
          {hasFilters(filters) && (
            <Link
              to={{ search: viewOnly(filters).size ? `?${viewOnly(filters)}` : "" }}
              className={buttonVariants({ variant: "ghost" })}
            >
              Clear all
            </Link>
          )}
        </div>
      </fieldset>
    </form>
  );
}
