import { ArrowLeftIcon, ArrowRightIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { IslandProps } from "~/islands/hydrate";
import { createPortal } from "react-dom";
import type { FieldErrors } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "#ui/button";
import { Progress } from "#ui/progress";
import { Toaster } from "#ui/sonner";
import { track } from "~/lib/analytics";
import { whenIdle } from "~/lib/when-idle";
import type { BookingPrefill } from "~/lib/booking-prefill";
import { publicEnv } from "~/lib/public-env";
import { VALIDATION_CODES } from "#domain/analytics/events";
import { cn } from "#ui/cn";
import { useApplicationForm, warmUpValidation } from "./application-form";
import { wizardCopy } from "#domain/application/copy";
import { ReviewStep, SubmitButton } from "./review-step";
import {
  emptyApplication,
  HONEYPOT_FIELD,
  type ApplicationFormValues,
  type FundingApplication,
} from "#domain/application/schema";
import {
  applicationFields,
  applicationSteps,
  stepOfField,
  TOTAL_STEPS,
  type ApplicationField,
} from "#domain/application/steps";
import { BookingOffer } from "./booking-offer";
import { RoomOffer } from "./room-offer";
import { buildRequestBody, submitApplication } from "./submit-application";
import { useApplicationDraft } from "./use-application-draft";
import { fieldGridClass, stepCounterText, stepProgressValue, WizardHeader } from "./wizard-frame";
import { fieldIds, WizardField } from "./wizard-field";
import { focusBelowHeader } from "~/lib/focus-below-header";

function earliestStep(fields: Iterable<string>): number | undefined {
  let earliest: number | undefined;
  for (const field of fields) {
    const step = stepOfField(field as ApplicationField);
    if (step > 0 && (earliest === undefined || step < earliest)) earliest = step;
  }
  return earliest;
}

/** Counts each field that failed the form's checks, by its rule's code (never what was typed). */
function trackFieldErrors(errors: Partial<Record<string, { type?: unknown }>>) {
  for (const [field, error] of Object.entries(errors)) {
    const code = String(error?.type);
    if (
      (VALIDATION_CODES as readonly string[]).includes(code) &&
      applicationFields.includes(field as ApplicationField)
    )
      track("field_error", { field, code });
  }
}

/**
 * The wizard as the home page's island (app/islands): prerendered with
 * step 1's real fields, woken on the visitor's intent. The toast region that
 * announces its outcome mounts once the island is awake (toasts come only
 * from here, so sonner loads with the wizard rather than with every page).
 * It needs no router: whatever it uses comes as props.
 */
export function FundingWizardIsland({ bookingUrl, typedValues }: { bookingUrl?: string } & IslandProps) {
  const [awake, setAwake] = useState(false);
  useEffect(() => {
    setAwake(true);
    // While the visitor reads step 1, never in the way of a tap.
    return whenIdle(warmUpValidation);
  }, []);
  return (
    <>
      <FundingWizard bookingUrl={bookingUrl ?? ""} typedValues={typedValues} />
      {awake && createPortal(<Toaster />, document.body)}
    </>
  );
}

/** Typed text for the wizard's own fields only. */
function typedAnswers(typed: IslandProps["typedValues"]): Partial<ApplicationFormValues> {
  const answers: Partial<Record<string, string>> = {};
  for (const [name, value] of Object.entries(typed ?? {})) {
    if (name !== "smsConsent" && (applicationFields as readonly string[]).includes(name))
      answers[name] = value;
  }
  return answers as Partial<ApplicationFormValues>;
}

/**
 * The four-step funding application. Once one is in, it offers to book the
 * call on `bookingUrl` (the configured BOOKING_URL unless given; no offer
 * without one).
 */
export function FundingWizard({
  bookingUrl = publicEnv.bookingUrl,
  typedValues,
}: { bookingUrl?: string } & IslandProps = {}) {
  // What the visitor typed into the prerendered step 1 before the island
  // woke becomes the form's starting value, so hydration keeps it.
  const [typed] = useState(() => typedAnswers(typedValues));
  const form = useApplicationForm(typed);
  const [step, setStep] = useState(1);
  const [announcement, setAnnouncement] = useState("");
  // The booking offer's details: in memory only, gone when dismissed.
  const [offer, setOffer] = useState<(BookingPrefill & { key: number }) | null>(null);
  // The document room's link from the last application sent, until the next one.
  const [room, setRoom] = useState<{ roomLink: string; fundingType: string; key: number } | null>(null);
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const draft = useApplicationDraft(form, step, setStep, typed);
  const submitting = form.formState.isSubmitting;

  useEffect(() => track("step_viewed", { step }), [step]);

  // Focus moves to the new step's heading when the visitor changes step (not when a draft is restored).
  const focusHeading = useRef(false);
  useEffect(() => {
    if (focusHeading.current) {
      focusHeading.current = false;
      headingRef.current?.focus();
    }
  }, [step]);

  /** `focus`: false when something else takes focus (the booking offer). */
  function goToStep(next: number, focus = true) {
    const target = Math.min(Math.max(next, 1), TOTAL_STEPS);
    focusHeading.current = focus;
    setAnnouncement(`${stepCounterText(target)}: ${applicationSteps[target - 1].title}`);
    setStep(target);
  }

  async function goNext() {
    const fields = applicationSteps[step - 1].fields;
    if (await form.trigger([...fields])) {
      track("step_completed", { step });
      goToStep(step + 1);
    } else {
      trackFieldErrors(Object.fromEntries(fields.map((name) => [name, form.getFieldState(name).error])));
      const firstInvalid = fields.find((name) => form.getFieldState(name).error);
      const control = firstInvalid && document.getElementById(fieldIds(ids, firstInvalid).control);
      if (control) focusBelowHeader(control);
      else if (firstInvalid) form.setFocus(firstInvalid);
    }
  }

  async function onValid(values: FundingApplication) {
    track("step_completed", { step: TOTAL_STEPS });
    const body = buildRequestBody(values, {
      submissionId: draft.submissionId(),
      honeypot: honeypotRef.current?.value ?? "",
      pageUrl: window.location.href,
    });
    const result = await submitApplication(body, applicationFields);

    if (result.kind === "success") {
      toast.success(wizardCopy.successTitle, { description: wizardCopy.successDescription });
      draft.discard();
      form.reset(emptyApplication);
      const { firstName, lastName, email, fundingType } = values;
      if (bookingUrl) {
        const { reference, bookingToken } = result;
        setOffer({ firstName, lastName, email, reference, bookingToken, key: Date.now() });
      }
      setRoom(result.roomLink ? { roomLink: result.roomLink, fundingType, key: Date.now() } : null);
      goToStep(1, !bookingUrl && !result.roomLink);
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
    trackFieldErrors(errors);
    const target = earliestStep(Object.keys(errors));
    if (target !== undefined && target !== step) goToStep(target);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (step === TOTAL_STEPS && !submitting) {
      track("submit_pressed");
      void form.handleSubmit(onValid, onInvalid)(event);
      return;
    }
    // Enter in a field, or the Next button, advances instead; and nothing is
    // sent twice while an application is on its way.
    event.preventDefault();
    if (step < TOTAL_STEPS) void goNext();
  }

  const headingId = `${ids}-heading`;
  const counterId = `${ids}-counter`;

  function dismissOffer() {
    setOffer(null);
    headingRef.current?.focus();
  }

  return (
    <>
      {offer && (
        <BookingOffer key={offer.key} prefill={offer} bookingUrl={bookingUrl} onDismiss={dismissOffer} />
      )}
      {/* Its key differs from the booking offer's (both are stamped with the same Date.now()):
          two siblings with one key, and "Not now" left the booking offer on the page. */}
      {room && (
        <RoomOffer
          key={`room-${room.key}`}
          roomLink={room.roomLink}
          fundingType={room.fundingType}
          focus={!bookingUrl}
        />
      )}
      {/* method="dialog": a submit the browser makes itself (Next or Enter before
          the page's script has arrived, or without JavaScript) sends nothing and
          leaves the page and what was typed as they are; outside a <dialog> that
          method does nothing. The script's handler takes every submit. */}
      <form
        method="dialog"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={headingId}
        className="relative flex flex-col gap-6"
      >
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
    </>
  );
}
