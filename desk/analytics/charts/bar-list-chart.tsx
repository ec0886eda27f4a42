import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "./chart-frame";
import { DataTable, type Column } from "./data-table";

export interface BarSeries<Row> {
  key: keyof Row & string;
  name: string;
  color: string;
}

/**
 * Horizontal bars, one row per item (a field's errors, a source's visitors),
 * one bar per series; the table shows the same rows with `columns`.
 */
export function BarListChart<Row>({
  rows,
  label,
  series,
  caption,
  columns,
  rowKey,
}: {
  rows: Row[];
  /** The item's name on the axis. */
  label: (row: Row) => string;
  series: BarSeries<Row>[];
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
}) {
  const data = rows.map((row) => ({ ...row, _label: label(row) }));
  return (
    <ChartFrame
      height={Math.max(160, rows.length * (24 + 12 * series.length) + 60)}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="_label" width={140} fontSize={12} interval={0} />
            <Tooltip />
            {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />}
            {series.map((item) => (
              <Bar
                isAnimationActive={false}
                key={item.key}
                dataKey={item.key as string}
                name={item.name}
                fill={item.color}
                radius={[0, 4, 4, 0]}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={<DataTable caption={caption} rows={rows} rowKey={rowKey} columns={columns} />}
    />
  );
}
