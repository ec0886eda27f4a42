/**
 * The inbox's view, chosen at the top of the page: whose applications (Mine,
 * Unassigned, Everyone; Mine and Unassigned with what is new to the member
 * there since they last looked, live), the review clock's views (every application, the
 * untouched ones to do, those due soon, those overdue; with their counts when
 * the server gave them) and the order (newest first, or the least time left
 * first). Every choice is a link, so the view is in the URL.
 */
import type { DueCounts, NewCount } from "#domain/desk/contract";
import { OWNER_VIEWS, type DueView, type InboxSort, type OwnerView } from "#domain/desk/work";
import { cn } from "#ui/cn";
import { PILL_COLOURS, ViewTabs } from "../common/components/view-tabs";
import { viewParams, type InboxFilters } from "../common/lib/filters";
import { useNewCountViews } from "../common/lib/live";

export const OWNER_LABELS: Record<OwnerView, string> = {
  mine: "Mine",
  unassigned: "Unassigned",
  everyone: "Everyone",
};

/** The due views' names; "To do" is every untouched one. */
export const DUE_LABELS: Record<DueView, string> = {
  open: "To do",
  due_soon: "Due soon",
  overdue: "Overdue",
};

export const SORT_LABELS: Record<InboxSort, string> = {
  newest: "Newest first",
  time_left: "Least time left",
};

const COUNT_KEY: Record<DueView, keyof DueCounts> = { open: "open", due_soon: "dueSoon", overdue: "overdue" };

const search = (params: URLSearchParams) => ({ search: params.size ? `?${params}` : "" });

/**
 * A view's count of what is new to the member (since they last looked at
 * it): a solid badge, white on the desk's teal (5.5:1 on any tab), nothing
 * at zero; "Mine 3 new" to a screen reader.
 */
function ViewNewBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <>
      {" "}
      <span className="min-w-6 rounded-full bg-primary px-1.5 text-center text-xs font-semibold text-primary-foreground tabular-nums">
        {count > 99 ? "99+" : count} <span className="sr-only">new</span>
      </span>
    </>
  );
}

/**
 * Mine, Unassigned, Everyone: a segmented control, the whole width on a
 * phone; Mine and Unassigned each with how many are new to the member there.
 */
function OwnerTabs({
  filters,
  owner,
  newCounts,
}: {
  filters: InboxFilters;
  owner: OwnerView;
  newCounts: NewCount["views"] | null;
}) {
  return (
    <ViewTabs
      label="Whose applications"
      tabs={OWNER_VIEWS.map((view) => ({
        key: view,
        to: search(viewParams(filters, { owner: view })),
        current: view === owner,
        label: (
          <>
            {OWNER_LABELS[view]}
            {view !== "everyone" && <ViewNewBadge count={newCounts?.[view]} />}
          </>
        ),
      }))}
      // A phone shares its width by each label's length (Unassigned with its count fits); wider, three equal segments.
      listClassName="flex rounded-xl border border-border bg-muted p-1 sm:inline-grid sm:grid-cols-3"
      itemClassName="flex-auto"
      linkClassName="flex min-h-10 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors sm:px-4"
      currentClassName="bg-card text-foreground shadow-card ring-1 ring-border"
      otherClassName="text-muted-foreground hover:bg-card/60 hover:text-foreground"
    />
  );
}

/** Every application, or a due view of the review clock (least time left first), with counts. */
function DueViews({ filters, counts }: { filters: InboxFilters; counts: DueCounts | null }) {
  const options: { due: DueView | ""; label: string; count?: number }[] = [
    { due: "", label: "All" },
    ...(["open", "due_soon", "overdue"] as const).map((due) => ({
      due,
      label: DUE_LABELS[due],
      count: counts?.[COUNT_KEY[due]],
    })),
  ];
  return (
    <ViewTabs
      label="Review clock"
      className="w-full sm:w-auto"
      tabs={options.map((option) => {
        const current = option.due === filters.due;
        // A due view reads best least time left first; "All" keeps the order chosen.
        const changes = option.due ? { due: option.due, sort: "time_left" } : { due: "" };
        const alarming = !current && option.count && (option.due === "overdue" || option.due === "due_soon");
        return {
          key: option.label,
          to: search(viewParams(filters, changes)),
          current,
          label: (
            <>
              {option.label}
              {option.count !== undefined && " "}
              {option.count !== undefined && (
                <span
                  className={cn(
                    "min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums",
                    current && "bg-primary-foreground text-primary",
                    !current && !alarming && "bg-muted text-muted-foreground",
                    alarming && option.due === "overdue" && "bg-destructive text-white",
                    alarming && option.due === "due_soon" && "bg-held text-white",
                  )}
                >
                  {option.count.toLocaleString("en-US")}
                </span>
              )}
            </>
          ),
        };
      })}
      // Two by two on a phone (four in a row do not fit, and one left alone on a second row looked lost).
      listClassName="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
      linkClassName="flex min-h-9 items-center justify-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors sm:inline-flex"
      {...PILL_COLOURS}
    />
  );
}

/** Newest first, or the least time left first. */
function SortChoice({ filters }: { filters: InboxFilters }) {
  const sort: InboxSort = filters.sort === "time_left" ? "time_left" : "newest";
  return (
    <ViewTabs
      label="Order"
      className="flex items-center gap-2 text-sm"
      tabs={(["newest", "time_left"] as const).map((option) => ({
        key: option,
        to: search(viewParams(filters, { sort: option === "newest" ? "" : option })),
        current: option === sort,
        label: SORT_LABELS[option],
      }))}
      listClassName="flex gap-1"
      linkClassName="inline-flex min-h-9 items-center rounded-md px-2.5 font-medium transition-colors"
      currentClassName="bg-accent text-accent-foreground"
      otherClassName="text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <span className="text-muted-foreground" aria-hidden="true">
        Order:
      </span>
    </ViewTabs>
  );
}

/** The three choices together: whose on top, then the clock's views and the order. */
export function InboxViews({
  filters,
  owner,
  counts,
}: {
  filters: InboxFilters;
  owner: OwnerView;
  counts: DueCounts | null;
}) {
  const newCounts = useNewCountViews();
  return (
    <div className="flex flex-col gap-3">
      <OwnerTabs filters={filters} owner={owner} newCounts={newCounts} />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <DueViews filters={filters} counts={counts} />
        <SortChoice filters={filters} />
      </div>
    </div>
  );
}
