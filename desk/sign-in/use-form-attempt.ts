import { useState } from "react";
import { asApiError, type ApiError } from "../common/api/client";

/**
 * A form of the pages before sign-in (no session to lose, so no redirect):
 * whether its call is under way, and its errors. A field's error is the
 * browser's own check first (`setProblems`), else the server's for that
 * field; the server's message is the form's when it named no field.
 */
export function useFormAttempt() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});

  /**
   * Runs the call (and what follows it); a failure becomes the form's error,
   * after `recover` has had its say (it may start the form over and explain).
   */
  async function attempt(call: () => Promise<unknown>, recover: (problem: ApiError) => ApiError = (p) => p) {
    setPending(true);
    setError(null);
    try {
      await call();
    } catch (caught) {
      setError(recover(asApiError(caught)));
    } finally {
      setPending(false);
    }
  }

  return {
    pending,
    attempt,
    setError,
    setProblems,
    fieldError: (name: string): string | undefined => problems[name] ?? error?.fieldErrors[name],
    formError: error && !Object.keys(error.fieldErrors).length ? error.message : null,
  };
}
