import type { ReactNode } from "react";
import { TableScroll } from "../table-scroll";

export interface Column<Row> {
  header: string;
  /** The row's value in this column; the first column heads its row. */
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2 align-top";

/** A plain table with a caption and headers: the numbers behind a chart, or a list of its own. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  showCaption = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  showCaption?: boolean;
}) {
  return (
    <TableScroll label={caption} className="rounded-xl border border-border">
      <table className="w-full border-collapse text-sm">
        <caption className={showCaption ? "px-3 py-2 text-left text-sm font-medium" : "sr-only"}>
          {caption}
        </caption>
        <thead className="border-b border-border bg-muted/60">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? `${th} text-right` : th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-border last:border-0">
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.header} scope="row" className={`${td} text-left font-medium break-all`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={column.numeric ? `${td} text-right tabular-nums` : `${td} break-all`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
