import { DownloadIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLoaderData, useLocation, useSearchParams } from "react-router";
import type { OwnerView } from "#domain/desk/work";
import { buttonVariants } from "#ui/button";
import { exportUrl, getMe, PAGE_SIZE } from "../common/api/requests";
import { listApplications } from "../common/api/requests";
import { APPLICATION_FOCUS, ApplicationList } from "../common/components/application-list";
import { BulkActions, useSelection } from "./bulk-actions";
import { InboxFilterForm } from "./inbox-filters";
import { LiveUpdates } from "./live-updates";
import { useMe } from "../common/components/layout";
import { LoadMore } from "../common/components/load-more";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import {
  activeFilters,
  filtersFromParams,
  hasFilters,
  defaultOwner,
  viewParams,
  withDefaultView,
  type InboxFilters,
} from "../common/lib/filters";
import { plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useNow } from "../common/lib/time-left";
import { rememberLeadList } from "../common/lib/lead-list";
import { useListKeys } from "./list-keys";
import { usePaged } from "../common/lib/use-paged";
import { getDueCounts } from "./api";
import { InboxViews, SORT_LABELS } from "./inbox-views";

export const inboxLoader = guarded(async ({ request }) => {
  // What changed before now is in what this fetches (the live news before it is old news).
  const fetchedAt = Date.now();
  // A URL without a view shows the member's default one, which their role decides.
  const me = await getMe(request.signal);
  const filters = withDefaultView(filtersFromParams(new URL(request.url).searchParams), me.role);
  const owner = (filters.owner || defaultOwner(me.role)) as OwnerView;
  const [page, counts] = await Promise.all([
    listApplications({ ...activeFilters(filters, owner), limit: PAGE_SIZE }, request.signal),
    // The counts help; without them the views show no numbers.
    getDueCounts(owner, request.signal).catch(() => null),
  ]);
  return { filters, owner, page, counts, fetchedAt };
});

/** The server's default "due soon" window, until it has said (REVIEW_DUE_SOON). */
const DUE_SOON_MS = 4 * 3_600_000;

const OWNER_WORDS: Record<OwnerView, string> = {
  mine: "Assigned to you",
  unassigned: "Waiting for an owner",
  everyone: "",
};
const DUE_WORDS: Record<string, string> = {
  open: " not yet touched",
  due_soon: " due soon",
  overdue: " overdue",
};

/** "Assigned to you · 2 applications overdue", "1 application matches these filters". */
function describe(filters: InboxFilters, owner: OwnerView, total: number): string {
  const matches = hasFilters(filters)
    ? total === 1
      ? " matches these filters"
      : " match these filters"
    : "";
  const count = `${plural(total, "application")}${DUE_WORDS[filters.due] ?? ""}${matches}`;
  return OWNER_WORDS[owner] ? `${OWNER_WORDS[owner]} · ${count}` : count;
}

/** What an empty list says, from the narrowest reason. */
function emptyWords(filters: InboxFilters, owner: OwnerView): string {
  if (hasFilters(filters)) return "No application matches these filters.";
  if (filters.due === "overdue") return "Nothing is overdue.";
  if (filters.due === "due_soon") return "Nothing is due soon.";
  // Unassigned's To do is empty when nothing waits for an owner, touched or not.
  if (filters.due === "open" && owner === "unassigned") return "Every application has an owner.";
  if (filters.due === "open") return "Every application has been touched.";
  if (owner === "mine") return "No application is assigned to you.";
  if (owner === "unassigned") return "Every application has an owner.";
  return "No applications have arrived yet.";
}

/**
 * The rep's worklist: whose applications, which of the review clock's views
 * and in which order (at the top), searched and filtered (the form), each
 * row with its work status, owner and time left; all from the URL.
 */
export function InboxPage() {
  const { filters, owner, page, counts, fetchedAt } = useLoaderData<typeof inboxLoader>();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const now = useNow();
  // The "loaded more" news belongs to the list it was about.
  const [loaded, setLoaded] = useState<{ page: typeof page; text: string } | null>(null);
  const query = activeFilters(filters, owner);
  const list = usePaged(page, (cursor) => listApplications({ ...query, cursor, limit: PAGE_SIZE }));
  useDocumentTitle("Inbox");
  // Admins act on several at once (assign, claim, close).
  const selection = useSelection(list.items);
  const location = useLocation();
  // The list a lead opened from here walks with j and k (desk/application/shortcuts.tsx).
  const shownIds = list.items.map((item) => item.id).join(",");
  useEffect(() => {
    rememberLeadList({
      url: `${location.pathname}${location.search}`,
      ids: shownIds ? shownIds.split(",") : [],
    });
  }, [location.pathname, location.search, shownIds]);
  const selecting = me.role === "admin";
  useListKeys();

  const summary = describe(filters, owner, page.total);
  const { sort: _sort, ...exported } = query;
  const order = SORT_LABELS[filters.sort === "time_left" ? "time_left" : "newest"].toLowerCase();

  return (
    <>
      <PageHeader
        title="Inbox"
        description={summary}
        actions={
          me.role === "admin" && (
            <a
              href={exportUrl("applications", exported)}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <InboxViews filters={filters} owner={owner} counts={counts} />
      <InboxFilterForm key={params.toString()} filters={filters} onApply={(next) => setParams(next)} />

      <LiveUpdates paged={list.items.length > page.items.length} fetchedAt={fetchedAt} />
      {/* The bar of actions sticks to the bottom of the screen while the list scrolls; it stays in
          place when an action empties the list, so what it did stays said. */}
      <div className="flex flex-col gap-3">
        {list.items.length ? (
          <ApplicationList
            items={list.items}
            caption={`Applications: ${summary}, ${order}`}
            work={{ now, dueSoonMs: counts?.dueSoonMs ?? DUE_SOON_MS, meId: me.id }}
            selection={selecting ? selection : undefined}
          />
        ) : (
          <EmptyState>
            {emptyWords(filters, owner)}
            {owner !== "everyone" && hasFilters(filters) && (
              <>
                {" "}
                <Link
                  to={{ search: `?${viewParams(filters, { owner: "everyone" })}` }}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Search everyone’s applications
                </Link>
              </>
            )}
          </EmptyState>
        )}
        {selecting && <BulkActions items={list.items} selection={selection} />}
      </div>

      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-muted-foreground">
          Showing {list.items.length.toLocaleString("en-US")} of {page.total.toLocaleString("en-US")}
        </p>
        <StatusMessage>{loaded?.page === page ? loaded.text : null}</StatusMessage>
        <ErrorAlert>{list.error?.message}</ErrorAlert>
        <LoadMore
          list={list}
          focus={APPLICATION_FOCUS}
          onLoaded={(count) => setLoaded({ page, text: `Loaded ${plural(count, "more application")}` })}
        />
      </div>
    </>
  );
}
