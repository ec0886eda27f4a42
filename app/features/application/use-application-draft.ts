/**
 * Keeps the half-filled application in the browser while the visitor works
 * (draft-store.ts does the storing): restores it after mount, saves it a
 * moment after each change or step, and at once when the page is hidden.
 * The submission id lives with the draft, so a retry after a failure or a
 * reload is recognised by the server as the same application.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApplicationForm } from "./application-form";
import { browserStorage, clearDraft, loadDraft, saveDraft } from "./draft-store";
import { emptyApplication, type ApplicationFormValues } from "#domain/application/schema";
import { applicationFields, TOTAL_STEPS } from "#domain/application/steps";
import { newSubmissionId } from "./submit-application";

const DRAFT_DEBOUNCE_MS = 400;

export interface ApplicationDraft {
  /** This application's submission id, made (and saved with the draft) on first use. */
  submissionId(): string;
  /** Forgets the draft and its submission id: the application was received. */
  discard(): void;
}

/**
 * `restoreStep` receives the saved step once, after mount. `typed`: what the
 * visitor typed into the prerendered form before it woke; it wins over the
 * draft, and keeps the visitor on the step they are typing in.
 */
export function useApplicationDraft(
  form: ApplicationForm,
  step: number,
  restoreStep: (step: number) => void,
  typed: Partial<ApplicationFormValues> = {},
): ApplicationDraft {
  const typedRef = useRef(typed);
  const [restored, setRestored] = useState(false);
  const submissionId = useRef<string | null>(null);
  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A draft without a single answer is not kept: nothing to restore.
  const persist = useCallback(
    (atStep: number) => {
      const { smsConsent: _consent, ...values } = form.getValues();
      const storage = browserStorage();
      if (Object.values(values).every((value) => value === "")) clearDraft(storage);
      else saveDraft(storage, { step: atStep, values, submissionId: submissionId.current });
    },
    [form],
  );

  // After mount, so the first render matches the prerendered step 1.
  useEffect(() => {
    const draft = loadDraft(browserStorage(), applicationFields);
    if (draft) {
      const typedNow = typedRef.current;
      form.reset({ ...emptyApplication, ...draft.values, ...typedNow, smsConsent: false });
      if (Object.keys(typedNow).length === 0) restoreStep(Math.min(Math.max(draft.step, 1), TOTAL_STEPS));
      submissionId.current = draft.submissionId ?? null;
    }
    setRestored(true);
  }, [form, restoreStep]);

  // Saving starts once the draft is restored, and follows the step shown.
  useEffect(() => {
    if (!restored) return;
    const save = () => {
      pendingSave.current = undefined;
      persist(step);
    };
    const schedule = () => {
      clearTimeout(pendingSave.current);
      pendingSave.current = setTimeout(save, DRAFT_DEBOUNCE_MS);
    };
    const flush = () => {
      if (pendingSave.current === undefined) return;
      clearTimeout(pendingSave.current);
      save();
    };
    schedule();
    const unsubscribe = form.subscribe({ formState: { values: true }, callback: schedule });
    window.addEventListener("pagehide", flush);
    return () => {
      unsubscribe();
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [form, persist, restored, step]);

  return {
    submissionId() {
      if (!submissionId.current) {
        submissionId.current = newSubmissionId();
        persist(step);
      }
      return submissionId.current;
    },
    discard() {
      clearTimeout(pendingSave.current);
      pendingSave.current = undefined;
      submissionId.current = null;
      clearDraft(browserStorage());
    },
  };
}
