import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeftIcon, ArrowRightIcon, Loader2Icon, PencilIcon, ShieldCheckIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldDescription, FieldError, FieldLabel } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Progress } from "~/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { Toaster } from "~/components/ui/sonner";
import { cn } from "~/lib/cn";
import { formatUsd, hyphenToTitleCase } from "~/lib/format";
import { fieldCopy, summaryCards, wizardCopy } from "./copy";
import { browserStorage, clearDraft, loadDraft, saveDraft } from "./draft-store";
import {
  applicationSchema,
  applicationSteps,
  emptyApplication,
  HONEYPOT_FIELD,
  optionsByField,
  smsConsentText,
  stepOfField,
  TOTAL_STEPS,
  type ApplicationField,
  type ApplicationFormValues,
  type FundingApplication,
} from "./schema";
import { buildRequestBody, newSubmissionId, submitApplication } from "./submit-application";
import { fieldGridClass, stepCounterText, stepProgressValue, WizardHeader, wideFields } from "./wizard-frame";

type TextFieldName = Exclude<ApplicationField, "smsConsent" | keyof typeof optionsByField>;
type SelectFieldName = keyof typeof optionsByField;
type Form = UseFormReturn<ApplicationFormValues, unknown, FundingApplication>;

const allFields = Object.keys(emptyApplication) as ApplicationField[];
const DRAFT_DEBOUNCE_MS = 400;

// The form holds strings while it is filled in; the schema turns them into a
// valid application (enums, consent literal) on submit.
const resolver = zodResolver(applicationSchema) as unknown as Resolver<
  ApplicationFormValues,
  unknown,
  FundingApplication
>;

function isSelectField(name: ApplicationField): name is SelectFieldName {
  return name in optionsByField;
}

/** What the review step shows for a value: the option's label, the amount as USD, or the text. */
export function displayValue(name: Exclude<ApplicationField, "smsConsent">, value: string): string {
  if (!value) return "—";
  if (isSelectField(name)) {
    const options: readonly { value: string; label: string }[] = optionsByField[name];
    return options.find((option) => option.value === value)?.label ?? hyphenToTitleCase(value);
  }
  if (name === "fundingAmount") {
    const amount = Number(value);
    return Number.isFinite(amount) ? formatUsd(amount) : value;
  }
  return value;
}

function earliestStep(fields: Iterable<string>): number | undefined {
  let earliest: number | undefined;
  for (const field of fields) {
    const step = stepOfField(field as ApplicationField);
    if (step > 0 && (earliest === undefined || step < earliest)) earliest = step;
  }
  return earliest;
}

/**
 * The wizard with the toast region that announces its outcome, as
 * FundingApplicationSection loads it lazily. Toasts come only from here, so
 * the region (and sonner) loads with the wizard rather than on every page.
 */
export function FundingWizardWithToasts() {
  return (
    <>
      <FundingWizard />
      {createPortal(<Toaster />, document.body)}
    </>
  );
}

/** The four-step funding application. */
export function FundingWizard() {
  const form: Form = useForm<ApplicationFormValues, unknown, FundingApplication>({
    resolver,
    defaultValues: emptyApplication,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [step, setStep] = useState(1);
  const [announcement, setAnnouncement] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const focusHeading = useRef(false);
  const stepRef = useRef(step);
  const submissionId = useRef<string | null>(null);
  const submittingRef = useRef(false);
  const draftReady = useRef(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const persistDraft = useCallback(() => {
    saveTimer.current = null;
    const storage = browserStorage();
    const { smsConsent: _consent, ...values } = form.getValues();
    const empty = Object.values(values).every((value) => value === "");
    if (empty && stepRef.current === 1) {
      clearDraft(storage);
      return;
    }
    saveDraft(storage, { step: stepRef.current, values, submissionId: submissionId.current });
  }, [form]);

  const scheduleDraft = useCallback(() => {
    if (!draftReady.current) return;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(persistDraft, DRAFT_DEBOUNCE_MS);
  }, [persistDraft]);

  // Restore after mount so the first render matches the placeholder, then save on every change.
  useEffect(() => {
    const draft = loadDraft(browserStorage(), allFields);
    if (draft) {
      form.reset({ ...emptyApplication, ...draft.values, smsConsent: false });
      const restoredStep = Math.min(Math.max(draft.step, 1), TOTAL_STEPS);
      stepRef.current = restoredStep;
      setStep(restoredStep);
      submissionId.current = draft.submissionId ?? null;
    }
    draftReady.current = true;
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: () => scheduleDraft() });
    const flush = () => {
      if (saveTimer.current) {
        clearTimeout(saveTimer.current);
        persistDraft();
      }
    };
    window.addEventListener("pagehide", flush);
    return () => {
      unsubscribe();
      window.removeEventListener("pagehide", flush);
      flush();
      draftReady.current = false;
    };
  }, [form, persistDraft, scheduleDraft]);

  useEffect(() => {
    stepRef.current = step;
    scheduleDraft();
    if (focusHeading.current) {
      focusHeading.current = false;
      headingRef.current?.focus();
    }
  }, [step, scheduleDraft]);

  function goToStep(next: number) {
    const target = Math.min(Math.max(next, 1), TOTAL_STEPS);
    focusHeading.current = true;
    setAnnouncement(`${stepCounterText(target)}: ${applicationSteps[target - 1].title}`);
    setStep(target);
  }

  async function goNext() {
    const from = step;
    const valid = await form.trigger([...applicationSteps[from - 1].fields]);
    if (valid) {
      goToStep(from + 1);
    } else {
      const firstInvalid = applicationSteps[from - 1].fields.find((name) => form.getFieldState(name).error);
      if (firstInvalid) form.setFocus(firstInvalid);
    }
  }

  async function onValid(values: FundingApplication) {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    submissionId.current ??= newSubmissionId();
    scheduleDraft();
    const body = buildRequestBody(values, {
      submissionId: submissionId.current,
      honeypot: honeypotRef.current?.value ?? "",
      pageUrl: window.location.href,
    });
    const result = await submitApplication(body, allFields);
    submittingRef.current = false;
    setSubmitting(false);

    if (result.kind === "success") {
      toast.success(wizardCopy.successTitle, { description: wizardCopy.successDescription });
      if (saveTimer.current) clearTimeout(saveTimer.current);
      submissionId.current = null;
      stepRef.current = 1;
      form.reset(emptyApplication);
      clearDraft(browserStorage());
      goToStep(1);
      return;
    }

    console.error("Funding application submission failed", result);
    toast.error(wizardCopy.errorTitle, { description: wizardCopy.errorDescription });
    if (result.kind === "invalid") {
      for (const [field, message] of Object.entries(result.errors)) {
        form.setError(field as ApplicationField, { type: "server", message });
      }
      const target = earliestStep(Object.keys(result.errors));
      if (target !== undefined && target !== step) goToStep(target);
    }
  }

  function onInvalid(errors: FieldErrors<ApplicationFormValues>) {
    const target = earliestStep(Object.keys(errors));
    if (target !== undefined && target !== step) goToStep(target);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (step < TOTAL_STEPS) {
      // Enter in a field, or the Next button: advance instead of submitting.
      event.preventDefault();
      void goNext();
      return;
    }
    void form.handleSubmit(onValid, onInvalid)(event);
  }

  const headingId = `${ids}-heading`;
  const counterId = `${ids}-counter`;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="relative flex flex-col gap-6">
      <WizardHeader
        step={step}
        counterId={counterId}
        headingId={headingId}
        headingRef={headingRef}
        progress={
          <Progress
            value={stepProgressValue(step)}
            aria-labelledby={counterId}
            getValueLabel={() => stepCounterText(step)}
          />
        }
      />

      {step < TOTAL_STEPS ? (
        <div className={fieldGridClass}>
          {applicationSteps[step - 1].fields.map((name) =>
            name === "smsConsent" ? null : <WizardField key={name} form={form} name={name} idBase={ids} />,
          )}
        </div>
      ) : (
        <ReviewStep form={form} idBase={ids} onEdit={goToStep} />
      )}

      <div
        className={cn(
          "flex gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between",
          step === TOTAL_STEPS
            ? "flex-col-reverse [&>button]:w-full sm:[&>button]:w-auto"
            : "items-center justify-between",
        )}
      >
        <Button
          type="button"
          variant="outline"
          disabled={step === 1 || submitting}
          onClick={() => goToStep(step - 1)}
        >
          <ArrowLeftIcon aria-hidden="true" />
          {wizardCopy.previous}
        </Button>
        {step < TOTAL_STEPS ? (
          <Button key="next" type="submit">
            {wizardCopy.next}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        ) : (
          <SubmitButton key="submit" form={form} submitting={submitting} />
        )}
      </div>

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {/* Honeypot: invisible to people and assistive tech; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${ids}-hp`}>{wizardCopy.honeypotLabel}</label>
        <input
          id={`${ids}-hp`}
          ref={honeypotRef}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </form>
  );
}

function fieldIds(idBase: string, name: string) {
  return {
    control: `${idBase}-${name}`,
    label: `${idBase}-${name}-label`,
    hint: `${idBase}-${name}-hint`,
    error: `${idBase}-${name}-error`,
  };
}

function WizardField({
  form,
  name,
  idBase,
}: {
  form: Form;
  name: Exclude<ApplicationField, "smsConsent">;
  idBase: string;
}) {
  const copy = fieldCopy[name];
  const id = fieldIds(idBase, name);
  const error = form.formState.errors[name]?.message;
  const describedBy = [copy.hint && id.hint, error && id.error].filter(Boolean).join(" ") || undefined;
  const a11y = { id: id.control, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  // After a failed Next, re-check a field as it is corrected so its message clears.
  const revalidate = () => {
    if (form.getFieldState(name).error) void form.trigger(name);
  };

  let control: React.ReactNode;
  if (isSelectField(name)) {
    const options: readonly { value: string; label: string; hint?: string }[] = optionsByField[name];
    control = (
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select
            name={field.name}
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              revalidate();
            }}
          >
            <SelectTrigger
              {...a11y}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-labelledby={id.label}
              aria-required="true"
            >
              <SelectValue placeholder={copy.placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} hint={option.hint}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    );
  } else if (name === "businessDescription") {
    control = (
      <Textarea
        {...a11y}
        {...form.register(name, { onChange: revalidate })}
        placeholder={copy.placeholder}
        aria-required="true"
      />
    );
  } else {
    const textName: TextFieldName = name;
    control = (
      <Input
        {...a11y}
        {...form.register(textName, { onChange: revalidate })}
        placeholder={copy.placeholder}
        autoComplete={copy.autoComplete}
        aria-required="true"
        {...inputTypeOf(textName)}
      />
    );
  }

  return (
    <Field invalid={Boolean(error)} className={cn(wideFields.has(name) && "sm:col-span-2")}>
      <FieldLabel id={id.label} htmlFor={id.control} required>
        {copy.label}
      </FieldLabel>
      {control}
      {copy.hint && <FieldDescription id={id.hint}>{copy.hint}</FieldDescription>}
      <FieldError id={id.error}>{error}</FieldError>
    </Field>
  );
}

function inputTypeOf(name: TextFieldName): React.ComponentProps<"input"> {
  switch (name) {
    case "email":
      return { type: "email", inputMode: "email", spellCheck: false };
    case "phone":
      return { type: "tel", inputMode: "tel" };
    case "fundingAmount":
      // Kept as text: a number input would drop "250,000" silently instead of explaining.
      return { type: "text", inputMode: "numeric" };
    default:
      return { type: "text" };
  }
}

function ReviewStep({
  form,
  idBase,
  onEdit,
}: {
  form: Form;
  idBase: string;
  onEdit: (step: number) => void;
}) {
  const values = useWatch({ control: form.control });
  const consentId = `${idBase}-smsConsent`;
  const consentErrorId = `${idBase}-smsConsent-error`;
  const consentError = form.formState.errors.smsConsent?.message;

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
            {wizardCopy.consentLinksLead} <ConsentLink to="/terms-of-service">{wizardCopy.terms}</ConsentLink>{" "}
            and <ConsentLink to="/privacy-policy">{wizardCopy.privacy}</ConsentLink>.
          </p>
        </div>
        <FieldError id={consentErrorId} className="mt-0">
          {consentError}
        </FieldError>
      </div>
    </div>
  );
}

function ConsentLink({ to, children }: { to: string; children: React.ReactNode }) {
  // A new tab keeps the application in place while the visitor reads.
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
    >
      {children}
      <span className="sr-only"> {wizardCopy.newTab}</span>
    </Link>
  );
}

function SubmitButton({ form, submitting }: { form: Form; submitting: boolean }) {
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
