/** The wizard's last step: every answer in cards, the SMS consent, and the submit button. */
import { ArrowRightIcon, Loader2Icon, PencilIcon, ShieldCheckIcon } from "lucide-react";
import { Controller, useFormState, useWatch } from "react-hook-form";
import { Button } from "#ui/button";
import { Checkbox } from "#ui/checkbox";
import { FieldError } from "#ui/field";
import { legalPagePath, legalPageTitles, type LegalPageSlug } from "~/content/legal/slugs";
import { cn } from "#ui/cn";
import { formatUsd, hyphenToTitleCase } from "#domain/lib/format";
import type { ApplicationForm } from "./application-form";
import { fieldCopy, wizardCopy } from "#domain/application/copy";
import { isChoiceField, optionsByField, smsConsentText } from "#domain/application/schema";
import { summaryCards, type AnswerField } from "#domain/application/steps";
import { wideFields } from "./wizard-frame";

/** What the review step shows for a value: the option's label, the amount as USD, or the text. */
export function displayValue(name: AnswerField, value: string): string {
  if (!value) return "—";
  if (isChoiceField(name)) {
    const options: readonly { value: string; label: string }[] = optionsByField[name];
    return options.find((option) => option.value === value)?.label ?? hyphenToTitleCase(value);
  }
  if (name === "fundingAmount") {
    const amount = Number(value);
    return Number.isFinite(amount) ? formatUsd(amount) : value;
  }
  return value;
}

export function ReviewStep({
  form,
  idBase,
  onEdit,
}: {
  form: ApplicationForm;
  idBase: string;
  onEdit: (step: number) => void;
}) {
  const values = useWatch({ control: form.control });
  const consentId = `${idBase}-smsConsent`;
  const consentErrorId = `${idBase}-smsConsent-error`;
  const consentError = useFormState({ control: form.control, name: "smsConsent" }).errors.smsConsent?.message;

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 lg:grid-cols-2">
        {summaryCards.map((card) => (
          <section
            key={card.title}
            aria-labelledby={`${idBase}-summary-${card.step}`}
            className={cn(
              "flex flex-col gap-3 rounded-xl border border-border bg-muted/60 p-4 sm:p-5",
              card.step === 1 && "lg:col-span-2",
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h4 id={`${idBase}-summary-${card.step}`} className="font-semibold">
                {card.title}
              </h4>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="-my-1.5 -mr-2 text-primary"
                onClick={() => onEdit(card.step)}
              >
                <PencilIcon aria-hidden="true" />
                {wizardCopy.edit}
                <span className="sr-only"> {card.title}</span>
              </Button>
            </div>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
              {card.fields.map((name) => (
                <div
                  key={name}
                  className={cn("min-w-0", (wideFields.has(name) || name === "email") && "col-span-2")}
                >
                  <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                    {fieldCopy[name].summaryLabel ?? fieldCopy[name].label}
                  </dt>
                  <dd className="mt-0.5 text-sm font-medium break-words whitespace-pre-line">
                    {displayValue(name, values[name] ?? "")}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>

      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheckIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {wizardCopy.reviewNote}
      </p>

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 sm:p-5">
          <Controller
            control={form.control}
            name="smsConsent"
            render={({ field }) => (
              <Checkbox
                id={consentId}
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? consentErrorId : undefined}
                aria-required="true"
                className="mt-0.5"
              />
            )}
          />
          <p className="text-sm leading-relaxed text-muted-foreground">
            <label htmlFor={consentId} className="cursor-pointer text-foreground">
              {smsConsentText}
            </label>{" "}
            {wizardCopy.consentLinksLead} <LegalLink slug="terms-of-service" /> and{" "}
            <LegalLink slug="privacy-policy" />.
          </p>
        </div>
        <FieldError id={consentErrorId} className="mt-0">
          {consentError}
        </FieldError>
      </div>
    </div>
  );
}

function LegalLink({ slug }: { slug: LegalPageSlug }) {
  // A new tab keeps the application in place while the visitor reads. A
  // plain link: the wizard is an island, with no router around it.
  return (
    <a
      href={legalPagePath(slug)}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
    >
      {legalPageTitles[slug]}
      <span className="sr-only"> {wizardCopy.newTab}</span>
    </a>
  );
}

/** Disabled until the visitor consents, and while the application is on its way. */
export function SubmitButton({ form, submitting }: { form: ApplicationForm; submitting: boolean }) {
  const consent = useWatch({ control: form.control, name: "smsConsent" });
  return (
    <Button type="submit" disabled={!consent || submitting}>
      {submitting ? (
        <>
          <Loader2Icon className="animate-spin" aria-hidden="true" />
          {wizardCopy.submitting}
        </>
      ) : (
        <>
          {wizardCopy.submit}
          <ArrowRightIcon aria-hidden="true" />
        </>
      )}
    </Button>
  );
}
