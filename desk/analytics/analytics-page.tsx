/**
 * The site's own analytics (staff): visitors and page views over time, the
 * application funnel to the CRM, the fields that fail most, conversion by
 * source, top pages and sources, for a range of UTC days and optionally one
 * source or campaign (kept in the URL, so a view can be shared); and speed to
 * lead, from the desk's records for the same days in the provider's zone.
 */
import { useId, type FormEvent } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { Button, buttonVariants } from "#ui/button";
import { Field, FieldLabel } from "#ui/field";
import { Input } from "#ui/input";
import type { AnalyticsReport } from "#domain/desk/contract";
import { getAnalytics, getWorkMetrics } from "./api";
import { BarListChart } from "./charts/bar-list-chart";
import { CHART_COLORS, count, percent } from "./charts/chart-frame";
import { DailyChart } from "./charts/daily-chart";
import { DataTable } from "./charts/data-table";
import { Figures } from "./charts/figures";
import { FunnelChart } from "./charts/funnel-chart";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { formFieldLabel, ruleLabel } from "./field-labels";
import { SpeedToLead } from "./speed-to-lead";
import { EmptyState } from "../common/components/messages";
import { formParams } from "../common/lib/filters";
import { plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";

const KEYS = ["from", "to", "source", "campaign"] as const;
const DAY_MS = 86_400_000;
/** Quick ranges, each ending today (UTC); the source and campaign stay as they are. */
const RANGES = [7, 30] as const;

/** The last `days` UTC days, today included. */
function lastDays(days: number) {
  const now = Date.now();
  return {
    from: new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    to: new Date(now).toISOString().slice(0, 10),
  };
}

function analyticsQuery(params: URLSearchParams) {
  return Object.fromEntries(
    KEYS.map((key) => [key, (params.get(key) ?? "").trim().slice(0, 253)]).filter(([, value]) => value),
  ) as Partial<Record<(typeof KEYS)[number], string>>;
}

export const analyticsLoader = guarded(async ({ request }) => {
  const query = analyticsQuery(new URL(request.url).searchParams);
  const [report, metrics] = await Promise.all([
    getAnalytics(query, request.signal),
    getWorkMetrics({ from: query.from, to: query.to }, request.signal),
  ]);
  return { report, metrics };
});

/** A field's errors, the browser's and the server's side by side. */
interface FieldErrorRow {
  key: string;
  field: string;
  code: string;
  browser: number;
  server: number;
}

function errorRows(errors: AnalyticsReport["fieldErrors"]): FieldErrorRow[] {
  const rows = new Map<string, FieldErrorRow>();
  for (const error of errors) {
    const key = `${error.field}:${error.code}`;
    const row = rows.get(key) ?? { key, field: error.field, code: error.code, browser: 0, server: 0 };
    row[error.side] += error.count;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.browser + b.server - (a.browser + a.server));
}

export function AnalyticsPage() {
  const { report, metrics } = useLoaderData<typeof analyticsLoader>();
  const [params, setParams] = useSearchParams();
  const id = useId();
  useDocumentTitle("Analytics");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(formParams(event.currentTarget, KEYS));
  }

  const funnelStep = (step: AnalyticsReport["funnel"][number]["step"]) =>
    report.funnel.find((item) => item.step === step)?.visitors ?? 0;
  const errors = errorRows(report.fieldErrors);
  // Two counts of accepted applications: every one the server stored, and those the funnel followed.
  const serverAccepted = report.outcomes.find((row) => row.id === "application_accepted")?.count ?? 0;
  const funnelAccepted = funnelStep("accepted");
  const narrowed = Boolean(report.source || report.campaign);

  return (
    <>
      <PageHeader
        title="Analytics"
        description="Counted on our own server, without cookies. Days are UTC days; a visitor is one browser on one day."
      />
      <form
        key={params.toString()}
        role="search"
        aria-label="Analytics range and filters"
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <Field>
          <FieldLabel htmlFor={`${id}-from`}>From</FieldLabel>
          <Input id={`${id}-from`} name="from" type="date" defaultValue={report.from} />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-to`}>To</FieldLabel>
          <Input id={`${id}-to`} name="to" type="date" defaultValue={report.to} />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-source`}>Source</FieldLabel>
          <Input
            id={`${id}-source`}
            name="source"
            defaultValue={report.source ?? ""}
            placeholder="e.g. newsletter, (direct)"
            autoComplete="off"
          />
        </Field>
        <Field>
          <FieldLabel htmlFor={`${id}-campaign`}>Campaign</FieldLabel>
          <Input
            id={`${id}-campaign`}
            name="campaign"
            defaultValue={report.campaign ?? ""}
            placeholder="utm_campaign"
            autoComplete="off"
          />
        </Field>
        <Button type="submit">Show</Button>
      </form>
      <nav aria-label="Quick ranges" className="-mt-2 flex flex-wrap items-center gap-x-1 gap-y-2 text-sm">
        {RANGES.map((days) => {
          const range = lastDays(days);
          // The range the server answered for (its default when the URL has none).
          const current = report.from === range.from && report.to === range.to;
          const next = new URLSearchParams(params);
          next.set("from", range.from);
          next.set("to", range.to);
          return (
            <Link
              key={days}
              to={`?${next}`}
              aria-current={current ? "true" : undefined}
              className={buttonVariants({ variant: current ? "outline" : "ghost", size: "sm" })}
            >
              Last {days} days
            </Link>
          );
        })}
        {narrowed && (
          <Link
            to={`?${new URLSearchParams([...params].filter(([key]) => key === "from" || key === "to"))}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            All sources and campaigns
          </Link>
        )}
      </nav>

      <Figures
        items={[
          { label: "Visitors", value: report.totals.visitors },
          { label: "Page views", value: report.totals.pageviews },
          {
            label: "Applications accepted",
            value: serverAccepted,
            counts: "Every application the server stored, however it was sent",
          },
          {
            label: "Accepted through the form",
            value: funnelAccepted,
            counts: "Visitors the funnel followed through every step of the form on one day",
          },
        ]}
      />

      <Section title="Visitors and page views" description={`${report.from} to ${report.to}`}>
        <DailyChart daily={report.daily} />
      </Section>

      <Section
        title="Application funnel"
        description="Visitors who reached each step after the one before, on the same day. In brackets, the visitors lost since the step before. Accepted and delivered are the server's own records."
      >
        {funnelAccepted !== serverAccepted && (
          <p className="rounded-lg bg-muted px-4 py-3 text-sm">
            The server accepted {plural(serverAccepted, "application")} in this range; the funnel followed{" "}
            {count(funnelAccepted)} of {serverAccepted === 1 ? "it" : "them"} through the form. The others
            came from visitors it could not follow step by step (Global Privacy Control, steps on another day
            or device) or were sent to the API directly.
          </p>
        )}
        <FunnelChart funnel={report.funnel.map(({ visitors, ...row }) => ({ ...row, count: visitors }))} />
        <DataTable
          caption="What the server did with submitted applications"
          showCaption
          rows={[...report.outcomes]}
          rowKey={(row) => row.id}
          columns={[
            { header: "Outcome", cell: (row) => row.label },
            { header: "Applications", cell: (row) => count(row.count), numeric: true },
          ]}
        />
      </Section>

      <SpeedToLead metrics={metrics} narrowed={narrowed} />

      <Section
        title="Fields with the most validation errors"
        description="The field and the rule it failed, never what was typed. The browser's checks and the server's refusals are counted apart."
      >
        {errors.length ? (
          <BarListChart
            rows={errors}
            label={(row) => `${formFieldLabel(row.field)}: ${ruleLabel(row.code).toLowerCase()}`}
            rowKey={(row) => row.key}
            series={[
              { key: "browser", name: "In the browser", color: CHART_COLORS.primary },
              { key: "server", name: "Refused by the server", color: CHART_COLORS.danger },
            ]}
            caption="Validation errors by field and rule"
            columns={[
              { header: "Field", cell: (row) => formFieldLabel(row.field) },
              { header: "Rule", cell: (row) => ruleLabel(row.code) },
              { header: "In the browser", cell: (row) => count(row.browser), numeric: true },
              { header: "Refused by the server", cell: (row) => count(row.server), numeric: true },
            ]}
          />
        ) : (
          <EmptyState>No validation errors in this range.</EmptyState>
        )}
      </Section>

      <Section
        title="Conversion by source"
        description="Where each visitor's first page view of the day came from."
      >
        {report.bySource.length ? (
          <BarListChart
            rows={report.bySource}
            label={(row) => row.source}
            rowKey={(row) => row.source}
            series={[
              { key: "visitors", name: "Visitors", color: CHART_COLORS.muted },
              { key: "accepted", name: "Accepted", color: CHART_COLORS.primary },
            ]}
            caption="Conversion by source"
            columns={[
              { header: "Source", cell: (row) => row.source },
              { header: "Visitors", cell: (row) => count(row.visitors), numeric: true },
              { header: "Started", cell: (row) => count(row.started), numeric: true },
              { header: "Submitted", cell: (row) => count(row.submitted), numeric: true },
              { header: "Accepted", cell: (row) => count(row.accepted), numeric: true },
              { header: "Delivered", cell: (row) => count(row.delivered), numeric: true },
              { header: "Conversion", cell: (row) => percent(row.accepted, row.visitors), numeric: true },
            ]}
          />
        ) : (
          <EmptyState>No visitors in this range.</EmptyState>
        )}
      </Section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Top pages">
          <DataTable
            caption="Top pages by page views"
            rows={report.topPages}
            rowKey={(row) => row.path}
            columns={[
              { header: "Page", cell: (row) => row.path },
              { header: "Page views", cell: (row) => count(row.pageviews), numeric: true },
            ]}
          />
        </Section>
        <Section title="Top sources">
          <DataTable
            caption="Top sources by visitors"
            rows={report.topSources}
            rowKey={(row) => row.source}
            columns={[
              { header: "Source", cell: (row) => row.source },
              { header: "Visitors", cell: (row) => count(row.visitors), numeric: true },
            ]}
          />
        </Section>
        <Section title="Other actions">
          <DataTable
            caption="Other actions"
            rows={[...report.intents]}
            rowKey={(row) => row.id}
            columns={[
              { header: "Action", cell: (row) => row.label },
              { header: "Count", cell: (row) => count(row.count), numeric: true },
            ]}
          />
        </Section>
        <Section title="Devices">
          <DataTable
            caption="Visitors by kind of device"
            rows={report.devices}
            rowKey={(row) => row.device}
            columns={[
              { header: "Device", cell: (row) => row.device },
              { header: "Visitors", cell: (row) => count(row.visitors), numeric: true },
            ]}
          />
        </Section>
      </div>
    </>
  );
}
