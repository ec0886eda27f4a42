import { ArrowRightIcon, ClockIcon } from "lucide-react";
import { ClaimText } from "~/components/claim-text";
import { IntroducedSection } from "~/components/section";
import { SectionLink } from "~/components/section-link";
import { Badge } from "#ui/badge";
import { buttonVariants } from "#ui/button";
import { cn } from "#ui/cn";
import type { HomeContent } from "~/content/home";

/** Four steps from application to funding, each with its timeline. */
export function HowItWorks({ intro, steps, summary }: HomeContent["process"]) {
  return (
    <IntroducedSection id="how-it-works" tone="muted" intro={intro} headingId="how-it-works-heading">
      <ol className="relative mt-12 grid gap-6 sm:mt-16 md:grid-cols-2 lg:grid-cols-4">
        {/* The line that joins the step numbers on wide screens. */}
        <span
          aria-hidden="true"
          className="absolute top-12 right-[12.5%] left-[12.5%] hidden h-px bg-border lg:block"
        />
        {steps.map((step) => (
          <li
            key={step.number}
            className="relative flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 shadow-card"
          >
            <div className="flex items-center justify-between gap-3">
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground ring-8 ring-card"
              >
                {step.number}
              </span>
              <Badge>
                <ClockIcon aria-hidden="true" />
                <ClaimText text={step.timeline} />
              </Badge>
            </div>
            <h3 className="text-lg font-semibold tracking-tight">
              <span className="sr-only">Step {step.number}: </span>
              {step.title}
            </h3>
            <p className="text-sm leading-relaxed text-muted-foreground">
              <ClaimText text={step.description} />
            </p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-col items-center justify-between gap-5 rounded-2xl bg-ink px-6 py-6 text-ink-foreground sm:flex-row sm:px-8">
        <p className="flex items-center gap-3 text-center text-lg font-semibold sm:text-left">
          <ClockIcon className="hidden size-6 shrink-0 text-highlight sm:block" aria-hidden="true" />
          {/* One flex item, as the plain words were: the claim inside must not become another. */}
          <span>
            <ClaimText text={summary} />
          </span>
        </p>
        <SectionLink
          className={cn(buttonVariants({ variant: "inverse", size: "lg" }), "w-full sm:w-auto")}
          section="funding-form"
        >
          Start your application <ArrowRightIcon aria-hidden="true" />
        </SectionLink>
      </div>
    </IntroducedSection>
  );
}
