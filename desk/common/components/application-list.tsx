import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { InboxItem } from "#domain/desk/contract";
import { Checkbox } from "#ui/checkbox";
import { cn } from "#ui/cn";
import { formatAmount, formatDateTime, fullName, optionLabel } from "../lib/format";
import { timeLeft } from "../lib/time-left";
import { ResponsiveList, type ListColumn } from "./data-list";
import { ApplicationStatus, TimeLeftText } from "./work-badges";

/** What "Load more" focuses: each application's link (in its row or card). */
export const APPLICATION_FOCUS = "[data-application-link]";

/** The inbox's work columns: whose it is and the review clock, read at `now`. */
export interface WorkColumns {
  now: number;
  /** The server's "due soon" window (REVIEW_DUE_SOON): a clock inside it is marked. */
  dueSoonMs: number;
  /** The signed-in member: their own applications say "You". */
  meId: string;
}

/** Which items are chosen for an action on several at once (the inbox's bulk actions). */
export interface ListSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Every item shown chosen, or none when they all were. */
  onToggleAll: () => void;
}

function SelectOne({ item, selection }: { item: InboxItem; selection: ListSelection }) {
  return (
    <Checkbox
      aria-label={`Select ${item.companyName}`}
      checked={selection.selected.has(item.id)}
      onCheckedChange={() => selection.onToggle(item.id)}
      className="mt-0.5"
    />
  );
}

function SelectAll({ items, selection, id }: { items: InboxItem[]; selection: ListSelection; id?: string }) {
  const chosen = items.filter((item) => selection.selected.has(item.id)).length;
  return (
    <Checkbox
      id={id}
      aria-label={id ? undefined : "Select every application on this page"}
      checked={chosen > 0 && chosen === items.length ? true : chosen > 0 ? "indeterminate" : false}
      onCheckedChange={selection.onToggleAll}
    />
  );
}

/** Above the cards on a phone (the table has its own checkbox in its head). */
function SelectAllCards({ items, selection }: { items: InboxItem[]; selection: ListSelection }) {
  const id = useId();
  return (
    <div className="flex min-h-10 items-center gap-3 px-4 md:hidden">
      <SelectAll items={items} selection={selection} id={id} />
      <label htmlFor={id} className="text-sm font-medium">
        Select all on this page
      </label>
    </div>
  );
}

function Owner({ item, meId }: { item: InboxItem; meId: string }) {
  // Nobody works a quarantined one until it is released.
  if (item.state === "quarantined") {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No owner while quarantined</span>
      </span>
    );
  }
  if (!item.owner) return <span className="text-muted-foreground">Unassigned</span>;
  return <span>{item.owner.id === meId ? "You" : item.owner.name || item.owner.email}</span>;
}

/** A dot before an unread application's company (its name says "Unread"). */
function UnreadDot({ item }: { item: InboxItem }) {
  if (!item.unread) return null;
  return <span role="img" aria-label="Unread" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />;
}

function CompanyLink({ item, className }: { item: InboxItem; className?: string }) {
  return (
    <Link
      to={`/applications/${item.id}`}
      data-application-link
      className={cn(
        "break-words text-primary hover:underline",
        item.unread ? "font-bold" : "font-medium",
        className,
      )}
    >
      {item.companyName}
    </Link>
  );
}

/**
 * Applications as a table on wide screens and as a list of cards on a phone:
 * when each arrived, the company and applicant (unread ones in bold, with a
 * dot), where the team stands with it (the work status, delivery trouble
 * flagged), the funding asked for; with `work`, also whose it is and the time
 * left on the review clock.
 */
export function ApplicationList<Item extends InboxItem>({
  items,
  caption,
  work,
  detail,
  actions,
  selection,
}: {
  items: Item[];
  caption: string;
  work?: WorkColumns;
  /** One more fact per item, as a column and on each card (quarantine: why it was quarantined). */
  detail?: { header: string; cell: (item: Item) => ReactNode };
  /** Buttons for one item (quarantine: Release). */
  actions?: (item: Item) => ReactNode;
  /** A checkbox on each row and card, and one for the whole page in the table's head. */
  selection?: ListSelection;
}) {
  const clock = (item: Item) => work && timeLeft(item, work.now, work.dueSoonMs);
  const columns: ListColumn<Item>[] = [
    ...(selection
      ? [
          {
            header: <SelectAll items={items} selection={selection} />,
            className: "w-10",
            cell: (item: Item) => <SelectOne item={item} selection={selection} />,
          },
        ]
      : []),
    {
      header: "Received",
      className: "w-36 text-muted-foreground",
      cell: (item) => <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>,
    },
    {
      header: "Company",
      rowHeader: true,
      className: "font-normal",
      cell: (item) => (
        <span className="flex items-start gap-2">
          <UnreadDot item={item} />{" "}
          <span className={cn("flex min-w-0 flex-col", !item.unread && "pl-4")}>
            <CompanyLink item={item} />{" "}
            <span className={cn("text-muted-foreground", item.unread && "font-semibold text-foreground")}>
              {fullName(item)}
            </span>
          </span>
        </span>
      ),
    },
    ...(work ? [{ header: "Owner", cell: (item: Item) => <Owner item={item} meId={work.meId} /> }] : []),
    { header: "Status", cell: (item) => <ApplicationStatus item={item} /> },
    ...(work ? [{ header: "Time left", cell: (item: Item) => <TimeLeftText clock={clock(item)!} /> }] : []),
    {
      header: "Funding",
      numeric: true,
      cell: (item) => (
        <span className="flex flex-col items-end">
          <span className="font-medium">{formatAmount(item.fundingAmount)}</span>
          <span className="text-xs text-muted-foreground">
            {optionLabel("fundingType", item.fundingType)}
          </span>
        </span>
      ),
    },
  ];
  if (detail) columns.push({ header: detail.header, className: "max-w-sm break-words", cell: detail.cell });
  if (actions)
    columns.push({
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: actions,
    });

  return (
    <>
      {selection && <SelectAllCards items={items} selection={selection} />}
      <ResponsiveList
        items={items}
        caption={caption}
        columns={columns}
        rowKey={(item) => item.id}
        hoverRows
        card={(item) => {
          const left = clock(item);
          return (
            <div className="flex flex-col gap-2">
              <div className="flex items-start justify-between gap-3">
                <span className="flex min-w-0 items-start gap-2">
                  {selection && <SelectOne item={item} selection={selection} />}
                  <UnreadDot item={item} /> <CompanyLink item={item} className="min-w-0" />
                </span>
                <span className="shrink-0 text-sm font-semibold tabular-nums">
                  {formatAmount(item.fundingAmount)}
                </span>
              </div>
              <p className={cn("text-sm", item.unread && "font-semibold")}>
                {fullName(item)}
                <span className="font-normal text-muted-foreground">
                  {" "}
                  · {optionLabel("fundingType", item.fundingType)}
                </span>
              </p>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <ApplicationStatus item={item} />
                {left && <TimeLeftText clock={left} />}
              </div>
              <p className="text-xs text-muted-foreground">
                {work && item.state !== "quarantined" && (
                  <>
                    <Owner item={item} meId={work.meId} />
                    {" · "}
                  </>
                )}
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </p>
              {detail && (
                <div className="text-sm break-words">
                  <span className="font-medium">{detail.header}: </span>
                  {detail.cell(item)}
                </div>
              )}
              {actions && <div>{actions(item)}</div>}
            </div>
          );
        }}
      />
    </>
  );
}
