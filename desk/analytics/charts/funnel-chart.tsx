import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AnalyticsReport } from "#domain/desk/contract";
import { CHART_COLORS, ChartFrame, count, percent } from "./chart-frame";
import { DataTable } from "./data-table";

/** The application funnel: visitors at each step, and how many were lost since the step before. */
export function FunnelChart({ funnel }: { funnel: AnalyticsReport["funnel"] }) {
  const first = funnel[0]?.visitors ?? 0;
  // Each bar says how many reached the step and, after a loss, how many were lost: "3 (−2)".
  const data = funnel.map((row) => ({
    ...row,
    barLabel: row.dropOff ? `${count(row.visitors)} (−${count(row.dropOff)})` : count(row.visitors),
  }));
  return (
    <ChartFrame
      height={Math.max(240, funnel.length * 40)}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 0, right: 64, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="label" width={160} fontSize={12} interval={0} />
            <Tooltip />
            <Bar
              isAnimationActive={false}
              dataKey="visitors"
              name="Visitors"
              fill={CHART_COLORS.primary}
              radius={[0, 4, 4, 0]}
            >
              <LabelList dataKey="barLabel" position="right" fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption="Application funnel: visitors at each step"
          rows={funnel}
          rowKey={(row) => row.step}
          columns={[
            { header: "Step", cell: (row) => row.label },
            { header: "Visitors", cell: (row) => count(row.visitors), numeric: true },
            {
              header: "Lost since the step before",
              cell: (row) => (row.dropOff === null ? "" : count(row.dropOff)),
              numeric: true,
            },
            { header: "Of step 1", cell: (row) => percent(row.visitors, first), numeric: true },
          ]}
        />
      }
    />
  );
}
