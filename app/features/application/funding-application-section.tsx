import {
  BadgeCheckIcon,
  ClockIcon,
  FileCheckIcon,
  PhoneIcon,
  ShieldIcon,
  type LucideIcon,
} from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { IntroducedSection } from "~/components/section";
import { siteFacts } from "#domain/site-facts";
import { cn } from "#ui/cn";
import { fieldCopy, sectionCopy, wizardCopy } from "#domain/application/copy";
import { applicationSteps } from "#domain/application/steps";
import { fieldGridClass, StaticProgress, WizardHeader, wideFields } from "./wizard-frame";

// The wizard (form, schema, Radix) is kept out of the page's first load and
// fetched as the visitor approaches the form.
const loadWizard = () => import("./funding-wizard");
const FundingWizard = lazy(() =>
  loadWizard().then((module) => ({ default: module.FundingWizardWithToasts })),
);

const assuranceIcons: Record<(typeof sectionCopy.assurances)[number]["icon"], LucideIcon> = {
  clock: ClockIcon,
  "file-check": FileCheckIcon,
  "badge-check": BadgeCheckIcon,
  shield: ShieldIcon,
};

/** The home page's #funding-form section: heading, the wizard in a card, and what to expect. */
export function FundingApplicationSection() {
  const [wanted, setWanted] = useState(false);
  const placeholderRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (wanted) return;
    const element = placeholderRef.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setWanted(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      },
      { rootMargin: "800px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  const load = () => {
    void loadWizard();
    setWanted(true);
  };

  return (
    <IntroducedSection id="funding-form" tone="muted" intro={sectionCopy} headingId="funding-form-heading">
      <div className="mx-auto mt-10 grid max-w-6xl gap-6 sm:mt-12 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-8">
        <div
          ref={placeholderRef}
          onPointerEnter={wanted ? undefined : load}
          onFocusCapture={wanted ? undefined : load}
          className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-card sm:p-8"
        >
          {wanted ? (
            <Suspense fallback={<WizardPlaceholder />}>
              <FundingWizard />
            </Suspense>
          ) : (
            <WizardPlaceholder />
          )}
        </div>
        <Assurances />
      </div>
    </IntroducedSection>
  );
}

/** Step 1 drawn without its code: same size as the wizard, so nothing shifts when it loads. */
function WizardPlaceholder() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <WizardHeader step={1} progress={<StaticProgress step={1} />} />
      <p role="status" className="sr-only">
        {sectionCopy.loading}
      </p>
      <div className={fieldGridClass} aria-hidden="true">
        {applicationSteps[0].fields.map((name) => (
          <div key={name} className={cn("flex flex-col gap-2", wideFields.has(name) && "sm:col-span-2")}>
            <span className="text-sm leading-snug font-medium">
              {fieldCopy[name].label}
              <span className="ml-0.5 text-destructive">*</span>
            </span>
            <div
              className={cn(
                "rounded-lg border border-input bg-card px-3.5 text-base text-muted-foreground shadow-xs md:text-sm",
                name === "businessDescription" ? "min-h-28 py-2.5" : "flex h-11 items-center",
              )}
            >
              <span className="line-clamp-1">{fieldCopy[name].placeholder}</span>
            </div>
            <span className="-mt-1 min-h-5" />
          </div>
        ))}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-5" aria-hidden="true">
        <span className="inline-flex h-11 items-center rounded-lg border border-border px-5 text-sm font-semibold text-muted-foreground">
          {wizardCopy.previous}
        </span>
        <span className="inline-flex h-11 items-center rounded-lg bg-primary px-5 text-sm font-semibold text-primary-foreground">
          {wizardCopy.next}
        </span>
      </div>
    </div>
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
                <span className="font-semibold">{item.title}</span>
                <span className="text-sm text-muted-foreground">{item.text}</span>
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
