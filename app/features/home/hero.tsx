import { ArrowRightIcon, CircleCheckIcon } from "lucide-react";
import { ClaimText } from "~/components/claim-text";
import { Decoration } from "~/components/decoration";
import { HeroLead, HeroTitle } from "~/components/hero-heading";
import { SectionLink } from "~/components/section-link";
import { buttonVariants } from "#ui/button";
import type { HomeContent } from "~/content/home";
import { DashboardCard } from "./dashboard-card";
import { InstitutionsStrip } from "./institutions-strip";

/** The home page opening: promise, two actions, sample dashboard, trust strip. */
export function Hero({
  hero,
  valueProps,
  dashboard,
  institutions,
}: Pick<HomeContent, "hero" | "valueProps" | "dashboard" | "institutions">) {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-clip">
      <Decoration className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_85%_0%,var(--color-accent),transparent_70%)]" />
      <Decoration className="absolute inset-0 -z-10 [background-image:linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)] [background-size:48px_48px] opacity-40" />
      <div className="mx-auto max-w-7xl px-4 pt-12 pb-12 sm:px-6 sm:pt-16 lg:px-8 lg:pt-20">
        <div className="grid items-center gap-12 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
          <div className="flex flex-col items-start gap-6">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1 text-sm font-semibold text-accent-foreground shadow-sm">
              <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
              {hero.eyebrow}
            </p>
            <HeroTitle id="hero-heading">{hero.headline}</HeroTitle>
            <HeroLead className="max-w-xl">
              <ClaimText text={hero.subheadline} />
            </HeroLead>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <SectionLink className={buttonVariants({ size: "lg" })} section="funding-form">
                {hero.primaryCta} <ArrowRightIcon aria-hidden="true" />
              </SectionLink>
              <SectionLink className={buttonVariants({ size: "lg", variant: "outline" })} section="products">
                {hero.secondaryCta}
              </SectionLink>
            </div>
            <ul className="flex flex-col gap-x-6 gap-y-2 text-sm font-medium sm:flex-row sm:flex-wrap">
              {valueProps.map((prop) => (
                <li key={prop} className="inline-flex items-center gap-2">
                  <CircleCheckIcon className="size-5 text-primary" aria-hidden="true" />
                  <ClaimText text={prop} />
                </li>
              ))}
            </ul>
          </div>
          <DashboardCard sample={dashboard} />
        </div>
        <div className="mt-16">
          <InstitutionsStrip intro={institutions.intro} institutions={institutions.items} />
        </div>
      </div>
    </section>
  );
}
