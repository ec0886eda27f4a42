import {
  BadgeCheckIcon,
  ClockIcon,
  FileCheckIcon,
  PhoneIcon,
  ShieldIcon,
  type LucideIcon,
} from "lucide-react";
import { ClaimText } from "~/components/claim-text";
import { IntroducedSection } from "~/components/section";
import { Island } from "~/islands/island";
import { publicEnv } from "~/lib/public-env";
import { siteFacts } from "#domain/site-facts";
import { sectionCopy } from "#domain/application/copy";
import { FundingWizardIsland } from "./funding-wizard";

const assuranceIcons: Record<(typeof sectionCopy.assurances)[number]["icon"], LucideIcon> = {
  clock: ClockIcon,
  "file-check": FileCheckIcon,
  "badge-check": BadgeCheckIcon,
  shield: ShieldIcon,
};

/**
 * The home page's #funding-form section: heading, the wizard in a card, and
 * what to expect. The wizard is an island (app/islands): its step 1 is real
 * fields in the page's HTML, and its code loads as the visitor approaches.
 */
export function FundingApplicationSection() {
  return (
    <IntroducedSection id="funding-form" tone="muted" intro={sectionCopy} headingId="funding-form-heading">
      <div className="mx-auto mt-10 grid max-w-6xl gap-6 sm:mt-12 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
        <Island
          name="wizard"
          component={FundingWizardIsland}
          props={{ bookingUrl: publicEnv.bookingUrl }}
          className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-card sm:p-8"
        />
        <Assurances />
      </div>
    </IntroducedSection>
  );
}

function Assurances() {
  return (
    <aside aria-label="What to expect" className="flex flex-col gap-4 lg:pt-2">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {sectionCopy.assurances.map((item) => {
          const Icon = assuranceIcons[item.icon];
          return (
            <li key={item.title} className="flex items-start gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="flex flex-col gap-0.5">
                <span className="font-semibold">
                  <ClaimText text={item.title} />
                </span>
                <span className="text-sm text-muted-foreground">
                  <ClaimText text={item.text} />
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="flex items-center gap-2 rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">
        <PhoneIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          {sectionCopy.help}{" "}
          <a
            href={`tel:${siteFacts.phone.e164}`}
            className="font-semibold whitespace-nowrap text-foreground underline-offset-2 hover:underline"
          >
            {siteFacts.phone.display}
          </a>
        </span>
      </p>
    </aside>
  );
}
