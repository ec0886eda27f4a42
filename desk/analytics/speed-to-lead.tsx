/**
 * The analytics page's "Speed to lead" section (GET /work-metrics): how fast
 * applications were first touched and how many within the promised review
 * window, in all, by owner, by product and by week, and the funnel past CRM
 * delivery to funded. Counted from the desk's own records, for the page's
 * days read in the provider's zone.
 */
import type { ReviewWindowFigures, WorkMetrics } from "#domain/desk/contract";
import { count, percent } from "./charts/chart-frame";
import { DataTable, type Column } from "./charts/data-table";
import { Figures } from "./charts/figures";
import { FunnelChart } from "./charts/funnel-chart";
import { EmptyState } from "../common/components/messages";
import { Section } from "../common/components/page";
import { formatAmount, formatDuration, plural, timeZoneLabel } from "../common/lib/format";

/** Decided: touched, or past its deadline untouched; the rest are still open. */
const decided = (row: ReviewWindowFigures) => row.withinWindow + row.late;
const median = (row: ReviewWindowFigures) =>
  row.medianFirstTouchMs === null ? "" : formatDuration(row.medianFirstTouchMs);

/** The review clock's columns after a first one naming the row. */
function windowColumns<Row extends ReviewWindowFigures>(first: Column<Row>): Column<Row>[] {
  return [
    first,
    { header: "Applications", cell: (row) => count(row.applications), numeric: true },
    { header: "Within the window", cell: (row) => count(row.withinWindow), numeric: true },
    { header: "Late", cell: (row) => count(row.late), numeric: true },
    { header: "Share within", cell: (row) => percent(row.withinWindow, decided(row)), numeric: true },
    { header: "Median to first touch", cell: median, numeric: true },
  ];
}

const weekFormat = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
/** "2026-03-02" (a Monday) -> "Week of Mar 2, 2026". */
const weekLabel = (monday: string) => `Week of ${weekFormat.format(new Date(`${monday}T12:00:00Z`))}`;

export function SpeedToLead({ metrics, narrowed }: { metrics: WorkMetrics; narrowed: boolean }) {
  const { totals } = metrics;
  const funded = metrics.funnel.find((row) => row.step === "funded")?.applications ?? 0;
  const open = totals.applications - decided(totals);
  return (
    <Section
      title="Speed to lead"
      description={
        <>
          Applications received from <span className="whitespace-nowrap">{metrics.from}</span> to{" "}
          <span className="whitespace-nowrap">{metrics.to}</span>, days in {timeZoneLabel()}, counted from the
          desk&apos;s own records (no visitor data). The promise: a first touch (a status change, a note, a
          logged call or e-mail, or a CRM stage report) by the review deadline.
          {narrowed && " Not narrowed by source or campaign."}
        </>
      }
    >
      {totals.applications === 0 ? (
        <EmptyState>No applications received in this range.</EmptyState>
      ) : (
        <>
          <Figures
            items={[
              {
                label: "Median time to first touch",
                value: median(totals) || "None touched",
                counts: `Over the ${plural(totals.touched, "application")} touched of ${count(totals.applications)}`,
              },
              {
                label: "Touched within the window",
                value: percent(totals.withinWindow, decided(totals)) || "None due",
                counts: `${count(totals.withinWindow)} of ${count(decided(totals))} touched or past due; ${count(open)} still open`,
              },
              {
                label: "Untouched",
                value: totals.applications - totals.touched,
                counts: "Still waiting for a first touch, due or not",
              },
              {
                label: "Funded",
                value: formatAmount(metrics.fundedAmount),
                counts: `${plural(funded, "application")} closed as funded`,
              },
            ]}
          />
          <FunnelChart
            funnel={metrics.funnel.map(({ applications, ...row }) => ({ ...row, count: applications }))}
            noun="Applications"
            caption="Past CRM delivery: applications at each step"
            firstStep="received"
          />
          <DataTable
            caption="Within the window by owner"
            showCaption
            rows={metrics.byOwner}
            rowKey={(row) => row.owner?.id ?? "unassigned"}
            columns={windowColumns<WorkMetrics["byOwner"][number]>({
              header: "Owner",
              cell: (row) => row.owner?.name ?? "Unassigned",
            })}
          />
          <DataTable
            caption="Within the window by product"
            showCaption
            rows={metrics.byProduct}
            rowKey={(row) => row.fundingType}
            columns={windowColumns<WorkMetrics["byProduct"][number]>({
              header: "Product",
              cell: (row) => row.label,
            })}
          />
          <DataTable
            caption="Within the window by week"
            showCaption
            rows={metrics.byWeek}
            rowKey={(row) => row.week}
            columns={windowColumns<WorkMetrics["byWeek"][number]>({
              header: "Week",
              cell: (row) => weekLabel(row.week),
            })}
          />
        </>
      )}
    </Section>
  );
}
