import { Fragment } from "react";
import { Claim } from "~/components/claim";
import { notAClaimProps } from "~/components/claim-text";
import type { MethodologyGroup, MethodologyPageContent } from "~/content/methodology";
import type { ClaimRecord } from "#domain/claims/record";
import type { ClaimId } from "#domain/claims/register";

const KIND: Record<ClaimRecord["kind"], string> = {
  static: "Typed by hand from the evidence, and reviewed",
  computed: "Computed from our records",
};

/** One claim: its words as the site prints them, and what stands behind them. */
function ClaimEntry({ record }: { record: ClaimRecord }) {
  const { meaning, source } = record;
  const rows: [string, string][] = [
    ["Counts", meaning.numerator],
    ["Out of", meaning.denominator],
    ["Among", meaning.population],
    ["Period", meaning.period],
    ["Kind", KIND[record.kind]],
    ...(source
      ? ([
          ["Source", source.name],
          ["Responses or cases", String(source.count)],
          ["Collected", source.period],
        ] as [string, string][])
      : []),
    ["Kept true by", `${record.owner}, approved by ${record.approver}`],
    ["Next review", `by ${record.reviewBy}`],
  ];
  return (
    <li id={`claim-${record.id}`} className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6">
      <h3 className="text-lg font-semibold tracking-tight text-pretty">
        <Claim id={record.id as ClaimId} />
      </h3>
      <dl
        {...notAClaimProps("definition")}
        className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]"
      >
        {rows.map(([term, detail]) => (
          <Fragment key={term}>
            <dt className="font-medium text-foreground">{term}</dt>
            <dd className="mb-2 text-muted-foreground sm:mb-0">{detail}</dd>
          </Fragment>
        ))}
      </dl>
    </li>
  );
}

function Group({ group }: { group: MethodologyGroup }) {
  return (
    <section aria-labelledby={`${group.id}-heading`} className="scroll-mt-24" id={group.id}>
      <h2 id={`${group.id}-heading`} className="text-2xl font-bold tracking-tight">
        {group.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{group.description}</p>
      <ul className="mt-6 grid gap-4 lg:grid-cols-2">
        {group.records.map((record) => (
          <ClaimEntry key={record.id} record={record} />
        ))}
      </ul>
    </section>
  );
}

/** The methodology page's body: the intro, links to the groups, then each group's claims. */
export function MethodologyPage({ content }: { content: MethodologyPageContent }) {
  const { intro, groups } = content;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-primary uppercase">{intro.eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{intro.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{intro.description}</p>
        <nav aria-label="Groups of figures" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="inline-flex h-10 items-center rounded-lg border border-input bg-card px-4 text-sm font-semibold transition-colors hover:bg-muted"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <div className="mt-12 flex flex-col gap-14">
        {groups.map((group) => (
          <Group key={group.id} group={group} />
        ))}
      </div>
    </div>
  );
}
