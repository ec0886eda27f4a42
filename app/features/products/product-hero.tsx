import {
  ArrowRightIcon,
  CalendarDaysIcon,
  CheckIcon,
  ClockIcon,
  TargetIcon,
  type LucideIcon,
} from "lucide-react";
import { ConsultationDialog } from "~/components/consultation-dialog";
import { ContentIcon } from "~/components/content-icon";
import { Decoration } from "~/components/decoration";
import { HeroLead, HeroTitle } from "~/components/hero-heading";
import { SectionLink } from "~/components/section-link";
import { Button, buttonVariants } from "#ui/button";
import { productPageCopy as copy } from "~/content/product-page-copy";
import type { Product } from "~/content/products";
import { ClaimText } from "~/components/claim-text";

/** Product page hero: what it is, how much, and the two ways to act. */
export function ProductHero({ product }: { product: Product }) {
  return (
    <section aria-labelledby="product-heading" className="relative overflow-clip">
      <Decoration className="pointer-events-none absolute top-20 -left-56 size-[28rem] rounded-full bg-accent blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl gap-10 px-4 pt-10 pb-16 sm:px-6 sm:pt-14 sm:pb-20 lg:grid-cols-[1.35fr_1fr] lg:items-center lg:gap-16 lg:px-8">
        <div className="flex flex-col gap-6">
          <p className="inline-flex items-center gap-2.5 text-sm font-semibold tracking-wider text-primary uppercase">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <ContentIcon name={product.icon} className="size-4.5" />
            </span>
            {copy.heroEyebrow}
          </p>
          <HeroTitle id="product-heading">{product.title}</HeroTitle>
          <HeroLead className="max-w-2xl">
            <ClaimText text={product.subtitle} />
          </HeroLead>
          <ul className="flex flex-wrap gap-2.5" aria-label="Key features">
            {product.chips.map((chip) => (
              <li
                key={chip}
                className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3.5 py-1.5 text-sm font-medium shadow-sm"
              >
                <CheckIcon className="size-4 text-primary" aria-hidden="true" />
                <ClaimText text={chip} />
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 pt-2 sm:flex-row">
            <SectionLink className={buttonVariants({ size: "lg" })} section="funding-form">
              {copy.apply}
              <ArrowRightIcon aria-hidden="true" />
            </SectionLink>
            <ConsultationDialog
              trigger={
                <Button variant="outline" size="lg">
                  <CalendarDaysIcon aria-hidden="true" />
                  {copy.consult}
                </Button>
              }
            />
          </div>
          <p className="text-sm text-muted-foreground">{copy.reassurance}</p>
        </div>

        <div className="relative overflow-hidden rounded-2xl bg-ink p-6 text-ink-foreground shadow-lift sm:p-8">
          <Decoration className="pointer-events-none absolute -right-20 -bottom-24 size-64 rounded-full bg-primary/50 blur-3xl" />
          <dl className="relative flex flex-col gap-6">
            <div className="flex flex-col gap-1">
              <dt className="text-sm font-semibold tracking-wider text-highlight uppercase">
                {copy.rangeLabel}
              </dt>
              <dd className="text-4xl font-bold tracking-tight sm:text-5xl">
                <ClaimText text={product.range.label} />
              </dd>
            </div>
            <HeroFact icon={ClockIcon} label={copy.speedLabel} value={product.typicalSpeed} />
            <HeroFact icon={TargetIcon} label={copy.bestForLabel} value={product.bestFor} />
          </dl>
        </div>
      </div>
    </section>
  );
}

/** One of the panel's facts below the range: its icon and label, then the value. */
function HeroFact({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="relative border-t border-white/10 pt-5 pl-8">
      <dt className="text-sm text-ink-muted">
        <Icon className="absolute top-5.5 left-0 size-5 text-highlight" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-semibold">
        <ClaimText text={value} />
      </dd>
    </div>
  );
}
