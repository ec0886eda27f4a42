import { useId, useState, type FormEvent } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { Button } from "#ui/button";
import { changePassword, regenerateBackupCodes } from "./api";
import { listSessions } from "../common/api/requests";
import { BackupCodes } from "../common/components/backup-codes";
import { useMe } from "../common/components/layout";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { SessionsList, useEndSession } from "../common/components/sessions-list";
import { Facts } from "../common/components/detail-sections";
import { TextField } from "../common/components/text-field";
import { ROLE_LABEL } from "../common/lib/format";
import { PASSWORD_HINT, passwordProblems } from "../common/lib/passwords";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { describeUserAgent } from "../common/lib/user-agent";

export const accountLoader = guarded(({ request }) => listSessions(undefined, request.signal));

/** A field's error: the browser's own check first, else the server's for that field. */
function useFieldErrors(action: ReturnType<typeof useAction>) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldError = (name: string) => problems[name] ?? action.error?.fieldErrors[name];
  const formError =
    action.error && !Object.keys(action.error.fieldErrors).length ? action.error.message : null;
  return { setProblems, fieldError, formError };
}

/** Current password, new password twice; the other sessions end on the server. */
function ChangePassword({ email, onChanged }: { email: string; onChanged: () => void }) {
  const id = useId();
  const action = useAction();
  const { setProblems, fieldError, formError } = useFieldErrors(action);
  const [news, setNews] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get("currentPassword") ?? "");
    const next = String(data.get("newPassword") ?? "");
    const { password, confirm } = passwordProblems(next, String(data.get("confirm") ?? ""));
    const found: Record<string, string> = {
      ...(current ? {} : { currentPassword: "Enter your current password" }),
      ...(password ? { newPassword: password } : {}),
      ...(confirm ? { confirm } : {}),
    };
    setProblems(found);
    setNews(null);
    if (Object.keys(found).length) return;
    if (!(await action.run(() => changePassword(current, next)))) return;
    form.reset();
    setNews("Password changed. Your other sessions were ended.");
    onChanged();
  }

  return (
    <Section title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          id={`${id}-current`}
          label="Current password"
          validated
          error={fieldError("currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          id={`${id}-new`}
          label="New password"
          hint={PASSWORD_HINT}
          validated
          error={fieldError("newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          id={`${id}-confirm`}
          label="Confirm new password"
          validated
          error={fieldError("confirm")}
          name="confirm"
          type="password"
          autoComplete="new-password"
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <Button type="submit" className="self-start" disabled={action.pending}>
          {action.pending ? "Changing…" : "Change password"}
        </Button>
      </form>
      <StatusMessage>{news}</StatusMessage>
    </Section>
  );
}

/** Ten new backup codes behind the current password, shown this once. */
function NewBackupCodes({ email }: { email: string }) {
  const id = useId();
  const action = useAction();
  const { setProblems, fieldError, formError } = useFieldErrors(action);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = String(new FormData(form).get("password") ?? "");
    setProblems(password ? {} : { password: "Enter your current password" });
    setCodes(null);
    if (!password) return;
    const result = await action.run(() => regenerateBackupCodes(password));
    if (!result) return;
    form.reset();
    setCodes(result.backupCodes);
  }

  return (
    <Section
      title="Backup codes"
      description="Each signs you in once if you lose your phone. New codes replace all the old ones, used or not."
    >
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          id={`${id}-password`}
          label="Current password"
          validated
          error={fieldError("password")}
          name="password"
          type="password"
          autoComplete="current-password"
        />
        <ErrorAlert>{formError}</ErrorAlert>
        <Button type="submit" variant="outline" className="self-start" disabled={action.pending}>
          {action.pending ? "Making codes…" : "Make new backup codes"}
        </Button>
      </form>
      <div role="status" className="flex flex-col gap-3 empty:sr-only">
        {codes && (
          <>
            <p className="text-sm font-medium">
              Your new backup codes. They are shown only now: download or copy them. The old ones no longer
              work.
            </p>
            <BackupCodes codes={codes} account={email} />
          </>
        )}
      </div>
    </Section>
  );
}

/** The signed-in user's account: details, password, backup codes, sessions. */
export function AccountPage() {
  const { items } = useLoaderData<typeof accountLoader>();
  const me = useMe();
  const revalidator = useRevalidator();
  const sessions = useEndSession(
    (session) => `Ended the session on ${describeUserAgent(session.userAgent)}.`,
    () => revalidator.revalidate(),
  );
  useDocumentTitle("Account");

  return (
    <>
      <PageHeader title="Your account" />
      <Section title="Details">
        <Facts
          rows={[
            ["Name", me.name],
            ["Email", me.email],
            ["Role", ROLE_LABEL[me.role]],
          ]}
        />
      </Section>
      <ChangePassword email={me.email} onChanged={() => void revalidator.revalidate()} />
      <NewBackupCodes email={me.email} />
      <Section
        title="Sessions"
        description="Where your account is signed in. End a session you do not recognise, and tell an admin. To end this one, sign out."
      >
        <StatusMessage>{sessions.news}</StatusMessage>
        <ErrorAlert>{sessions.action.error?.message}</ErrorAlert>
        <SessionsList
          sessions={items}
          label="Your sessions"
          pending={sessions.action.pending}
          onEnd={sessions.end}
        />
      </Section>
    </>
  );
}
