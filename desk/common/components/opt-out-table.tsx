import type { OptOut } from "#domain/desk/contract";
import { OPT_OUT_CHANNEL_LABELS, OPT_OUT_SOURCE_LABELS } from "#domain/desk/opt-outs";
import { formatDateTime, formatDay } from "../lib/format";
import { DataTable, type ListColumn } from "./data-list";

const COLUMNS: ListColumn<OptOut>[] = [
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
    className: "whitespace-nowrap font-semibold",
    cell: (item) => formatDay(item.honourBy),
  },
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
 * it reached us, the day it must be honoured by (ten business days), who
 * recorded it and their note. The Consents page and the evidence pack show it.
 */
export function OptOutTable({ items, caption }: { items: OptOut[]; caption: string }) {
  return <DataTable items={items} caption={caption} columns={COLUMNS} rowKey={(item) => item.id} />;
}
