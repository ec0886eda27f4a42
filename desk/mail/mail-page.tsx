import { RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLoaderData } from "react-router";
import { Button } from "#ui/button";
import { listMail, redeliverMail } from "./api";
import { MAIL_STATUSES, type MailItem, type MailList, type MailStatus } from "#domain/desk/contract";
import { MailStatusBadge, mailKindLabel, mailStatusLabel } from "../common/components/mail-badges";
import { MailServerMissing } from "../common/components/config-notices";
import { ResponsiveList, type ListColumn } from "../common/components/data-list";
import { LoadMore } from "../common/components/load-more";
import { PILL_COLOURS, ViewTabs } from "../common/components/view-tabs";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { formatDateTime, formatDuration, plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { usePaged } from "../common/lib/use-paged";

export const MAIL_PAGE_SIZE = 50;

/** The state filter from the URL (?status=dead); anything else shows every e-mail. */
function statusFromParams(params: URLSearchParams): MailStatus | undefined {
  const value = params.get("status");
  return MAIL_STATUSES.find((status) => status === value);
}

export const mailLoader = guarded(async ({ request }) => {
  const status = statusFromParams(new URL(request.url).searchParams);
  return { status, page: await listMail({ status, limit: MAIL_PAGE_SIZE }, request.signal) };
});

/**
 * A dead e-mail, or one still waiting, can be sent again now (not one sent,
 * being sent or cancelled); a waiting one only when there is a mail server to
 * send it (without one it would wait all the same).
 */
const canRedeliver = (item: MailItem, configured: boolean) =>
  item.status === "dead" || (item.status === "pending" && configured);

/**
 * When a waiting e-mail goes out: never before a mail server is set; "due
 * now" once its retry time has passed (never a past time as if a retry were
 * still to come).
 */
function nextTry(item: MailItem, configured: boolean): string | null {
  if (item.status !== "pending" || !item.nextAttemptAt) return null;
  if (!configured) return "Waits for a mail server";
  if (new Date(item.nextAttemptAt).getTime() <= Date.now()) return "Due now";
  return `Next try ${formatDateTime(item.nextAttemptAt)}`;
}

/** "Receipt to applicant@example.com": how the page names one e-mail. */
const mailName = (item: MailItem) => `${mailKindLabel(item.kind)} to ${item.to}`;

/** Its state, and when it was sent or is tried next. */
function StateCell({ item, configured }: { item: MailItem; configured: boolean }) {
  const when =
    item.status === "sent" ? item.sentAt && `Sent ${formatDateTime(item.sentAt)}` : nextTry(item, configured);
  return (
    <span className="flex flex-col items-start gap-1">
      <MailStatusBadge status={item.status} />
      {when && <span className="text-xs text-muted-foreground">{when}</span>}
    </span>
  );
}

function ApplicationLink({ item }: { item: MailItem }) {
  if (!item.applicationId) return null;
  return (
    <Link
      to={`/applications/${item.applicationId}`}
      aria-label={`Application of the ${mailName(item).toLowerCase()}`}
      className="text-primary hover:underline"
    >
      Application
    </Link>
  );
}

/** The filter by state: a link per state with its count; the current one marked. */
function StateFilter({ status, counts }: { status?: MailStatus; counts: MailList["counts"] }) {
  const total = MAIL_STATUSES.reduce((sum, key) => sum + (counts[key] ?? 0), 0);
  const options: { value?: MailStatus; label: string; count: number }[] = [
    { label: "All", count: total },
    ...MAIL_STATUSES.map((value) => ({ value, label: mailStatusLabel(value), count: counts[value] ?? 0 })),
  ];
  return (
    <ViewTabs
      label="E-mails by state"
      tabs={options.map((option) => ({
        key: option.label,
        to: option.value ? `?status=${option.value}` : ".",
        current: option.value === status,
        label: (
          <>
            {option.label} <span className="tabular-nums">{option.count.toLocaleString("en-US")}</span>
          </>
        ),
      }))}
      listClassName="flex flex-wrap gap-2"
      linkClassName="inline-flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors"
      {...PILL_COLOURS}
    />
  );
}

/** Its kind above its recipient. */
function MailName({ item }: { item: MailItem }) {
  return (
    <>
      <span className="block font-semibold break-normal">{mailKindLabel(item.kind)}</span> {item.to}
    </>
  );
}

/** What "Load more" focuses: each e-mail's name (in its row or card). */
const MAIL_FOCUS = "[data-mail-name]";

/**
 * The e-mails the site sends (receipts, staff alerts, CRM delivery alerts,
 * newsletter confirmations), newest first, by state; a failed or waiting one
 * can be sent again.
 */
export function MailPage() {
  const { status, page } = useLoaderData<typeof mailLoader>();
  const redeliver = useAction();
  // News and resent e-mails belong to the list they were about (a new filter starts over).
  const [news, setNews] = useState<{ page: MailList; text: string } | null>(null);
  const [resent, setResent] = useState<{ page: MailList; items: Record<string, MailItem> }>({
    page,
    items: {},
  });
  const list = usePaged(page, (cursor) => listMail({ status, cursor, limit: MAIL_PAGE_SIZE }));
  useDocumentTitle("Mail");

  const changed = resent.page === page ? resent.items : {};
  const items = list.items.map((item) => changed[item.id] ?? item);
  // The counts as the server gave them, moved by what was resent since.
  const counts = { ...page.counts };
  for (const item of list.items) {
    const now = changed[item.id];
    if (!now || now.status === item.status) continue;
    counts[item.status] -= 1;
    counts[now.status] += 1;
  }

  async function send(item: MailItem) {
    if (redeliver.pending) return;
    setNews(null);
    const done = await redeliver.run(() => redeliverMail(item.id));
    if (!done) return;
    setResent((previous) => ({
      page,
      items: { ...(previous.page === page ? previous.items : {}), [item.id]: done.item },
    }));
    setNews({ page, text: `${mailName(item)} is queued to be sent again now.` });
  }

  const label = status ? mailStatusLabel(status).toLowerCase() : undefined;
  const caption = `E-mails${label ? `, ${label}` : ""}, newest first`;

  const configured = page.mailConfigured;
  const redeliverButton = (item: MailItem) =>
    canRedeliver(item, configured) && (
      <Button
        type="button"
        variant={item.status === "dead" ? "default" : "outline"}
        size="sm"
        aria-label={`Redeliver ${mailName(item).toLowerCase()}`}
        onClick={() => send(item)}
      >
        <RotateCcwIcon aria-hidden="true" />
        Redeliver
      </Button>
    );

  const columns: ListColumn<MailItem>[] = [
    {
      header: "E-mail",
      rowHeader: true,
      className: "font-normal break-all",
      cellProps: { tabIndex: -1, "data-mail-name": true },
      cell: (item) => <MailName item={item} />,
    },
    { header: "Subject", className: "max-w-xs break-words", cell: (item) => item.subject },
    {
      header: "Created",
      className: "whitespace-nowrap text-muted-foreground",
      cell: (item) => <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>,
    },
    { header: "State", cell: (item) => <StateCell item={item} configured={configured} /> },
    { header: "Attempts", numeric: true, cell: (item) => item.attempts },
    { header: "Last error", className: "max-w-xs break-words", cell: (item) => item.lastError },
    {
      header: <span className="sr-only">Application and actions</span>,
      className: "text-right",
      cell: (item) => (
        <span className="flex flex-col items-end gap-2">
          <ApplicationLink item={item} />
          {redeliverButton(item)}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Mail"
        description={`Receipts, staff alerts, CRM delivery alerts and newsletter confirmations, newest first. An e-mail that cannot be sent is tried again for ${formatDuration(page.retryWindowMs)} before it is marked failed.`}
      />
      {!configured && <MailServerMissing />}
      <StateFilter status={status} counts={counts} />
      <StatusMessage>{news?.page === page ? news.text : null}</StatusMessage>
      <ErrorAlert>{redeliver.error?.message}</ErrorAlert>

      {items.length ? (
        <ResponsiveList
          items={items}
          caption={caption}
          columns={columns}
          rowKey={(item) => item.id}
          hoverRows
          card={(item) => (
            <div className="flex flex-col gap-2 text-sm">
              <div className="flex items-start justify-between gap-3">
                <p tabIndex={-1} data-mail-name className="min-w-0 break-all">
                  <MailName item={item} />
                </p>
                <MailStatusBadge status={item.status} className="shrink-0" />
              </div>
              <p className="break-words">{item.subject}</p>
              <p className="text-xs text-muted-foreground">
                Created <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time> ·{" "}
                {plural(item.attempts, "attempt")}
                {item.status === "sent" && item.sentAt && ` · Sent ${formatDateTime(item.sentAt)}`}
                {nextTry(item, configured) && ` · ${nextTry(item, configured)}`}
              </p>
              {item.lastError && (
                <p className="break-words">
                  <span className="font-medium">Last error: </span>
                  {item.lastError}
                </p>
              )}
              {(item.applicationId || canRedeliver(item, configured)) && (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <ApplicationLink item={item} />
                  {redeliverButton(item)}
                </div>
              )}
            </div>
          )}
        />
      ) : (
        <EmptyState>{label ? `No ${label} e-mails.` : "No e-mail has been stored yet."}</EmptyState>
      )}

      <div className="flex flex-col items-center gap-3">
        <ErrorAlert>{list.error?.message}</ErrorAlert>
        <LoadMore
          list={list}
          focus={MAIL_FOCUS}
          onLoaded={(count) => setNews({ page, text: `Loaded ${plural(count, "more e-mail")}` })}
        />
      </div>
    </>
  );
}
