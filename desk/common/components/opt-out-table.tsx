import type { OptOut } from "#domain/desk/contract";
import { OPT_OUT_CHANNEL_LABELS, OPT_OUT_CRM_LABELS, OPT_OUT_SOURCE_LABELS } from "#domain/desk/opt-outs";
import { daysBetween, formatDateTime, formatDay, plural, todayInZone } from "../lib/format";
import { DataTable, type ListColumn } from "./data-list";

/** Honoured: the CRM has it (it took it, or it told us). */
const honoured = (item: OptOut) => item.crm.status === "delivered" || item.crm.status === "from-crm";

/**
 * The ten-business-day clock in words: days left, due today, or overdue
 * (never colour alone); nothing once the CRM has it.
 */
function HonourClock({ item, today }: { item: OptOut; today: string }) {
  if (honoured(item)) return <span className="text-xs text-muted-foreground">Honoured</span>;
  const left = daysBetween(today, item.honourBy);
  if (left > 0) return <span className="text-xs text-muted-foreground">{plural(left, "day")} left</span>;
  if (left === 0) return <span className="text-held text-xs font-semibold">Due today</span>;
  return <span className="text-xs font-semibold text-destructive">Overdue by {plural(-left, "day")}</span>;
}

function CrmState({ item }: { item: OptOut }) {
  const { crm } = item;
  const detail =
    crm.status === "delivered"
      ? formatDateTime(crm.deliveredAt)
      : crm.status === "from-crm"
        ? null
        : [crm.attempts > 0 ? plural(crm.attempts, "attempt") : "Not tried yet", crm.lastError]
            .filter(Boolean)
            .join(": ");
  return (
    <span className="flex flex-col">
      <span className={crm.status === "refused" ? "font-semibold text-destructive" : "font-semibold"}>
        {OPT_OUT_CRM_LABELS[crm.status]}
      </span>
      {detail && <span className="text-xs break-words text-muted-foreground">{detail}</span>}
    </span>
  );
}

const columns = (today: string): ListColumn<OptOut>[] => [
  {
    header: "Received",
    rowHeader: true,
    className: "whitespace-nowrap font-normal",
    cell: (item) => formatDateTime(item.receivedAt),
  },
  {
    header: "Opted out of",
    cell: (item) => (
      <span className="flex flex-col">
        <span className="font-semibold">{OPT_OUT_CHANNEL_LABELS[item.channel]}</span>
        <span className="break-all">{item.phone ?? item.email}</span>
      </span>
    ),
  },
  { header: "How", cell: (item) => OPT_OUT_SOURCE_LABELS[item.receivedVia] },
  {
    header: "Honour by",
    className: "whitespace-nowrap",
    cell: (item) => (
      <span className="flex flex-col">
        <span className="font-semibold">{formatDay(item.honourBy)}</span>
        <HonourClock item={item} today={today} />
      </span>
    ),
  },
  { header: "CRM", className: "min-w-40", cell: (item) => <CrmState item={item} /> },
  {
    header: "Recorded by",
    cell: (item) => (
      <span className="flex flex-col">
        <span>{item.recordedBy?.name ?? "The system"}</span>
        <span className="text-xs text-muted-foreground">{formatDateTime(item.recordedAt)}</span>
      </span>
    ),
  },
  {
    header: "Note",
    className: "min-w-48 whitespace-pre-line break-words",
    cell: (item) => item.note ?? <span className="text-muted-foreground italic">None</span>,
  },
];

/**
 * Opt-outs from the ledger, newest received first: what was opted out of, how
 * it reached us, the day it must be honoured by (ten business days) with the
 * days left or overdue until the CRM has it, where it stands with the CRM,
 * who recorded it and their note. The Consents page and the evidence pack
 * show it.
 */
export function OptOutTable({ items, caption }: { items: OptOut[]; caption: string }) {
  return (
    <DataTable
      items={items}
      caption={caption}
      columns={columns(todayInZone())}
      rowKey={(item) => item.id}
      focusable
    />
  );
}
