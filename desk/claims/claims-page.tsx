/**
 * Every claim the public site states (the register, #domain/claims), grouped
 * by its status today, the ones to act on first: lapsed, unsupported, due
 * for review, then supported. Each row: the wording (a link to the claim's
 * page: evidence, review, history), status, who holds its owner's and
 * approver's roles, its review day, the evidence filed, the public pages that
 * state it in the served build, and the wording to fall back on. Above them,
 * the roles: who holds each (admins change it), and which nobody holds, whose
 * claims' owners nobody e-mails.
 */
import { useState } from "react";
import { Link, useLoaderData, useRevalidator } from "react-router";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { fieldControlClasses } from "#ui/input";
import { cn } from "#ui/cn";
import type { ClaimStatus } from "#domain/claims/status";
import type { ClaimItem, ClaimRoleHolder, ClaimsOverview } from "#domain/desk/contract";
import { DESK_PAGES } from "#domain/desk/pages";
import { DataTable, type ListColumn } from "../common/components/data-list";
import { useMe } from "../common/components/layout";
import { EmptyState, ErrorAlert, Notice } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { formatDay, plural } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { getClaims, setRoleHolder } from "./api";
import { filedFiles, holderOf, holderWords, STATUS_ORDER, STATUS_WORDS } from "./claim-words";
import { ComputedClaims } from "./computed-claims";

export const claimsLoader = guarded(({ request }) => getClaims(request.signal));

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

/** Who holds the role, under its name: "Nobody" loudly, since nobody is then e-mailed. */
function HolderLine({ holder }: { holder: ClaimRoleHolder["holder"] }) {
  return (
    <span
      className={cn(
        "block text-xs",
        holder?.active ? "text-muted-foreground" : "font-medium text-destructive",
      )}
    >
      {holderWords(holder)}
    </span>
  );
}

const columns = (overview: ClaimsOverview): ListColumn<ClaimItem>[] => [
  {
    header: "Claim",
    rowHeader: true,
    className: "min-w-44 font-normal",
    cell: (claim) => (
      <span className="flex flex-col gap-1">
        <Link
          to={`/${DESK_PAGES.claim.path(claim.id)}`}
          className="font-medium underline underline-offset-2 hover:text-primary"
        >
          {claim.wording}
        </Link>
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
          <dd>
            {claim.owner}
            <HolderLine holder={holderOf(overview, claim.owner)} />
          </dd>
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
    className: "min-w-36",
    cell: (claim) => {
      const filed = filedFiles(claim).length;
      const withdrawn = claim.files.length - filed;
      return (
        <span className="flex flex-col gap-0.5">
          {filed === 0 ? (
            <span className="font-medium text-destructive">None filed</span>
          ) : (
            <span>{plural(filed, "file")} filed</span>
          )}
          {withdrawn > 0 && <span className="text-xs text-muted-foreground">{withdrawn} withdrawn</span>}
        </span>
      );
    },
  },
  { header: "Appears on", cell: (claim) => <Pages pages={claim.pages} /> },
  { header: "Fallback wording", className: "min-w-44", cell: (claim) => claim.fallback },
];

function StatusGroup({
  status,
  claims,
  overview,
}: {
  status: ClaimStatus;
  claims: ClaimItem[];
  overview: ClaimsOverview;
}) {
  const words = STATUS_WORDS[status];
  return (
    <Section title={`${words.title} (${claims.length})`} description={words.description}>
      {claims.length === 0 ? (
        <EmptyState>No {words.label.toLowerCase()} claims.</EmptyState>
      ) : (
        <DataTable
          items={claims}
          caption={`${words.title} claims`}
          columns={columns(overview)}
          rowKey={(claim) => claim.id}
          focusable
        />
      )}
    </Section>
  );
}

/** One role and who holds it; an admin changes it in place. */
function RoleRow({
  entry,
  overview,
  admin,
}: {
  entry: ClaimRoleHolder;
  overview: ClaimsOverview;
  admin: boolean;
}) {
  const revalidator = useRevalidator();
  const { run, pending, error } = useAction();
  const [chosen, setChosen] = useState(entry.holder?.id ?? "");
  const count = overview.claims.filter(
    (claim) => claim.owner === entry.role || claim.approver === entry.role,
  ).length;
  const selectId = `role-${entry.role.replace(/\W+/g, "-")}`;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{entry.role}</span>
        <span className="text-sm text-muted-foreground">
          {plural(count, "claim")} ·{" "}
          <span className={cn(!entry.holder && "font-medium text-destructive")}>
            {holderWords(entry.holder)}
          </span>
        </span>
      </div>
      {admin && (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if ((await run(() => setRoleHolder(entry.role, chosen || null))) !== undefined)
              void revalidator.revalidate();
          }}
        >
          <label htmlFor={selectId} className="sr-only">
            Who holds {entry.role}
          </label>
          <select
            id={selectId}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            className={cn(fieldControlClasses, "h-10 w-auto max-w-64")}
          >
            <option value="">Nobody</option>
            {overview.people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name || person.email}
              </option>
            ))}
          </select>
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={pending || chosen === (entry.holder?.id ?? "")}
          >
            {pending ? "Saving…" : "Save"}
          </Button>
          {error && <ErrorAlert className="w-full">{error.message}</ErrorAlert>}
        </form>
      )}
    </li>
  );
}

function Roles({ overview }: { overview: ClaimsOverview }) {
  const me = useMe();
  const admin = me.role === "admin";
  return (
    <Section
      title="Owners and approvers"
      description={
        admin
          ? "Give each role the register names to a staff member: the owner's holder is e-mailed before a claim's review day and when it lapses, and may attach evidence and record reviews."
          : "Who holds each role the register names. An admin gives them; the owner's holder is e-mailed before a claim's review day and when it lapses."
      }
    >
      <ul className="flex flex-col">
        {overview.roles.map((entry) => (
          <RoleRow key={entry.role} entry={entry} overview={overview} admin={admin} />
        ))}
      </ul>
    </Section>
  );
}

export function ClaimsPage() {
  const overview = useLoaderData() as ClaimsOverview;
  useDocumentTitle("Claims");
  // Owner roles nobody (active) holds: their claims' owners are e-mailed by nobody.
  const unheld = overview.roles.filter(
    (entry) =>
      (entry.holder === null || !entry.holder.active) &&
      overview.claims.some((claim) => claim.owner === entry.role),
  );
  const unowned = overview.claims.filter((claim) => unheld.some((entry) => entry.role === claim.owner));
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
      {unowned.length > 0 && (
        <Notice title={`${plural(unowned.length, "claim")} with no owner to tell`}>
          Nobody holds {unheld.map((entry) => entry.role).join(", ")}: nobody is e-mailed when these claims
          come due or lapse. An admin gives each role to a staff member below.
        </Notice>
      )}
      {STATUS_ORDER.map((status) => (
        <StatusGroup
          key={status}
          status={status}
          overview={overview}
          claims={overview.claims.filter((claim) => claim.status === status)}
        />
      ))}
      <ComputedClaims />
      <Roles overview={overview} />
    </div>
  );
}
