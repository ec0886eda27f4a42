import { useId, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { listAudit } from "../api/admin";
import type { AuditEntry } from "../api/types";
import { AdminOnly } from "../components/admin-only";
import { ResponsiveList, type ListColumn } from "../components/data-list";
import { LoadMore } from "../components/load-more";
import { EmptyState, ErrorAlert } from "../components/messages";
import { PageHeader, useDocumentTitle } from "../components/page";
import { TextField } from "../components/text-field";
import { formatDateTime } from "../lib/format";
import { formParams } from "../lib/filters";
import { guarded } from "../lib/session";
import { usePaged } from "../lib/use-paged";
import { describeUserAgent } from "../lib/user-agent";

const KEYS = ["action", "actor"] as const;

function auditFilters(params: URLSearchParams) {
  return Object.fromEntries(
    KEYS.map((key) => [key, (params.get(key) ?? "").trim().slice(0, 200)]).filter(([, value]) => value),
  ) as { action?: string; actor?: string };
}

export const auditLoader = guarded(async ({ request }) => {
  const filters = auditFilters(new URL(request.url).searchParams);
  return { filters, page: await listAudit(filters, request.signal) };
});

/** Details as short text: "reason: spam; rows: 12". */
function detailsText(details: unknown): string {
  if (details === null || details === undefined || details === "") return "";
  if (typeof details !== "object") return String(details);
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join("; ");
}

const COLUMNS: ListColumn<AuditEntry>[] = [
  {
    header: "When",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  {
    header: "Who",
    rowHeader: true,
    className: "font-medium break-all",
    cell: (entry) => entry.actor ?? "System",
  },
  { header: "Action", className: "font-mono text-xs break-all", cell: (entry) => entry.action },
  { header: "Target", className: "font-mono text-xs break-all", cell: (entry) => entry.target },
  { header: "Details", className: "max-w-sm break-words", cell: (entry) => detailsText(entry.details) },
  {
    header: "From",
    className: "text-xs text-muted-foreground",
    cell: (entry) => (
      <>
        {entry.ip}
        {entry.userAgent && <span className="block">{describeUserAgent(entry.userAgent)}</span>}
      </>
    ),
  },
];

/** Everything done in the desk, newest first, by action and by who did it. */
export function AuditPage() {
  const { filters, page } = useLoaderData<typeof auditLoader>();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const list = usePaged(page, (cursor) => listAudit({ ...filters, cursor }));
  useDocumentTitle("Audit log");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(formParams(event.currentTarget, KEYS));
  }

  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminOnly>
      <PageHeader title="Audit log" description="Sign-ins, views, actions and exports, newest first." />
      <form
        key={params.toString()}
        role="search"
        aria-label="Audit log"
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <TextField
          id={`${id}-action`}
          label="Action"
          name="action"
          defaultValue={filters.action ?? ""}
          placeholder="e.g. application.redeliver"
          autoComplete="off"
        />
        <TextField
          id={`${id}-actor`}
          label="Who"
          name="actor"
          defaultValue={filters.actor ?? ""}
          placeholder="Email"
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          {filtered && (
            <Link to="." className={buttonVariants({ variant: "ghost" })}>
              Clear
            </Link>
          )}
        </div>
      </form>

      {list.items.length ? (
        <ResponsiveList
          items={list.items}
          caption="Audit log entries, newest first"
          label="Audit log entries"
          columns={COLUMNS}
          rowKey={(entry) => entry.id}
          cardClassName="flex flex-col gap-1 text-sm"
          card={(entry) => (
            <>
              <p className="font-mono text-xs font-semibold">{entry.action}</p>
              <p className="break-all">
                {entry.actor ?? "System"}
                {entry.target && <span className="text-muted-foreground"> · {entry.target}</span>}
              </p>
              {entry.details !== null && entry.details !== undefined && (
                <p className="break-words">{detailsText(entry.details)}</p>
              )}
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.ip && ` · ${entry.ip}`}
                {entry.userAgent && ` · ${describeUserAgent(entry.userAgent)}`}
              </p>
            </>
          )}
        />
      ) : (
        <EmptyState>
          {filtered ? "No entry matches these filters." : "Nothing has been recorded yet."}
        </EmptyState>
      )}
      <ErrorAlert>{list.error?.message}</ErrorAlert>
      <LoadMore list={list} />
    </AdminOnly>
  );
}
