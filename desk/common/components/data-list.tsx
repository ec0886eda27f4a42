import type { ReactNode, TdHTMLAttributes } from "react";
import { cn } from "#ui/cn";
import { TableScroll } from "./table-scroll";

export interface ListColumn<Item> {
  /** The column's heading; a column of buttons gives hidden text. */
  header: ReactNode;
  cell: (item: Item) => ReactNode;
  /** Right-aligned, with figures of equal width (amounts, counts). */
  numeric?: boolean;
  /** This column's cell names its row (a th scope="row"). */
  rowHeader?: boolean;
  /** The cells' classes beside the common padding. */
  className?: string;
  /** More attributes of each cell (what "Load more" focuses, say). */
  cellProps?: TdHTMLAttributes<HTMLTableCellElement> & { [data: `data-${string}`]: boolean };
}

const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-3 align-top";

interface TableProps<Item> {
  items: Item[];
  /** The table's caption (read by screen readers, not shown). */
  caption: string;
  /** The scrolling frame's name, when it is not the caption. */
  label?: string;
  columns: ListColumn<Item>[];
  rowKey: (item: Item) => string;
  /** Rows light up under the pointer (rows with links). */
  hoverRows?: boolean;
  /** Rows hold nothing to tab to: the frame itself is a tab stop, so the keyboard can scroll it. */
  focusable?: boolean;
}

/** A table with a hidden caption, scoped column headers and a header cell per row. */
export function DataTable<Item>({
  items,
  caption,
  label = caption,
  columns,
  rowKey,
  hoverRows,
  focusable,
  className,
}: TableProps<Item> & { className?: string }) {
  return (
    <TableScroll label={label} className={className} focusable={focusable}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/60">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn(th, column.numeric && "text-right")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={rowKey(item)}
              className={cn("border-b border-border last:border-0", hoverRows && "hover:bg-muted/40")}
            >
              {columns.map(({ rowHeader, numeric, className, cellProps, cell }, index) => {
                const classes = cn(
                  td,
                  rowHeader && "text-left",
                  numeric && "text-right tabular-nums",
                  className,
                );
                return rowHeader ? (
                  <th key={index} scope="row" className={classes} {...cellProps}>
                    {cell(item)}
                  </th>
                ) : (
                  <td key={index} className={classes} {...cellProps}>
                    {cell(item)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Items as a table on wide screens and as a list of cards on a phone (the
 * same items; only one of the two is displayed, and hidden content is hidden
 * from screen readers too). The list is named by the table's caption.
 */
export function ResponsiveList<Item>({
  card,
  cardClassName,
  ...table
}: TableProps<Item> & {
  /** One item's card on a phone. */
  card: (item: Item) => ReactNode;
  cardClassName?: string;
}) {
  return (
    <>
      <DataTable {...table} className="hidden rounded-xl border border-border bg-card md:block" />
      <ul className="flex flex-col gap-3 md:hidden" aria-label={table.caption}>
        {table.items.map((item) => (
          <li
            key={table.rowKey(item)}
            className={cn("rounded-xl border border-border bg-card p-4 shadow-card", cardClassName)}
          >
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}
