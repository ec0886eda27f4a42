import { ArrowRightIcon, CalendarDaysIcon, FileTextIcon, MailIcon, PhoneIcon } from "lucide-react";
import { claimIn } from "#domain/claims/register";
import { notAClaim } from "#domain/claims/text";
import { siteFacts } from "#domain/site-facts";
import { ClaimText } from "./claim-text";
import { ConsultationDialog } from "./consultation-dialog";
import { Decoration } from "./decoration";
import { SectionLink } from "./section-link";
import { Button, buttonVariants } from "#ui/button";

const invitation = `Apply in about ${claimIn("application-time")} and get a funding decision within ${claimIn("decision-time")}. Prefer to talk it through first? Book a free consultation with a funding specialist.`;
const tip = `have your last ${notAClaim("requirement", "12 months")} of bank statements and your most recent financial statements (P&L and balance sheet) ready. It speeds up your review.`;

/** The closing call to action: apply, book a call, or reach us directly. */
export function CtaBlock() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-ink px-6 py-12 text-ink-foreground shadow-lift sm:px-12 sm:py-16">
        <Decoration className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/40 blur-3xl" />
        <div className="relative grid gap-10 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <div className="flex flex-col gap-5">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Ready to grow without giving up equity?
            </h2>
            <p className="text-lg text-ink-muted">
              <ClaimText text={invitation} />
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <SectionLink
                className={buttonVariants({ size: "lg", variant: "inverse" })}
                section="funding-form"
              >
                Get Funding Now <ArrowRightIcon aria-hidden="true" />
              </SectionLink>
              <ConsultationDialog
                trigger={
                  <Button size="lg" variant="outline-inverse">
                    <CalendarDaysIcon aria-hidden="true" /> Schedule Consultation
                  </Button>
                }
              />
            </div>
          </div>
          <div className="flex flex-col gap-4 rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
            <p className="text-sm font-semibold tracking-wider text-highlight uppercase">Talk to us</p>
            <a
              href={`tel:${siteFacts.phone.e164}`}
              className="inline-flex items-center gap-3 text-lg font-semibold hover:underline"
            >
              <PhoneIcon className="size-5 text-highlight" aria-hidden="true" />
              {siteFacts.phone.display}
            </a>
            <a
              href={`mailto:${siteFacts.email}`}
              className="inline-flex items-center gap-3 font-semibold break-all hover:underline"
            >
              <MailIcon className="size-5 shrink-0 text-highlight" aria-hidden="true" />
              {siteFacts.email}
            </a>
            <p className="flex gap-3 border-t border-white/10 pt-4 text-sm text-ink-muted">
              <FileTextIcon className="mt-0.5 size-5 shrink-0 text-highlight" aria-hidden="true" />
              <span>
                <strong className="text-ink-foreground">Tip:</strong> <ClaimText text={tip} />
              </span>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
