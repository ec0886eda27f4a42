import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { useLoaderData, useSearchParams } from "react-router";
import { buttonVariants } from "#ui/button";
import { exportUrl, PAGE_SIZE } from "../common/api/requests";
import { listApplications } from "../common/api/requests";
import { APPLICATION_FOCUS, ApplicationList } from "../common/components/application-list";
import { InboxFilterForm } from "./inbox-filters";
import { LiveUpdates } from "./live-updates";
import { useMe } from "../common/components/layout";
import { LoadMore } from "../common/components/load-more";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { activeFilters, filtersFromParams, hasFilters } from "../common/lib/filters";
import { plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { usePaged } from "../common/lib/use-paged";

export const inboxLoader = guarded(async ({ request }) => {
  const filters = filtersFromParams(new URL(request.url).searchParams);
  const page = await listApplications({ ...activeFilters(filters), limit: PAGE_SIZE }, request.signal);
  return { filters, page };
});

/** Every application, newest first, filtered by what the URL says. */
export function InboxPage() {
  const { filters, page } = useLoaderData<typeof inboxLoader>();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  // The "loaded more" news belongs to the list it was about.
  const [loaded, setLoaded] = useState<{ page: typeof page; text: string } | null>(null);
  const query = activeFilters(filters);
  const list = usePaged(page, (cursor) => listApplications({ ...query, cursor, limit: PAGE_SIZE }));
  useDocumentTitle("Inbox");

  const filtered = hasFilters(filters);
  const summary = `${plural(page.total, "application")}${
    filtered ? (page.total === 1 ? " matches these filters" : " match these filters") : ""
  }`;

  return (
    <>
      <PageHeader
        title="Inbox"
        description={summary}
        actions={
          me.role === "admin" && (
            <a
              href={exportUrl("applications", query)}
              download
              className={buttonVariants({ variant: "outline", size: "sm" })}
            >
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          )
        }
      />
      <InboxFilterForm key={params.toString()} filters={filters} onApply={(next) => setParams(next)} />

      <LiveUpdates paged={list.items.length > page.items.length} />
      {list.items.length ? (
        <ApplicationList items={list.items} caption={`Applications: ${summary}, newest first`} />
      ) : (
        <EmptyState>
          {filtered ? "No application matches these filters." : "No applications have arrived yet."}
        </EmptyState>
      )}

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
