/**
 * Privacy requests (docs/privacy-requests.md): the verified requests to
 * access, correct or delete someone's data or to stop texts or e-mail, with
 * the 30-day clock; a member takes one, then completes it or refuses it with
 * the reason.
 */
import { useState, type FormEvent } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { PrivacyRequestItem, PrivacyRequestView } from "#domain/desk/contract";
import { RESOLUTION_MAX } from "#domain/desk/inputs";
import { PRIVACY_REQUEST_KIND_LABELS } from "#domain/privacy/kinds";
import { Badge, type BadgeVariant } from "#ui/badge";
import { Button, buttonVariants } from "#ui/button";
import { cn } from "#ui/cn";
import { Label } from "#ui/label";
import { Textarea } from "#ui/textarea";
import { ActionDialog } from "../common/components/action-dialog";
import { ResponsiveList, type ListColumn } from "../common/components/data-list";
import { useMe } from "../common/components/layout";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { formatDateTime } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { shortDuration, useNow } from "../common/lib/time-left";
import { useAction } from "../common/lib/use-action";
import {
  claimPrivacyRequest,
  eraseForRequest,
  listPrivacyRequests,
  sendAccessPackage,
  setPrivacyRequestStatus,
} from "./api";

const viewOf = (url: string): PrivacyRequestView =>
  new URL(url).searchParams.get("view") === "closed" ? "closed" : "open";

export const privacyLoader = guarded(async ({ request }) => ({
  view: viewOf(request.url),
  ...(await listPrivacyRequests(viewOf(request.url), request.signal)),
}));

const STATUS: Record<PrivacyRequestItem["status"], { label: string; tone: BadgeVariant }> = {
  new: { label: "New", tone: "busy" },
  in_progress: { label: "In progress", tone: "plain" },
  completed: { label: "Completed", tone: "good" },
  refused: { label: "Refused", tone: "bad" },
};

/** At most this many openings are listed; the audit log has them all. */
const OPENINGS_SHOWN = 5;

/** Whether, when and from what the copy sent for an access request was opened. */
function Openings({ openings }: { openings: NonNullable<PrivacyRequestItem["packageOpenings"]> }) {
  if (openings.count === 0) return <span className="text-xs text-muted-foreground">Copy not opened yet</span>;
  const shown = openings.recent.slice(0, OPENINGS_SHOWN);
  const more = openings.count - shown.length;
  return (
    <span className="flex flex-col gap-0.5 text-xs">
      <span className="font-medium">
        Copy opened {openings.count === 1 ? "once" : `${openings.count} times`}
      </span>
      <ul className="flex flex-col gap-0.5 text-muted-foreground">
        {shown.map((opening, index) => (
          <li key={index}>
            {formatDateTime(opening.at)}, {opening.client}
            {opening.format === "json" ? " (JSON)" : ""}
          </li>
        ))}
      </ul>
      {more > 0 && <span className="text-muted-foreground">and {more} more in the audit log</span>}
    </span>
  );
}

/** A week before its deadline a request is due soon (its owner is reminded). */
const DUE_SOON_MS = 7 * 24 * 60 * 60_000;

function Clock({ item, now }: { item: PrivacyRequestItem; now: number }) {
  if (item.closedAt)
    return <span className="text-muted-foreground">Closed {formatDateTime(item.closedAt)}</span>;
  const left = Date.parse(item.dueAt) - now;
  return (
    <span className="flex flex-col">
      <span
        className={cn(
          "font-medium",
          left <= 0 ? "text-destructive" : left <= DUE_SOON_MS ? "text-held" : "text-foreground",
        )}
      >
        {left <= 0 ? `Overdue ${shortDuration(left)}` : `${shortDuration(left)} left`}
      </span>
      <span className="text-xs text-muted-foreground">Due {formatDateTime(item.dueAt)}</span>
    </span>
  );
}

/** An access request's answer: the requester is e-mailed a link to their copy of the data. */
function SendCopyDialog({ item, onDone }: { item: PrivacyRequestItem; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const action = useAction();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!(await action.run(() => sendAccessPackage(item.id)))) return;
    setOpen(false);
    onDone(`Sent ${item.email} the link to a copy of their data; the request is completed.`);
  }
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" aria-label={`Send ${item.email} a copy of their data`}>
          Send the copy
        </Button>
      }
      title="Send a copy of their data"
      description={`${item.email} gets an e-mail with a link, working for 7 days, to everything we hold about this address: applications, consent records, opt-outs, e-mails, newsletter, CRM deliveries. The request is then completed.`}
      confirmLabel="Send the copy"
      pending={action.pending}
      onSubmit={confirm}
    >
      <ErrorAlert>{action.error?.message}</ErrorAlert>
    </ActionDialog>
  );
}

/** A deletion request's answer: the address's personal data erased, what a legal hold covers kept. */
function EraseDialog({ item, onDone }: { item: PrivacyRequestItem; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const action = useAction();
  async function confirm(event: FormEvent) {
    event.preventDefault();
    const result = await action.run(() => eraseForRequest(item.id));
    if (!result) return;
    setOpen(false);
    const held = result.heldApplicationIds.length;
    onDone(
      result.emailHeld
        ? `Nothing was erased for ${item.email}: the address is under a legal hold. The request is completed.`
        : `Erased the data of ${item.email}: ${result.erasedApplications} application(s), ${result.erasedMails} e-mail(s).` +
            (held
              ? ` ${held} application(s) kept under a legal hold: ${result.heldApplicationIds.join(", ")}.`
              : ""),
    );
  }
  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="destructive" aria-label={`Erase the data of ${item.email}`}>
          Erase the data
        </Button>
      }
      title="Erase their data"
      description={`The personal data of every application and e-mail of ${item.email} is overwritten, for good, and the CRM is told to erase its copy. Consent records, opt-outs and anything under a legal hold are kept.`}
      confirmLabel="Erase"
      destructive
      pending={action.pending}
      onSubmit={confirm}
    >
      <ErrorAlert>{action.error?.message}</ErrorAlert>
    </ActionDialog>
  );
}

function AnswerDialog({ item, onDone }: { item: PrivacyRequestItem; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<"completed" | "refused">("completed");
  const action = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const resolution = String(new FormData(event.target as HTMLFormElement).get("resolution") ?? "").trim();
    const done = await action.run(() =>
      setPrivacyRequestStatus(item.id, { status: outcome, resolution: resolution || undefined }),
    );
    if (!done) return;
    setOpen(false);
    onDone(`${outcome === "completed" ? "Completed" : "Refused"} the request of ${item.email}.`);
  }

  return (
    <ActionDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Answer the request of ${item.email}`}>
          Answer
        </Button>
      }
      title="Answer the request"
      description={`${PRIVACY_REQUEST_KIND_LABELS[item.kind]}, from ${item.name} <${item.email}>.`}
      confirmLabel={outcome === "completed" ? "Mark completed" : "Refuse"}
      destructive={outcome === "refused"}
      pending={action.pending}
      onSubmit={submit}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Outcome</legend>
        {(["completed", "refused"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
              className="size-4 accent-primary"
            />
            {value === "completed" ? "Done: the request is answered" : "Refused"}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`resolution-${item.id}`}>
          {outcome === "refused" ? "Why it is refused (required)" : "What was done (optional)"}
        </Label>
        <Textarea id={`resolution-${item.id}`} name="resolution" maxLength={RESOLUTION_MAX} />
      </div>
      <ErrorAlert>{action.error?.message}</ErrorAlert>
    </ActionDialog>
  );
}

export function PrivacyPage() {
  const { view, items } = useLoaderData<typeof privacyLoader>();
  const revalidator = useRevalidator();
  const me = useMe();
  const now = useNow();
  const claim = useAction();
  const [news, setNews] = useState<string | null>(null);
  useDocumentTitle("Privacy requests");

  async function take(item: PrivacyRequestItem) {
    setNews(null);
    if (!(await claim.run(() => claimPrivacyRequest(item.id)))) return;
    setNews(`You took the request of ${item.email}.`);
    await revalidator.revalidate();
  }

  async function answered(message: string) {
    setNews(message);
    await revalidator.revalidate();
  }

  const columns: ListColumn<PrivacyRequestItem>[] = [
    {
      header: "Request",
      rowHeader: true,
      cell: (item) => (
        <span className="flex flex-col gap-0.5 font-normal">
          <span className="font-semibold">{PRIVACY_REQUEST_KIND_LABELS[item.kind]}</span>
          <span>{item.name}</span>
          <a
            className="break-all text-primary underline-offset-2 hover:underline"
            href={`mailto:${item.email}`}
          >
            {item.email}
          </a>
        </span>
      ),
    },
    {
      header: "Details",
      className: "max-w-xs whitespace-pre-line break-words",
      cell: (item) => item.details || <span className="text-muted-foreground">None</span>,
    },
    {
      header: "Status",
      cell: (item) => (
        <span className="flex flex-col items-start gap-1">
          <Badge variant={STATUS[item.status].tone}>{STATUS[item.status].label}</Badge>
          {item.resolution && <span className="text-xs text-muted-foreground">{item.resolution}</span>}
          {item.packageOpenings && <Openings openings={item.packageOpenings} />}
        </span>
      ),
    },
    {
      header: "Owner",
      cell: (item) => item.owner?.name || <span className="text-muted-foreground">Nobody</span>,
    },
    { header: view === "open" ? "Time left" : "Closed", cell: (item) => <Clock item={item} now={now} /> },
    ...(view === "open" ? [{ header: <span className="sr-only">Actions</span>, cell: actions }] : []),
  ];

  function actions(item: PrivacyRequestItem) {
    return (
      <span className="flex flex-wrap gap-2">
        {item.owner?.id !== me.id && (
          <Button
            size="sm"
            disabled={claim.pending}
            onClick={() => take(item)}
            aria-label={`Take the request of ${item.email}`}
          >
            Take it
          </Button>
        )}
        {item.kind === "access" && <SendCopyDialog item={item} onDone={answered} />}
        {item.kind === "delete" && <EraseDialog item={item} onDone={answered} />}
        <AnswerDialog item={item} onDone={answered} />
      </span>
    );
  }

  return (
    <>
      <PageHeader
        title="Privacy requests"
        description="Verified requests about a person's data. Each is answered within 30 days of its verification."
        actions={
          <nav aria-label="Which requests" className="flex gap-2">
            {(["open", "closed"] as const).map((value) => (
              <Link
                key={value}
                to={value === "open" ? "." : `?view=${value}`}
                aria-current={view === value ? "page" : undefined}
                className={buttonVariants({ size: "sm", variant: view === value ? "default" : "outline" })}
              >
                {value === "open" ? "Open" : "Closed"}
              </Link>
            ))}
          </nav>
        }
      />
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{claim.error?.message}</ErrorAlert>
      {items.length ? (
        <ResponsiveList
          items={items}
          caption={
            view === "open" ? "Open privacy requests, least time left first" : "Closed privacy requests"
          }
          columns={columns}
          rowKey={(item) => item.id}
          card={(item) => (
            <div className="flex flex-col gap-3 text-sm">
              <div className="flex items-start justify-between gap-3">
                {columns[0].cell(item)}
                {columns[2].cell(item)}
              </div>
              {item.details && <p className="break-words whitespace-pre-line">{item.details}</p>}
              <div className="flex flex-wrap items-end justify-between gap-3">
                <Clock item={item} now={now} />
                <span className="text-muted-foreground">Owner: {item.owner?.name || "nobody"}</span>
              </div>
              {view === "open" && actions(item)}
            </div>
          )}
        />
      ) : (
        <EmptyState>
          {view === "open" ? "No open privacy requests." : "No closed privacy requests yet."}
        </EmptyState>
      )}
    </>
  );
}
