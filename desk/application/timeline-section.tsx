/**
 * The lead's timeline, newest first, with a filter above it: All, People's
 * work, CRM and bookings, E-mail and delivery (domain/desk/timeline.ts says
 * which entry is which). The filter is a row of toggle buttons (one pressed)
 * and lives in the page's URL (?timeline=work), so a reload or a link keeps it.
 */
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { TimelineEntry } from "#domain/desk/contract";
import {
  filterTimeline,
  readTimelineFilter,
  TIMELINE_FILTER_LABELS,
  TIMELINE_FILTERS,
  type TimelineFilter,
} from "#domain/desk/timeline";
import { cn } from "#ui/cn";
import { Timeline } from "../common/components/detail-sections";
import { Section } from "../common/components/page";

export const TIMELINE_PARAM = "timeline";

/** The URL without the timeline's filter: choosing a filter is not a reason to load the lead again. */
const withoutFilter = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete(TIMELINE_PARAM);
  return `${url.pathname}?${params}`;
};

/** The lead's route's shouldRevalidate: not when only the filter changed; as usual otherwise. */
export const sameLeadUnlessMoved = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}) =>
  !formMethod && currentUrl.href !== nextUrl.href && withoutFilter(currentUrl) === withoutFilter(nextUrl)
    ? false
    : defaultShouldRevalidate;

function FilterButtons({
  value,
  onChange,
}: {
  value: TimelineFilter;
  onChange: (next: TimelineFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Show on the timeline"
      // Two by two on a phone, one row from sm up.
      className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-muted p-1 sm:flex sm:flex-wrap"
    >
      {TIMELINE_FILTERS.map((filter) => {
        const pressed = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter)}
            className={cn(
              "min-h-9 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              pressed
                ? "bg-card text-foreground shadow-card ring-1 ring-border"
                : "text-muted-foreground hover:bg-card/60 hover:text-foreground",
            )}
          >
            {TIMELINE_FILTER_LABELS[filter]}
          </button>
        );
      })}
    </div>
  );
}

/** The timeline section: `children` (the log form) first, then the filter and the entries. */
export function TimelineSection({ entries, children }: { entries: TimelineEntry[]; children?: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const filter = readTimelineFilter(params.get(TIMELINE_PARAM));
  const shown = filterTimeline(entries, filter);

  function choose(next: TimelineFilter) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "all") updated.delete(TIMELINE_PARAM);
        else updated.set(TIMELINE_PARAM, next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <Section
      title="Timeline"
      description="Newest first: notes, calls and e-mails logged, status and owner changes, the CRM's reports, bookings, deliveries and e-mails sent."
    >
      {children}
      <div className="flex flex-col gap-4 border-t border-border pt-4">
        <FilterButtons value={filter} onChange={choose} />
        {filter !== "all" && shown.length === 0 && entries.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing under “{TIMELINE_FILTER_LABELS[filter]}” yet.
          </p>
        ) : (
          <Timeline entries={shown} />
        )}
      </div>
    </Section>
  );
}
