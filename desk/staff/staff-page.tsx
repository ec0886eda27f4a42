import { useId, useState, type FormEvent } from "react";
import { Badge } from "#ui/badge";
import { useLoaderData, useRevalidator } from "react-router";
import { Button } from "#ui/button";
import { Field, FieldLabel } from "#ui/field";
import { fieldControlClasses } from "#ui/input";
import { cn } from "#ui/cn";
import {
  inviteStaff,
  listInvitations,
  listRules,
  listStaff,
  resendInvitation,
  resetSecondFactor,
  revokeInvitation,
  updateStaff,
} from "./api";
import { getMe, listSessions } from "../common/api/requests";
import type { PendingInvitation, Role, SessionItem, StaffChange, StaffMember } from "#domain/desk/contract";
import { ConfirmDialog } from "../common/components/confirm-dialog";
import { CopyButton } from "../common/components/copy-button";
import { useMe } from "../common/components/layout";
import { ErrorAlert, StatusMessage } from "../common/components/messages";
import { PageHeader, Section, useDocumentTitle } from "../common/components/page";
import { SessionsList, useEndSession } from "../common/components/sessions-list";
import { TextField } from "../common/components/text-field";
import { formatDateTime, ROLE_LABEL } from "../common/lib/format";
import { guarded } from "../common/lib/session";
import { useAction } from "../common/lib/use-action";
import { MemberDuty } from "./member-duty";
import { RoutingRules } from "./routing-rules";

/** Admins get the accounts, the links and the rules; staff only the rules (the rest is refused them). */
export const staffLoader = guarded(async ({ request }) => {
  const me = await getMe(request.signal);
  if (me.role !== "admin") {
    return { items: [], invitations: [], rules: (await listRules(request.signal)).items };
  }
  const [staff, invitations, rules] = await Promise.all([
    listStaff(request.signal),
    listInvitations(request.signal),
    listRules(request.signal),
  ]);
  return { items: staff.items, invitations: invitations.items, rules: rules.items };
});

/** A link to hand over by hand (chat, phone): the desk sends no e-mail. */
function InviteLink({ url, who }: { url: string; who: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-primary/30 bg-accent/50 p-4">
      <p className="text-sm font-medium">
        Send this link to {who}. It works once; whoever opens it first sets the password.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded-lg bg-card px-3 py-2 font-mono text-xs break-all">{url}</code>
        <CopyButton text={url} label="Copy link" />
      </div>
    </div>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const id = useId();
  const action = useAction();
  const [invite, setInvite] = useState<{ url: string; email: string } | null>(null);
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    const role = String(data.get("role")) as Role;
    setMissing(!email);
    if (!email) return;
    setInvite(null);
    const result = await action.run(() => inviteStaff(email, role));
    if (!result) return;
    setInvite({ url: result.inviteUrl, email });
    form.reset();
    onInvited();
  }

  const emailError = missing ? "Enter an email address" : action.error?.fieldErrors.email;
  const otherError = action.error && !action.error.fieldErrors.email ? action.error.message : null;

  return (
    <Section title="Invite someone" description="They choose a password and connect an authenticator app.">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <TextField
          id={`${id}-email`}
          label="Email"
          validated
          error={emailError}
          name="email"
          type="email"
          autoComplete="off"
        />
        <Field>
          <FieldLabel htmlFor={`${id}-role`}>Role</FieldLabel>
          <select
            id={`${id}-role`}
            name="role"
            defaultValue="staff"
            className={cn(fieldControlClasses, "h-11")}
          >
            {Object.entries(ROLE_LABEL).map(([role, label]) => (
              <option key={role} value={role}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" className="sm:mt-6" disabled={action.pending}>
          {action.pending ? "Creating…" : "Create invitation link"}
        </Button>
      </form>
      <ErrorAlert>{otherError}</ErrorAlert>
      <div role="status" className="empty:sr-only">
        {invite && <InviteLink url={invite.url} who={invite.email} />}
      </div>
    </Section>
  );
}

/**
 * Links nobody has used yet: who each is for, who made it, until when; revoke
 * one, or make a new one (the old stops working). What happened stays shown
 * here while the list reloads without that link.
 */
function PendingInvitations({ items, onChanged }: { items: PendingInvitation[]; onChanged: () => void }) {
  const action = useAction();
  const [news, setNews] = useState<string | null>(null);
  const [invite, setInvite] = useState<{ url: string; email: string } | null>(null);

  async function resend(invitation: PendingInvitation) {
    setNews(null);
    setInvite(null);
    const result = await action.run(() => resendInvitation(invitation.id));
    if (!result) return;
    setInvite({ url: result.inviteUrl, email: invitation.email });
    onChanged();
  }

  async function revoke(invitation: PendingInvitation) {
    setNews(null);
    setInvite(null);
    const done = await action.run(async () => {
      await revokeInvitation(invitation.id);
      return true;
    });
    if (!done) return false;
    setNews(`The invitation for ${invitation.email} no longer works.`);
    onChanged();
    return true;
  }

  if (!items.length && !news && !invite) return null;
  return (
    <Section
      title="Pending invitations"
      description="Links nobody has used yet. A new link replaces the old one, which stops working."
    >
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{action.error?.message}</ErrorAlert>
      <div role="status" className="empty:sr-only">
        {invite && <InviteLink url={invite.url} who={invite.email} />}
      </div>
      {items.length > 0 && (
        <ul
          aria-label="Pending invitations"
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
        >
          {items.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-all">{invitation.email}</span>
                  <Badge variant="busy">{ROLE_LABEL[invitation.role]}</Badge>
                  {invitation.purpose === "reset-second-factor" && (
                    <Badge variant="held">New authenticator</Badge>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  Invited by {invitation.invitedBy ?? "the server's operator (command line)"} on{" "}
                  {formatDateTime(invitation.createdAt)} · works until {formatDateTime(invitation.expiresAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={action.pending}
                  aria-label={`New link for ${invitation.email}`}
                  onClick={() => resend(invitation)}
                >
                  New link
                </Button>
                <ConfirmDialog
                  triggerLabel="Revoke"
                  triggerAriaLabel={`Revoke the invitation for ${invitation.email}`}
                  title={`Revoke the invitation for ${invitation.email}?`}
                  description="The link stops working. You can invite them again later."
                  confirmLabel="Revoke"
                  destructive
                  pending={action.pending}
                  onConfirm={() => revoke(invitation)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function MemberSessions({ member }: { member: StaffMember }) {
  const [sessions, setSessions] = useState<SessionItem[] | null>(null);
  const { action, news, end } = useEndSession(
    () => "Session ended.",
    () => load(),
  );

  async function load() {
    const result = await action.run(() => listSessions(member.id));
    if (result) setSessions(result.items);
  }

  return (
    <div className="flex flex-col gap-2">
      {sessions === null ? (
        <Button
          type="button"
          variant="link"
          className="self-start px-0"
          onClick={load}
          disabled={action.pending}
        >
          {action.pending ? "Loading sessions…" : "Show sessions"}
        </Button>
      ) : (
        <SessionsList
          sessions={sessions}
          label={`Sessions of ${member.email}`}
          pending={action.pending}
          onEnd={end}
        />
      )}
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{action.error?.message}</ErrorAlert>
    </div>
  );
}

function MemberCard({
  member,
  isMe,
  onChanged,
}: {
  member: StaffMember;
  isMe: boolean;
  onChanged: () => void;
}) {
  const action = useAction();
  const [news, setNews] = useState<string | null>(null);
  const [invite, setInvite] = useState<string | null>(null);
  const otherRole: Role = member.role === "admin" ? "staff" : "admin";

  async function change(update: StaffChange, message: string) {
    setNews(null);
    if (!(await action.run(() => updateStaff(member.id, update)))) return;
    setNews(message);
    onChanged();
  }

  const changeButton = (label: string, update: StaffChange, message: string) => (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={action.pending}
      onClick={() => change(update, message)}
    >
      {label}
    </Button>
  );

  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <h3 className="font-semibold break-words">
            {member.name || member.email}
            {isMe && <span className="font-normal text-muted-foreground"> (you)</span>}
          </h3>
          {member.name && <p className="text-sm break-all text-muted-foreground">{member.email}</p>}
        </div>
        <ul className="flex flex-wrap gap-1.5 text-xs font-semibold" aria-label="Status">
          <li>
            <Badge variant="busy">{ROLE_LABEL[member.role]}</Badge>
          </li>
          {member.onDuty && (
            <li>
              <Badge variant="good">On duty</Badge>
            </li>
          )}
          {member.disabled && (
            <li>
              <Badge variant="bad">Disabled</Badge>
            </li>
          )}
          {!member.twoFactorEnabled && (
            <li>
              <Badge variant="held">No authenticator yet</Badge>
            </li>
          )}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">
        Added {formatDateTime(member.createdAt)} ·{" "}
        {member.lastSignInAt ? `last signed in ${formatDateTime(member.lastSignInAt)}` : "never signed in"}
      </p>
      <MemberDuty member={member} onChanged={onChanged} />
      {!isMe && (
        <div className="flex flex-wrap gap-2">
          {changeButton(
            `Make ${otherRole === "admin" ? "admin" : "staff"}`,
            { role: otherRole },
            `${member.email} is now ${otherRole === "admin" ? "an admin" : "staff"}.`,
          )}
          {changeButton(
            member.disabled ? "Enable" : "Disable",
            { disabled: !member.disabled },
            member.disabled
              ? `${member.email} can sign in again.`
              : `${member.email} is disabled and signed out everywhere.`,
          )}
          <ConfirmDialog
            triggerLabel="Reset second factor"
            title={`Reset the second factor of ${member.email}?`}
            description="Their authenticator app and backup codes stop working and they are signed out. You get a link for them to set up a new authenticator."
            confirmLabel="Reset"
            destructive
            pending={action.pending}
            onConfirm={async () => {
              setInvite(null);
              const result = await action.run(() => resetSecondFactor(member.id));
              if (!result) return false;
              setInvite(result.inviteUrl);
              onChanged();
              return true;
            }}
          />
        </div>
      )}
      <StatusMessage>{news}</StatusMessage>
      <ErrorAlert>{action.error?.message}</ErrorAlert>
      <div role="status" className="empty:sr-only">
        {invite && <InviteLink url={invite} who={member.email} />}
      </div>
      <MemberSessions member={member} />
    </li>
  );
}

/**
 * Who can use the desk: invite, change role, disable, reset a lost
 * authenticator, end sessions, duty and routing groups, the routing rules
 * (admins). Staff read the routing rules only.
 */
export function StaffPage() {
  const { items, invitations, rules } = useLoaderData<typeof staffLoader>();
  const me = useMe();
  const revalidator = useRevalidator();
  useDocumentTitle("Staff");
  const refresh = () => void revalidator.revalidate();

  if (me.role !== "admin") {
    return (
      <>
        <PageHeader
          title="Staff"
          description="Who takes which application. Only admins manage accounts, others' duty and the rules."
        />
        <RoutingRules rules={rules} editable={false} />
      </>
    );
  }
  const groups = [...new Set(items.filter((member) => !member.disabled).flatMap((member) => member.groups))];
  const onDuty = items.filter((member) => member.onDuty).length;
  return (
    <>
      <PageHeader
        title="Staff"
        description={`${items.length} ${items.length === 1 ? "account" : "accounts"}, ${onDuty} on duty`}
      />
      <InviteForm onInvited={refresh} />
      <PendingInvitations items={invitations} onChanged={refresh} />
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Accounts</h2>
        <ul className="flex flex-col gap-3">
          {items.map((member) => (
            <MemberCard key={member.id} member={member} isMe={member.id === me.id} onChanged={refresh} />
          ))}
        </ul>
      </section>
      <RoutingRules rules={rules} editable groups={groups.sort()} onSaved={refresh} />
    </>
  );
}
