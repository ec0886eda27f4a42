import { useId, useState, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button, buttonVariants } from "#ui/button";
import { Field, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import { cn } from "#ui/cn";
import { listAudit } from "./api";
import type { AuditItem, AuditFilters } from "#domain/desk/contract";
import { AdminOnly } from "../common/components/admin-only";
import { ResponsiveList, type ListColumn } from "../common/components/data-list";
import { DayRangeFields } from "../common/components/day-range-fields";
import { LoadMore } from "../common/components/load-more";
import { EmptyState, ErrorAlert } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { TextField } from "../common/components/text-field";
import { APPLICATION, AUDIT_GROUPS, AUDIT_WORDS, auditWords, wordsFor, type Part } from "./audit-words";
import { dateRangeError, formParams } from "../common/lib/filters";
import { formatDateTime } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { usePaged } from "../common/lib/use-paged";
import { describeUserAgent } from "../common/lib/user-agent";

const KEYS = ["action", "actor", "from", "to"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function auditFilters(params: URLSearchParams): AuditFilters {
  const value = (key: (typeof KEYS)[number]) => (params.get(key) ?? "").trim().slice(0, 200);
  const filters: AuditFilters = {};
  for (const key of KEYS) {
    const text = value(key);
    if (text && (key === "action" || key === "actor" || DAY.test(text))) filters[key] = text;
  }
  return filters;
}

export const auditLoader = guarded(async ({ request }) => {
  const filters = auditFilters(new URL(request.url).searchParams);
  return { filters, page: await listAudit(filters, request.signal) };
});

const selectClasses = cn(fieldControlClasses, "h-11 cursor-pointer pr-8");

/** What an entry is about, as a link while it exists, else its id. */
function Subject({ part, entry }: { part: Part; entry: AuditItem }) {
  if (typeof part === "string") return part;
  if (part === APPLICATION) {
    const application = entry.application;
    if (!application)
      return <span className="font-mono text-xs break-all">{entry.target ?? "(unknown)"}</span>;
    return (
      <Link to={`/applications/${application.id}`} className="font-medium text-primary hover:underline">
        {application.reference ?? application.companyName}
        {application.reference && <span className="font-normal"> ({application.companyName})</span>}
      </Link>
    );
  }
  const staff = entry.staff;
  const id = typeof entry.details?.userId === "string" ? entry.details.userId : entry.target;
  if (!staff) return <span className="font-mono text-xs break-all">{id ?? "(unknown)"}</span>;
  return (
    <Link to="/staff" className="font-medium text-primary hover:underline" title={staff.email}>
      {staff.name || staff.email}
    </Link>
  );
}

/** The entry's sentence after the actor's name; `capital` starts it with a capital letter. */
function Sentence({ entry, capital }: { entry: AuditItem; capital?: boolean }) {
  const parts = auditWords(entry);
  return (
    <>
      {parts.map((part, index) => (
        <Subject
          key={index}
          entry={entry}
          part={
            capital && index === 0 && typeof part === "string"
              ? part.charAt(0).toUpperCase() + part.slice(1)
              : part
          }
        />
      ))}
    </>
  );
}

const actorName = (entry: AuditItem) => entry.actorName || entry.actor || "The system";

function Actor({ entry }: { entry: AuditItem }) {
  return (
    <>
      <span className="block font-medium">{actorName(entry)}</span>
      {entry.actorName && entry.actor && (
        <span className="block text-xs break-all text-muted-foreground">{entry.actor}</span>
      )}
    </>
  );
}

/** Where it came from: the address and the browser, when known. */
const origin = (entry: AuditItem) =>
  [entry.ip, entry.userAgent && describeUserAgent(entry.userAgent)].filter(Boolean).join(" · ");

const COLUMNS: ListColumn<AuditItem>[] = [
  {
    header: "When",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  {
    header: "Who",
    rowHeader: true,
    className: "min-w-40 font-normal",
    cell: (entry) => <Actor entry={entry} />,
  },
  {
    header: "What",
    className: "min-w-72 break-words",
    cell: (entry) => (
      <>
        <Sentence entry={entry} capital />
        <span className="mt-0.5 block font-mono text-xs text-muted-foreground">{entry.action}</span>
      </>
    ),
  },
  { header: "From", className: "text-xs text-muted-foreground", cell: origin },
];

/** The action filter: every action in words, by group; an action from the URL the desk has no words for stays. */
function ActionSelect({ id, value }: { id: string; value: string }) {
  const unknown = value && !wordsFor(value);
  return (
    <Field className="col-span-2 lg:col-span-1">
      <FieldLabel htmlFor={id}>Action</FieldLabel>
      <select id={id} name="action" defaultValue={value} className={selectClasses}>
        <option value="">Any action</option>
        {unknown && <option value={value}>{value}</option>}
        {AUDIT_GROUPS.map((group) => (
          <optgroup key={group} label={group}>
            {Object.entries(AUDIT_WORDS)
              .filter(([, words]) => words.group === group)
              .map(([action, words]) => (
                <option key={action} value={action}>
                  {words.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}

/** Everything done in the desk, newest first, in words: by action, by who did it, by day. */
export function AuditPage() {
  const { filters, page } = useLoaderData<typeof auditLoader>();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const [rangeError, setRangeError] = useState<string>();
  const list = usePaged(page, (cursor) => listAudit({ ...filters, cursor }));
  useDocumentTitle("Audit log");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = formParams(event.currentTarget, KEYS);
    const problem = dateRangeError({ from: next.get("from") ?? "", to: next.get("to") ?? "" });
    setRangeError(problem);
    if (!problem) setParams(next);
  }

  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminOnly>
      <PageHeader
        title="Audit log"
        description="Who did what in the desk, newest first. A list paged through counts as one entry per filter and 5 minutes; a refused request as one per minute."
      />
      <form
        key={params.toString()}
        role="search"
        aria-label="Audit log"
        onSubmit={submit}
        noValidate
        className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_10rem_10rem_auto] lg:items-start"
      >
        <ActionSelect id={`${id}-action`} value={filters.action ?? ""} />
        <TextField
          id={`${id}-actor`}
          className="col-span-2 lg:col-span-1"
          label="Who"
          name="actor"
          type="search"
          defaultValue={filters.actor ?? ""}
          placeholder="Email"
          autoComplete="off"
        />
        <DayRangeFields id={id} from={filters.from ?? ""} to={filters.to ?? ""} error={rangeError} />
        <div className="col-span-2 flex gap-2 lg:col-span-1 lg:mt-[1.625rem]">
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
          cardClassName="flex flex-col gap-1.5 text-sm"
          card={(entry) => (
            <>
              <p className="break-words">
                <span className="font-semibold">{actorName(entry)}</span> <Sentence entry={entry} />
              </p>
              <p className="text-xs text-muted-foreground">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {origin(entry) && ` · ${origin(entry)}`}
              </p>
              <p className="font-mono text-xs break-all text-muted-foreground">
                {entry.action}
                {entry.actorName && entry.actor && ` · ${entry.actor}`}
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
