import { ClaimText } from "~/components/claim-text";
import { ContentIcon } from "~/components/content-icon";
import { Section, SectionHeader } from "~/components/section";
import type { HomeContent } from "~/content/home";

/** Who we are: the track record in figures and why founders choose us. */
export function AboutSection({ about, claims }: Pick<HomeContent, "about" | "claims">) {
  return (
    <Section id="about-us" tone="ink" aria-labelledby="about-us-heading" className="relative overflow-clip">
      <div className="grid gap-12 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
        <div className="flex flex-col gap-8">
          <SectionHeader
            align="left"
            eyebrow={about.eyebrow}
            title={about.title}
            description={about.description}
            headingId="about-us-heading"
          />
          <ul className="grid gap-5 sm:grid-cols-2">
            {about.reasons.map((reason) => (
              <li key={reason.title} className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <ContentIcon name={reason.icon} className="size-5 text-highlight" />
                </span>
                <div>
                  <h3 className="font-semibold">
                    <ClaimText text={reason.title} />
                  </h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">
                    <ClaimText text={reason.description} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-2 gap-px self-center overflow-hidden rounded-2xl bg-white/10 ring-1 ring-white/10 sm:grid-cols-3 lg:grid-cols-2">
          {claims.map((claim) => (
            <div key={claim.id} className="flex flex-col gap-1 bg-ink-soft p-4 sm:p-6">
              <dt className="text-sm font-semibold sm:text-base">{claim.label}</dt>
              <dd className="order-first text-2xl font-bold tracking-tight whitespace-nowrap text-highlight tabular-nums sm:text-4xl">
                <ClaimText text={claim.value} />
              </dd>
              <dd className="text-xs leading-relaxed text-ink-muted sm:text-sm">
                <ClaimText text={claim.detail} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}
