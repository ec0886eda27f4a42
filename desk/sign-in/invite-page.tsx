import { useId, useState, type FormEvent } from "react";
import { useLoaderData, useNavigate, useParams } from "react-router";
import { renderSVG } from "uqr";
import { Button } from "#ui/button";
import { acceptInvitation, confirmEnrolment, getInvitation } from "./api";
import { isApiError } from "../common/api/client";
import type { Enrolment, Invitation } from "#domain/desk/contract";
import { STAFF_NAME_MAX } from "#domain/desk/limits";
import { BackupCodes } from "../common/components/backup-codes";
import { CopyButton } from "../common/components/copy-button";
import { ErrorAlert } from "../common/components/messages";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { PublicFrame } from "../common/components/public-frame";
import { PASSWORD_HINT, passwordProblems } from "../common/lib/passwords";
import { useFormAttempt } from "./use-form-attempt";
import { AccountEmailField, AuthCodeField, readCode, TextField } from "../common/components/text-field";

/** The invitation, or why it cannot be used (404: not valid, 410: expired or used). */
export async function inviteLoader({
  params,
  request,
}: {
  params: { token?: string };
  request: Request;
}): Promise<{ invitation: Invitation } | { problem: string }> {
  try {
    return { invitation: await getInvitation(params.token ?? "", request.signal) };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 410))
      return { problem: error.message };
    throw error;
  }
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP" (easier to type from the screen). */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

type Stage =
  { kind: "password" } | { kind: "authenticator"; enrolment: Enrolment } | { kind: "codes"; codes: string[] };

const ROLE_WORDS = { admin: "an admin", staff: "a staff member" } as const;

/**
 * Accepting an invitation: choose a password, connect an authenticator app,
 * save the backup codes (shown this once).
 */
export function InvitePage() {
  const data = useLoaderData<typeof inviteLoader>();
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const id = useId();
  const [stage, setStage] = useState<Stage>({ kind: "password" });
  const form = useFormAttempt();
  const { pending, setProblems, fieldError, formError } = form;
  /** The account's e-mail address: the invitation's, or (setup link) the one typed in. */
  const [account, setAccount] = useState("");
  useDocumentTitle("Accept invitation");

  if ("problem" in data) {
    return (
      <PublicFrame>
        <PageHeader title="This invitation cannot be used" description={data.problem} />
        <p className="text-sm text-muted-foreground">
          Ask an admin of the lead desk for a new invitation link.
        </p>
      </PublicFrame>
    );
  }
  const { invitation } = data;

  /** Runs a stage's call; each stage replaces the last, so focus moves to its heading. */
  const attempt = (call: () => Promise<void>) =>
    form.attempt(async () => {
      await call();
      requestAnimationFrame(() => document.querySelector<HTMLElement>("main h1")?.focus());
    });

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const email = String(form.get("email") ?? "").trim();
    const name = String(form.get("name") ?? "").trim();
    const found = passwordProblems(password, String(form.get("confirm") ?? ""));
    if (!invitation.email && !email) found.email = "Enter your email address";
    setProblems(found);
    if (Object.keys(found).length) return;
    void attempt(async () => {
      const { enrolment } = await acceptInvitation(token, {
        password,
        ...(invitation.email ? {} : { email }),
        ...(name ? { name } : {}),
      });
      setAccount(invitation.email ?? email);
      setStage({ kind: "authenticator", enrolment });
    });
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = readCode(new FormData(event.currentTarget), "code");
    const found: Record<string, string> = code ? {} : { code: "Enter the code from your app" };
    setProblems(found);
    if (!code) return;
    void attempt(async () => {
      const { backupCodes } = await confirmEnrolment(code);
      setStage({ kind: "codes", codes: backupCodes });
    });
  }

  if (stage.kind === "password") {
    return (
      <PublicFrame>
        <PageHeader
          title={invitation.email ? "Accept your invitation" : "Create the first admin account"}
          description={
            invitation.email
              ? `You are invited to the lead desk as ${ROLE_WORDS[invitation.role]}: ${invitation.email}.`
              : "This one-time link makes you the desk's first admin. You can invite everyone else afterwards."
          }
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <form className="flex flex-col gap-4" onSubmit={submitPassword} noValidate>
          {invitation.email ? (
            // Lets password managers file the new password under the right account.
            <input type="hidden" name="username" autoComplete="username" value={invitation.email} readOnly />
          ) : (
            <AccountEmailField id={`${id}-email`} error={fieldError("email")} />
          )}
          <TextField
            id={`${id}-name`}
            label="Your name"
            hint="Shown to other staff in the audit log. Optional."
            name="name"
            autoComplete="name"
            maxLength={STAFF_NAME_MAX}
          />
          <TextField
            id={`${id}-password`}
            label="Password"
            hint={PASSWORD_HINT}
            validated
            error={fieldError("password")}
            name="password"
            type="password"
            autoComplete="new-password"
            required
          />
          <TextField
            id={`${id}-confirm`}
            label="Confirm password"
            validated
            error={fieldError("confirm")}
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Continue"}
          </Button>
        </form>
      </PublicFrame>
    );
  }

  if (stage.kind === "authenticator") {
    const { totpUri, secret } = stage.enrolment;
    const qr = `data:image/svg+xml,${encodeURIComponent(renderSVG(totpUri, { border: 2 }))}`;
    return (
      <PublicFrame>
        <PageHeader
          title="Connect an authenticator app"
          description="Scan the code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows."
        />
        <img
          src={qr}
          alt="QR code for your authenticator app"
          width={208}
          height={208}
          className="mx-auto size-52 rounded-lg border border-border bg-white p-1"
        />
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium" id={`${id}-secret-label`}>
            Cannot scan? Type this key into the app instead:
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <code
              aria-labelledby={`${id}-secret-label`}
              className="rounded-lg bg-muted px-3 py-2 font-mono text-sm tracking-wider break-all"
            >
              {groupSecret(secret)}
            </code>
            <CopyButton text={secret} label="Copy key" />
          </div>
        </div>
        <ErrorAlert>{formError}</ErrorAlert>
        <form className="flex flex-col gap-4" onSubmit={submitCode} noValidate>
          <AuthCodeField id={`${id}-code`} error={fieldError("code")} />
          <Button type="submit" disabled={pending}>
            {pending ? "Checking…" : "Confirm"}
          </Button>
        </form>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame>
      <PageHeader
        title="Save your backup codes"
        description="If you lose your phone, each of these codes signs you in once. They are shown only now: download or copy them and keep them somewhere safe."
      />
      <BackupCodes codes={stage.codes} account={account} />
      <Button type="button" onClick={() => navigate("/inbox", { replace: true })}>
        I have saved them
      </Button>
    </PublicFrame>
  );
}
