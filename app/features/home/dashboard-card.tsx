import { BadgeCheckIcon, TrendingUpIcon } from "lucide-react";
import { notAClaimProps } from "~/components/claim-text";
import type { HomeContent } from "~/content/home";

/**
 * The hero's sample client dashboard, drawn with CSS only (it sits in the
 * LCP area: no images, fixed proportions, nothing that shifts on load). Its
 * figures are an illustration, labelled so, and not claims (docs/claims.md).
 */
export function DashboardCard({ sample }: { sample: HomeContent["dashboard"] }) {
  const chartMax = Math.max(...sample.revenueTrendUsd);
  return (
    <figure
      aria-label={sample.label}
      {...notAClaimProps("sample")}
      className="relative mx-auto w-full max-w-md rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-lift sm:p-6 lg:mx-0 lg:ml-auto"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <span className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
            {sample.label}
          </span>
          <span className="text-sm font-semibold">{sample.company}</span>
        </div>
        <span aria-hidden="true" className="mt-1 flex gap-1">
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-primary/60" />
        </span>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-muted p-4">
          <dt className="text-xs font-medium text-muted-foreground">Monthly revenue</dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl">
              {sample.monthlyRevenue.amountLabel}
            </span>
            <span className="inline-flex items-center gap-0.5 text-sm font-semibold text-success">
              <TrendingUpIcon className="size-3.5" aria-hidden="true" />
              {sample.monthlyRevenue.change}
              <span className="sr-only"> {sample.monthlyRevenue.comparedTo}</span>
            </span>
          </dd>
        </div>
        <div className="rounded-xl bg-muted p-4">
          <dt className="text-xs font-medium text-muted-foreground">Year-over-year growth</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-primary tabular-nums sm:text-3xl">
            {sample.yearOverYearGrowthPercent}%
          </dd>
        </div>
      </dl>

      <div className="mt-5">
        <div className="flex items-center justify-between text-xs text-muted-foreground">
          <span>Revenue, last 12 months</span>
          <span>
            {sample.monthlyRevenue.comparedTo}: {sample.monthlyRevenue.change}
          </span>
        </div>
        <div aria-hidden="true" className="mt-3 flex h-28 items-end gap-1.5 border-b border-border sm:h-32">
          {sample.revenueTrendUsd.map((value, index) => (
            <span
              key={index}
              className={
                index === sample.revenueTrendUsd.length - 1
                  ? "flex-1 rounded-t-md bg-primary"
                  : "flex-1 rounded-t-md bg-primary/25"
              }
              style={{ height: `${Math.round((value / chartMax) * 100)}%` }}
            />
          ))}
        </div>
      </div>

      <div className="mt-5 flex items-center gap-3 rounded-xl bg-ink p-4 text-ink-foreground">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/10">
          <BadgeCheckIcon className="size-5 text-highlight" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">
            {sample.round.amountLabel} {sample.round.label.toLowerCase()}
          </p>
          <p className="text-xs text-ink-muted">{sample.round.detail}</p>
        </div>
      </div>

      <figcaption className="mt-4 text-center text-xs text-muted-foreground">{sample.disclaimer}</figcaption>
    </figure>
  );
}
