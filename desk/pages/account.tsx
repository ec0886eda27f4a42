import { LogOutIcon } from "lucide-react";
import { useState } from "react";
import { useLoaderData, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { endSession, listSessions } from "../api/auth";
import type { SessionInfo } from "../api/types";
import { useMe, useSignOut } from "../components/layout";
import { ErrorAlert, StatusMessage } from "../components/messages";
import { PageHeader, Section, useDocumentTitle } from "../components/page";
import { SessionsList } from "../components/sessions-list";
import { Facts } from "../components/detail-sections";
import { guarded } from "../lib/session";
import { useAction } from "../lib/use-action";
import { describeUserAgent } from "../lib/user-agent";

export const accountLoader = guarded(({ request }) => listSessions(undefined, request.signal));

/** The signed-in user's account and sessions. */
export function AccountPage() {
  const { items } = useLoaderData<typeof accountLoader>();
  const me = useMe();
  const revalidator = useRevalidator();
  const action = useAction();
  const signOut = useSignOut();
  const [news, setNews] = useState<string | null>(null);
  useDocumentTitle("Account");

  async function end(session: SessionInfo) {
    setNews(null);
    const ended = await action.run(async () => {
      await endSession(session.id);
      return true;
    });
    if (!ended) return;
    setNews(`Ended the session on ${describeUserAgent(session.userAgent)}.`);
    await revalidator.revalidate();
  }

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
            ["Role", me.role === "admin" ? "Admin" : "Staff"],
          ]}
        />
      </Section>
      <Section
        title="Sessions"
        description="Where your account is signed in. End a session you do not recognise, and tell an admin."
      >
        <StatusMessage>{news}</StatusMessage>
        <ErrorAlert>{action.error?.message}</ErrorAlert>
        <SessionsList
          sessions={items}
          label="Your sessions"
          pending={action.pending}
          onEnd={end}
          onSignOut={signOut.run}
        />
      </Section>
    </>
  );
}
