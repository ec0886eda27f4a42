/**
 * The Claims page's "Computed from our records" part: each figure the server
 * counts from our own records (GET /claims/computed), beside the wording the
 * site uses and the claim it backs, with whether it still backs it, the rule
 * that says so and when it was computed; then the ratings held, per source,
 * averaged over all of them. It loads on its own, so the rest of the page
 * never waits for it.
 */
import { useEffect, useState } from "react";
import { Badge, type BadgeVariant } from "#ui/badge";
import type { Verdict } from "#domain/claims/computed";
import type { ComputedClaimItem, ComputedClaimsOverview, RatingSourceSummary } from "#domain/desk/contract";
import { asApiError } from "../common/api/client";
import { DataTable, type ListColumn } from "../common/components/data-list";
import { EmptyState, ErrorAlert, StatusMessage } from "../common/components/messages";
import { Section } from "../common/components/page";
import { formatDateTime, formatDay, plural } from "../common/lib/format";
import { getComputedClaims } from "./api";

const VERDICT_WORDS: Record<Verdict, { label: string; tone: BadgeVariant }> = {
  supports: { label: "Backs the claim", tone: "good" },
  "does-not-support": { label: "Does not back the claim", tone: "bad" },
  "too-little-data": { label: "Too little data", tone: "held" },
};

const FIGURE_COLUMNS: ListColumn<ComputedClaimItem>[] = [
  {
    header: "The site says",
    rowHeader: true,
    className: "min-w-44 font-normal",
    cell: (item) => (
      <span className="flex flex-col gap-1">
        <span className="font-medium">{item.claim.wording}</span>
        <span className="font-mono text-xs text-muted-foreground">{item.claim.id}</span>
      </span>
    ),
  },
  {
    header: "Our records",
    className: "min-w-52",
    cell: (item) => (
      <span className="flex flex-col gap-1">
        <span className="font-medium">{item.title}</span>
        <span>{item.sentence ?? "Not computed yet"}</span>
      </span>
    ),
  },
  {
    header: "Backs it?",
    cell: (item) =>
      item.snapshot ? (
        <Badge variant={VERDICT_WORDS[item.snapshot.verdict].tone}>
          {VERDICT_WORDS[item.snapshot.verdict].label}
        </Badge>
      ) : (
        <span className="text-muted-foreground">Not computed yet</span>
      ),
  },
  {
    header: "Counts",
    className: "min-w-64",
    cell: (item) => (
      <dl className="flex flex-col gap-0.5 text-xs">
        <div>
          <dt className="inline text-muted-foreground">Counts: </dt>
          <dd className="inline">{item.meaning.numerator}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Out of: </dt>
          <dd className="inline">{item.meaning.denominator}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Period: </dt>
          <dd className="inline">{item.meaning.period}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Least N: </dt>
          <dd className="inline">{item.minimumN}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Rule: </dt>
          <dd className="inline">{item.rule}</dd>
        </div>
      </dl>
    ),
  },
  {
    header: "Computed",
    className: "whitespace-nowrap",
    cell: (item) => (item.snapshot ? formatDateTime(item.snapshot.computedAt) : "Never"),
  },
];

const RATING_COLUMNS: ListColumn<RatingSourceSummary>[] = [
  { header: "Source", rowHeader: true, className: "min-w-52 font-normal", cell: (rating) => rating.source },
  { header: "Ratings", cell: (rating) => rating.count },
  { header: "Average of all", cell: (rating) => rating.average.toFixed(2) },
  {
    header: "Period",
    className: "whitespace-nowrap",
    cell: (rating) => `${formatDay(rating.from)} to ${formatDay(rating.to)}`,
  },
];

/** CLAIMS_COMPUTE_EVERY in words: "hour", "6 hours", "30 minutes". */
function interval(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? "hour" : plural(ms / 3_600_000, "hour");
  return plural(Math.max(1, Math.round(ms / 60_000)), "minute");
}

export function ComputedClaims() {
  const [overview, setOverview] = useState<ComputedClaimsOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getComputedClaims(controller.signal).then(setOverview, (caught: unknown) => {
      if (!controller.signal.aborted) setError(asApiError(caught).message);
    });
    return () => controller.abort();
  }, []);

  return (
    <Section
      title="Computed from our records"
      description={
        overview
          ? `Each figure counted again every ${interval(overview.everyMs)} from the review and decision clocks, the CRM's reports and the ratings held, beside the claim it backs.`
          : "Each figure counted from the review and decision clocks, the CRM's reports and the ratings held, beside the claim it backs."
      }
    >
      {error ? (
        <ErrorAlert>{error}</ErrorAlert>
      ) : !overview ? (
        <StatusMessage>Loading the computed figures…</StatusMessage>
      ) : (
        <div className="flex flex-col gap-4">
          <DataTable
            items={overview.figures}
            caption="Computed claims"
            columns={FIGURE_COLUMNS}
            rowKey={(item) => item.figure}
            focusable
          />
          {overview.ratings.length === 0 ? (
            <EmptyState>No ratings held yet: import them with the operator CLI (ratings import).</EmptyState>
          ) : (
            <DataTable
              items={overview.ratings}
              caption="Ratings held"
              columns={RATING_COLUMNS}
              rowKey={(rating) => rating.source}
            />
          )}
        </div>
      )}
    </Section>
  );
}
