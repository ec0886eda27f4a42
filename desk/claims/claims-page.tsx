/**
 * Every claim the public site states (the register, #domain/claims), grouped
 * by its status today, the ones to act on first: lapsed, unsupported, due
 * for review, then supported. Each row: the wording, status, who keeps it
 * true and who signs it off, its review day, evidence, the public pages that
 * state it in the served build, and the wording to fall back on.
 */
import { useLoaderData } from "react-router";
import { Badge, type BadgeVariant } from "#ui/badge";
import { DUE_WITHIN_DAYS, type ClaimStatus } from "#domain/claims/status";
import type { ClaimItem, ClaimsOverview } from "#domain/desk/contract";
import { DataTable, type ListColumn } from "../common/components/data-list";
import { EmptyState, Notice } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { formatDay } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { getClaims } from "./api";
import { ComputedClaims } from "./computed-claims";

/** The groups in the page's order: the ones to act on first. */
const STATUS_ORDER: ClaimStatus[] = ["lapsed", "unsupported", "due", "supported"];

export const claimsLoader = guarded(({ request }) => getClaims(request.signal));

const STATUS_WORDS: Record<
  ClaimStatus,
  { label: string; tone: BadgeVariant; title: string; description: string }
> = {
  lapsed: {
    label: "Lapsed",
    tone: "bad",
    title: "Lapsed",
    description: "The review day has passed: review the claim now, or state its fallback wording instead.",
  },
  unsupported: {
    label: "Unsupported",
    tone: "bad",
    title: "Unsupported",
    description: "No evidence backs the claim: attach it, or state its fallback wording instead.",
  },
  due: {
    label: "Due for review",
    tone: "held",
    title: "Due for review",
    description: `The review day falls within ${DUE_WITHIN_DAYS} days.`,
  },
  supported: {
    label: "Supported",
    tone: "good",
    title: "Supported",
    description: `Evidence is recorded and the review day is more than ${DUE_WITHIN_DAYS} days off.`,
  },
};

function Pages({ pages }: { pages: string[] | null }) {
  if (pages === null) return <span className="text-muted-foreground">Not built yet</span>;
  if (pages.length === 0) return <span className="text-muted-foreground">No page</span>;
  return (
    <ul className="flex flex-col gap-1">
      {pages.map((page) => (
        <li key={page}>
          {/* A public page, outside the desk: a plain link, not the desk's router. */}
          <a href={page} className="font-mono text-xs underline underline-offset-2 hover:text-primary">
            {page}
          </a>
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ListColumn<ClaimItem>[] = [
  {
    header: "Claim",
    rowHeader: true,
    className: "min-w-44 font-normal",
    cell: (claim) => (
      <span className="flex flex-col gap-1">
        <span className="font-medium">{claim.wording}</span>
        <span className="font-mono text-xs text-muted-foreground">{claim.id}</span>
      </span>
    ),
  },
  {
    header: "Status",
    cell: (claim) => (
      <Badge variant={STATUS_WORDS[claim.status].tone}>{STATUS_WORDS[claim.status].label}</Badge>
    ),
  },
  {
    header: "Owner / approver",
    className: "min-w-36",
    cell: (claim) => (
      <dl className="flex flex-col gap-0.5">
        <div>
          <dt className="sr-only">Owner</dt>
          <dd>{claim.owner}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">Approver: </dt>
          <dd className="inline">{claim.approver}</dd>
        </div>
      </dl>
    ),
  },
  { header: "Review by", className: "whitespace-nowrap", cell: (claim) => formatDay(claim.reviewBy) },
  {
    header: "Evidence",
    className: "min-w-52",
    cell: (claim) =>
      claim.evidence.length === 0 ? (
        <span className="text-destructive">None</span>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-4">
          {claim.evidence.map((evidence, index) => (
            <li key={index}>
              {evidence.description}
              {evidence.file && <span className="block font-mono text-xs">{evidence.file}</span>}
            </li>
          ))}
        </ul>
      ),
  },
  { header: "Appears on", cell: (claim) => <Pages pages={claim.pages} /> },
  { header: "Fallback wording", className: "min-w-44", cell: (claim) => claim.fallback },
];

function StatusGroup({ status, claims }: { status: ClaimStatus; claims: ClaimItem[] }) {
  const words = STATUS_WORDS[status];
  return (
    <Section title={`${words.title} (${claims.length})`} description={words.description}>
      {claims.length === 0 ? (
        <EmptyState>No {words.label.toLowerCase()} claims.</EmptyState>
      ) : (
        <DataTable
          items={claims}
          caption={`${words.title} claims`}
          columns={COLUMNS}
          rowKey={(claim) => claim.id}
          focusable
        />
      )}
    </Section>
  );
}

export function ClaimsPage() {
  const overview = useLoaderData() as ClaimsOverview;
  useDocumentTitle("Claims");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Claims"
        description={`Every figure the public site states, with its status on ${formatDay(overview.today)}: the ones to act on first.`}
      />
      {!overview.built && (
        <Notice title="Not built yet">
          The server found no build of the public site, so the pages each claim appears on are not known. They
          show once the site is built.
        </Notice>
      )}
      {STATUS_ORDER.map((status) => (
        <StatusGroup
          key={status}
          status={status}
          claims={overview.claims.filter((claim) => claim.status === status)}
        />
      ))}
      <ComputedClaims />
    </div>
  );
}
