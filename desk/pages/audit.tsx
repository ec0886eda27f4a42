import { useId, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, FieldLabel } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { listAudit } from "../api/admin";
import { AdminOnly } from "../components/admin-only";
import { EmptyState, ErrorAlert } from "../components/messages";
import { PageHeader, useDocumentTitle } from "../components/page";
import { formatDateTime } from "../lib/format";
import { guarded } from "../lib/session";
import { useAction } from "../lib/use-action";
import { usePaged } from "../lib/use-paged";
import { describeUserAgent } from "../lib/user-agent";
import { TableScroll } from "../components/table-scroll";

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

const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-3 align-top";

/** Everything done in the desk, newest first, by action and by who did it. */
export function AuditPage() {
  const { filters, page } = useLoaderData<typeof auditLoader>();
  const [params, setParams] = useSearchParams();
  const more = useAction();
  const id = useId();
  const list = usePaged(page, (cursor) => more.run(() => listAudit({ ...filters, cursor })));
  useDocumentTitle("Audit log");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of KEYS) {
      const value = String(data.get(key) ?? "").trim();
      if (value) next.set(key, value);
    }
    setParams(next);
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
        <Field>
          <FieldLabel htmlFor={`${id}-action`}>Action</FieldLabel>
          <Input
            id={`${id}-action`}
            name="action"
            defaultValue={filters.action ?? ""}
            placeholder="e.g. application.redeliver"
            autoComplete="off"
          />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-actor`}>Who</FieldLabel>
          <Input
            id={`${id}-actor`}
            name="actor"
            defaultValue={filters.actor ?? ""}
            placeholder="Email"
            autoComplete="off"
          />
        </Field>
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
        <>
          <TableScroll
            label="Audit log entries"
            className="hidden rounded-xl border border-border bg-card md:block"
          >
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="border-b border-border bg-muted/60">
                <tr>
                  <th scope="col" className={th}>
                    When
                  </th>
                  <th scope="col" className={th}>
                    Who
                  </th>
                  <th scope="col" className={th}>
                    Action
                  </th>
                  <th scope="col" className={th}>
                    Target
                  </th>
                  <th scope="col" className={th}>
                    Details
                  </th>
                  <th scope="col" className={th}>
                    From
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((entry) => (
                  <tr key={entry.id} className="border-b border-border last:border-0">
                    <td className={`${td} whitespace-nowrap text-muted-foreground`}>
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <th scope="row" className={`${td} text-left font-medium break-all`}>
                      {entry.actor ?? "System"}
                    </th>
                    <td className={`${td} font-mono text-xs break-all`}>{entry.action}</td>
                    <td className={`${td} font-mono text-xs break-all`}>{entry.target}</td>
                    <td className={`${td} max-w-sm break-words`}>{detailsText(entry.details)}</td>
                    <td className={`${td} text-xs text-muted-foreground`}>
                      {entry.ip}
                      {entry.userAgent && <span className="block">{describeUserAgent(entry.userAgent)}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <ul aria-label="Audit log entries, newest first" className="flex flex-col gap-3 md:hidden">
            {list.items.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4 text-sm shadow-card"
              >
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
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState>
          {filtered ? "No entry matches these filters." : "Nothing has been recorded yet."}
        </EmptyState>
      )}
      <ErrorAlert>{more.error?.message}</ErrorAlert>
      {list.nextCursor && (
        <div className="flex justify-center">
          <Button type="button" variant="outline" disabled={more.pending} onClick={() => list.loadMore()}>
            {more.pending ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </AdminOnly>
  );
}
