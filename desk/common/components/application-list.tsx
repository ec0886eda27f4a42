import type { ReactNode } from "react";
import { Link } from "react-router";
import type { InboxItem } from "#domain/desk/contract";
import { formatAmount, formatDateTime, fullName, optionLabel } from "../lib/format";
import { ResponsiveList, type ListColumn } from "./data-list";
import { StateBadges } from "./state-badges";

/** What "Load more" focuses: each application's link (in its row or card). */
export const APPLICATION_FOCUS = "[data-application-link]";

/** Applications as a table on wide screens and as a list of cards on a phone. */
export function ApplicationList<Item extends InboxItem>({
  items,
  caption,
  detail,
  actions,
}: {
  items: Item[];
  caption: string;
  /** One more fact per item, as a column and on each card (quarantine: why it was marked as spam). */
  detail?: { header: string; cell: (item: Item) => ReactNode };
  /** Buttons for one item (quarantine: Release). */
  actions?: (item: Item) => ReactNode;
}) {
  const columns: ListColumn<Item>[] = [
    {
      header: "Received",
      className: "whitespace-nowrap text-muted-foreground",
      cell: (item) => <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>,
    },
    {
      header: "Company",
      rowHeader: true,
      className: "font-semibold",
      cell: (item) => (
        <Link to={`/applications/${item.id}`} data-application-link className="text-primary hover:underline">
          {item.companyName}
        </Link>
      ),
    },
    { header: "Name", cell: fullName },
    { header: "Type", cell: (item) => optionLabel("fundingType", item.fundingType) },
    { header: "Amount", numeric: true, cell: (item) => formatAmount(item.fundingAmount) },
    { header: "State", cell: (item) => <StateBadges state={item.state} delivery={item.delivery} /> },
  ];
  if (detail) columns.push({ header: detail.header, className: "max-w-sm break-words", cell: detail.cell });
  if (actions)
    columns.push({
      header: <span className="sr-only">Actions</span>,
      className: "text-right",
      cell: actions,
    });

  return (
    <ResponsiveList
      items={items}
      caption={caption}
      columns={columns}
      rowKey={(item) => item.id}
      hoverRows
      card={(item) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/applications/${item.id}`}
              data-application-link
              className="min-w-0 font-semibold break-words text-primary hover:underline"
            >
              {item.companyName}
            </Link>
            <span className="shrink-0 text-sm font-semibold tabular-nums">
              {formatAmount(item.fundingAmount)}
            </span>
          </div>
          <p className="text-sm">
            {fullName(item)}
            <span className="text-muted-foreground"> · {optionLabel("fundingType", item.fundingType)}</span>
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StateBadges state={item.state} delivery={item.delivery} />
            <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
              {formatDateTime(item.createdAt)}
            </time>
          </div>
          {detail && (
            <div className="text-sm break-words">
              <span className="font-medium">{detail.header}: </span>
              {detail.cell(item)}
            </div>
          )}
          {actions && <div>{actions(item)}</div>}
        </div>
      )}
    />
  );
}
