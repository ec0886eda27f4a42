import { LogOutIcon } from "lucide-react";
import { useLoaderData, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { listSessions } from "../api/auth";
import { useMe, useSignOut } from "../components/layout";
import { ErrorAlert, StatusMessage } from "../components/messages";
import { PageHeader, Section, useDocumentTitle } from "../components/page";
import { SessionsList, useEndSession } from "../components/sessions-list";
import { Facts } from "../components/detail-sections";
import { ROLE_LABEL } from "../lib/format";
import { guarded } from "../lib/session";
import { describeUserAgent } from "../lib/user-agent";

export const accountLoader = guarded(({ request }) => listSessions(undefined, request.signal));

/** The signed-in user's account and sessions. */
export function AccountPage() {
  const { items } = useLoaderData<typeof accountLoader>();
  const me = useMe();
  const revalidator = useRevalidator();
  const signOut = useSignOut();
  const sessions = useEndSession(
    (session) => `Ended the session on ${describeUserAgent(session.userAgent)}.`,
    () => revalidator.revalidate(),
  );
  useDocumentTitle("Account");

  return (
    <>
      <PageHeader
        title="Your account"
        actions={
          <Button type="button" variant="outline" onClick={signOut.run} disabled={signOut.pending}>
            <LogOutIcon aria-hidden="true" />
            Sign out
          </Button>
        }
      />
      <ErrorAlert>{signOut.error}</ErrorAlert>
      <Section title="Details">
        <Facts
          rows={[
            ["Name", me.name],
            ["Email", me.email],
            ["Role", ROLE_LABEL[me.role]],
          ]}
        />
      </Section>
      <Section
        title="Sessions"
        description="Where your account is signed in. End a session you do not recognise, and tell an admin."
      >
        <StatusMessage>{sessions.news}</StatusMessage>
        <ErrorAlert>{sessions.action.error?.message}</ErrorAlert>
        <SessionsList
          sessions={items}
          label="Your sessions"
          pending={sessions.action.pending}
          onEnd={sessions.end}
          onSignOut={signOut.run}
        />
      </Section>
    </>
  );
}
