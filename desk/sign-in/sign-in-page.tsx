import { useId, useRef, useState, type FormEvent } from "react";
import { redirect, useLoaderData, useNavigate, useSearchParams } from "react-router";
import { Button } from "#ui/button";
import { getMe } from "../common/api/requests";
import { getSetup, signIn, signInCode } from "./api";
import { ApiError, isApiError, isSignedOut } from "../common/api/client";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { PublicFrame } from "../common/components/public-frame";
import { AccountEmailField, AuthCodeField, readCode, TextField } from "../common/components/text-field";
import { safeNext } from "../common/lib/session";
import { useFormAttempt } from "./use-form-attempt";
import { SetupNotice } from "./home-page";

/** Someone already signed in goes on to where they were headed. */
export async function signInLoader({ request }: { request: Request }) {
  const setup = await getSetup(request.signal);
  if (setup.needsSetup) return { needsSetup: true };
  try {
    await getMe(request.signal);
  } catch (error) {
    if (isSignedOut(error) || (isApiError(error) && error.status === 403)) return { needsSetup: false };
    throw error;
  }
  throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
}

type Step = "password" | "code" | "backup";

/** Sign in: e-mail and password, then an authenticator code (or a backup code). */
export function SignInPage() {
  const { needsSetup } = useLoaderData<typeof signInLoader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const [step, setStep] = useState<Step>("password");
  const { pending, attempt, setError, setProblems, fieldError, formError } = useFormAttempt();
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  useDocumentTitle("Sign in");

  if (needsSetup) {
    return (
      <PublicFrame>
        <SetupNotice />
      </PublicFrame>
    );
  }

  /** The code step's 401 other than a wrong code: the sign-in expired; start again. */
  function expired(problem: ApiError): ApiError {
    if (step === "password" || problem.status !== 401 || /code/i.test(problem.message)) return problem;
    setStep("password");
    requestAnimationFrame(() => emailInput.current?.focus());
    return new ApiError(401, "That took too long. Enter your email and password again.");
  }

  function required(form: FormData, fields: Record<string, string>) {
    const problems: Record<string, string> = {};
    for (const [name, message] of Object.entries(fields)) {
      if (!String(form.get(name) ?? "").trim()) problems[name] = message;
    }
    setProblems(problems);
    return Object.keys(problems).length === 0;
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (!required(form, { email: "Enter your email", password: "Enter your password" })) return;
    const email = String(form.get("email")).trim();
    void attempt(async () => {
      await signIn(email, String(form.get("password")));
      setStep("code");
      // The new field appears in place of the old form: put the cursor in it.
      requestAnimationFrame(() => codeInput.current?.focus());
    }, expired);
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = step === "backup" ? "backupCode" : "code";
    const message = step === "backup" ? "Enter one of your backup codes" : "Enter the code from your app";
    if (!required(form, { [name]: message })) return;
    const value = readCode(form, name);
    void attempt(async () => {
      await signInCode(step === "backup" ? { backupCode: value } : { code: value });
      void navigate(safeNext(params.get("next")), { replace: true });
    }, expired);
  }

  /** Another step, with a clean slate and the cursor in its field. */
  function switchTo(next: Step) {
    setStep(next);
    setError(null);
    setProblems({});
    requestAnimationFrame(() => (next === "password" ? emailInput : codeInput).current?.focus());
  }

  return (
    <PublicFrame>
      <PageHeader
        title="Sign in to the lead desk"
        description={
          step === "password"
            ? "Staff accounts only."
            : step === "code"
              ? "Enter the 6-digit code your authenticator app shows for Harborline."
              : "Enter one of the backup codes you saved when you set up your account. Each works once."
        }
      />
      <StatusMessage>
        {params.get("signedOut") && step === "password" ? "You are signed out." : null}
      </StatusMessage>
      <ErrorAlert>{formError}</ErrorAlert>

      {step === "password" ? (
        <form className="flex flex-col gap-4" onSubmit={submitPassword} noValidate>
          <AccountEmailField ref={emailInput} id={`${id}-email`} error={fieldError("email")} />
          <TextField
            id={`${id}-password`}
            label="Password"
            validated
            error={fieldError("password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Signing in…" : "Continue"}
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submitCode} noValidate key={step}>
          {step === "code" ? (
            <AuthCodeField ref={codeInput} id={`${id}-code`} error={fieldError("code")} />
          ) : (
            <TextField
              ref={codeInput}
              id={`${id}-backup`}
              label="Backup code"
              hint="A used backup code stops working."
              validated
              error={fieldError("backupCode")}
              name="backupCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              inputClassName="font-mono"
            />
          )}
          <Button type="submit" disabled={pending}>
            {pending ? "Checking…" : "Sign in"}
          </Button>
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="link"
              className="px-0"
              onClick={() => switchTo(step === "code" ? "backup" : "code")}
            >
              {step === "code" ? "Use a backup code" : "Use the authenticator app"}
            </Button>
            <Button type="button" variant="link" className="px-0" onClick={() => switchTo("password")}>
              Start over
            </Button>
          </div>
        </form>
      )}
    </PublicFrame>
  );
}
