import type { ReactNode } from "react";
import { TableScroll } from "../../common/components/table-scroll";

export interface Column<Row> {
  header: string;
  /** The row's value in this column; the first column heads its row. */
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2 align-top";
// Long values (a path, a campaign) break where they must, words stay whole; the
// row's name keeps room enough for a few words on a phone.
const wrap = "[overflow-wrap:anywhere]";

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
    <TableScroll label={caption} focusable className="rounded-xl border border-border">
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
                  <th
                    key={column.header}
                    scope="row"
                    className={`${td} min-w-32 text-left font-medium ${wrap}`}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={column.numeric ? `${td} text-right tabular-nums` : `${td} ${wrap}`}
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
