import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsReport } from "#domain/desk/contract";
import { CHART_COLORS, ChartFrame, count } from "./chart-frame";
import { DataTable } from "./data-table";

/** "Mar 10" from "2026-03-10" (the days are UTC days). */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** Visitors and page views for each day of the range. */
export function DailyChart({ daily }: { daily: AnalyticsReport["daily"] }) {
  return (
    <ChartFrame
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={daily}
            margin={{ top: 8, right: 12, bottom: 0, left: -12 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
            <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} minTickGap={24} />
            <YAxis allowDecimals={false} fontSize={12} width={48} />
            <Tooltip labelFormatter={(day) => shortDay(String(day))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="pageviews"
              name="Page views"
              stroke={CHART_COLORS.secondary}
              dot={false}
              strokeWidth={2}
            />
            <Line
              isAnimationActive={false}
              type="monotone"
              dataKey="visitors"
              name="Visitors"
              stroke={CHART_COLORS.primary}
              dot={false}
              strokeWidth={2}
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Visitors and page views per day (UTC)"
          rows={daily}
          rowKey={(row) => row.day}
          columns={[
            { header: "Day", cell: (row) => row.day },
            { header: "Visitors", cell: (row) => count(row.visitors), numeric: true },
            { header: "Page views", cell: (row) => count(row.pageviews), numeric: true },
          ]}
        />
      }
    />
  );
}
