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
import { CHART_COLORS, ChartFrame, count, percent } from "./chart-frame";
import { DataTable } from "./data-table";

/** One step of a funnel: how many reached it, and how many fewer than the step before (null: none to compare). */
export interface FunnelRow {
  step: string;
  label: string;
  count: number;
  dropOff: number | null;
}

/**
 * A funnel: how many reached each step, and how many were lost since the
 * step before. `noun` names what is counted ("Visitors", the default, or
 * "Applications"); the table's caption says what the funnel is.
 */
export function FunnelChart({
  funnel,
  noun = "Visitors",
  caption = "Application funnel: visitors at each step",
  firstStep = "step 1",
}: {
  funnel: FunnelRow[];
  noun?: string;
  caption?: string;
  /** The first step as the share column names it: "Of step 1". */
  firstStep?: string;
}) {
  const first = funnel[0]?.count ?? 0;
  // Each bar says how many reached the step and, after a loss, how many were lost: "3 (−2)".
  const data = funnel.map((row) => ({
    ...row,
    barLabel: row.dropOff ? `${count(row.count)} (−${count(row.dropOff)})` : count(row.count),
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
              dataKey="count"
              name={noun}
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
          caption={caption}
          rows={funnel}
          rowKey={(row) => row.step}
          columns={[
            { header: "Step", cell: (row) => row.label },
            { header: noun, cell: (row) => count(row.count), numeric: true },
            {
              header: "Lost since the step before",
              cell: (row) => (row.dropOff === null ? "" : count(row.dropOff)),
              numeric: true,
            },
            { header: `Of ${firstStep}`, cell: (row) => percent(row.count, first), numeric: true },
          ]}
        />
      }
    />
  );
}
