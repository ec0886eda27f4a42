/**
 * Where the team stands with an application, as the desk's lists show it: its
 * work status in words (closed with its reason), quarantined as quarantined,
 * and delivery trouble (the CRM refused it for good, or it is being retried)
 * as a small flag beside it, never colour alone; where its documents stand
 * once any are in. The review clock's cell.
 */
import { AlertTriangleIcon, ClockIcon, FileCheckIcon, FileClockIcon, RotateCwIcon } from "lucide-react";
import type { InboxItem } from "#domain/desk/contract";
import { DOCUMENTS_STATE_LABELS } from "#domain/documents/documents-state";
import { CLOSE_REASON_LABELS, WORK_STATUS_LABELS } from "#domain/desk/work";
import { Badge, type BadgeVariant } from "#ui/badge";
import { cn } from "#ui/cn";
import { formatDateTime } from "../lib/format";
import { BookedCallFlag } from "./booked-call";
import type { TimeLeft } from "../lib/time-left";

type WorkItem = Pick<InboxItem, "state" | "workStatus" | "closeReason">;

/** "New", "Handed to underwriting", "Closed: Funded"; "Quarantined" while held back. */
export function workStatusWords(item: WorkItem): string {
  if (item.state === "quarantined") return "Quarantined";
  if (item.workStatus === "closed" && item.closeReason)
    return `Closed: ${CLOSE_REASON_LABELS[item.closeReason]}`;
  return WORK_STATUS_LABELS[item.workStatus] ?? item.workStatus;
}

function workTone(item: WorkItem): BadgeVariant {
  if (item.state === "quarantined") return "held";
  if (item.workStatus === "new") return "busy";
  if (item.workStatus === "closed") return item.closeReason === "funded" ? "good" : "quiet";
  return "plain";
}

export function WorkStatusBadge({ item, className }: { item: WorkItem; className?: string }) {
  return (
    <Badge variant={workTone(item)} className={cn("whitespace-normal", className)}>
      {workStatusWords(item)}
    </Badge>
  );
}

/** The CRM delivery's trouble in words, or undefined when there is none to flag. */
export function deliveryTrouble(item: Pick<InboxItem, "delivery" | "deliveryAttempts">): string | undefined {
  if (item.delivery === "dead") return "Delivery failed";
  if (item.delivery === "pending" && item.deliveryAttempts > 0) {
    return `Delivery retrying (${item.deliveryAttempts} ${item.deliveryAttempts === 1 ? "attempt" : "attempts"} failed)`;
  }
  return undefined;
}

/** A small flag under the status when the CRM delivery is in trouble; nothing otherwise. */
export function DeliveryFlag({ item }: { item: Pick<InboxItem, "delivery" | "deliveryAttempts"> }) {
  const trouble = deliveryTrouble(item);
  if (!trouble) return null;
  const dead = item.delivery === "dead";
  const Icon = dead ? AlertTriangleIcon : RotateCwIcon;
  return (
    <span
      title={trouble}
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        dead ? "text-destructive" : "text-held",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {dead ? (
        trouble
      ) : (
        <>
          <span aria-hidden="true">Retrying</span>
          <span className="sr-only">{trouble}</span>
        </>
      )}
    </span>
  );
}

/** "Documents needed" or "Documents complete" under the status, in words; nothing before any is in. */
export function DocumentsFlag({ item }: { item: Pick<InboxItem, "documents"> }) {
  if (!item.documents || item.documents === "none") return null;
  const complete = item.documents === "complete";
  const Icon = complete ? FileCheckIcon : FileClockIcon;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs font-medium",
        complete ? "text-success" : "text-muted-foreground",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {DOCUMENTS_STATE_LABELS[item.documents]}
    </span>
  );
}

/** The status cell: the work status, the delivery flag under it when there is trouble, a call booked to come, its documents. */
export function ApplicationStatus({ item }: { item: InboxItem }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <WorkStatusBadge item={item} />
      <DeliveryFlag item={item} />
      <BookedCallFlag item={item} />
      <DocumentsFlag item={item} />
    </span>
  );
}

const CLOCK_TONE: Record<TimeLeft["kind"], string> = {
  none: "text-muted-foreground",
  touched: "text-muted-foreground",
  overdue: "font-semibold text-destructive",
  soon: "font-semibold text-held",
  running: "text-foreground",
};

/** The review clock: "2 h 10 min left", "Overdue 3 h", "Touched"; the deadline or the touch as its time. */
export function TimeLeftText({ clock, className }: { clock: TimeLeft; className?: string }) {
  const classes = cn(
    "inline-flex items-center gap-1 text-sm whitespace-nowrap",
    CLOCK_TONE[clock.kind],
    className,
  );
  if (clock.kind === "none") {
    return (
      <span className={classes}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No review clock</span>
      </span>
    );
  }
  const at = clock.kind === "touched" ? clock.at : clock.due;
  const title =
    clock.kind === "touched"
      ? `First touched ${formatDateTime(at)}`
      : `${clock.callBack ? "Call back at" : "Due"} ${formatDateTime(at)}`;
  return (
    <time dateTime={at} title={title} className={classes}>
      {clock.kind === "overdue" && <AlertTriangleIcon aria-hidden="true" className="size-3.5 shrink-0" />}
      {clock.kind === "soon" && <ClockIcon aria-hidden="true" className="size-3.5 shrink-0" />}
      {clock.text}
    </time>
  );
}
