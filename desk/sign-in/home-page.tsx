import { redirect, useLoaderData } from "react-router";
import { getMe } from "../common/api/requests";
import { getSetup } from "./api";
import { isSignedOut } from "../common/api/client";
import { PageHeader, useDocumentTitle } from "../common/components/page";
import { PublicFrame } from "../common/components/public-frame";

/**
 * /desk: the inbox when signed in, else sign-in; while no admin exists yet,
 * where to find the one-time setup link.
 */
export async function homeLoader({ request }: { request: Request }) {
  const setup = await getSetup(request.signal);
  if (setup.needsSetup) return { needsSetup: true as const };
  try {
    await getMe(request.signal);
  } catch (error) {
    if (isSignedOut(error)) throw redirect("/sign-in");
    throw error;
  }
  throw redirect("/inbox");
}

export function SetupNotice() {
  return (
    <>
      <PageHeader title="Set up the lead desk" description="No admin account exists yet." />
      <div className="flex flex-col gap-3 text-sm leading-relaxed">
        <p>
          When the server started, it wrote a one-time setup link to its log, in the field{" "}
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">setupUrl</code>. Open that link
          to create the first admin account: choose a password, then connect an authenticator app.
        </p>
        <p className="text-muted-foreground">
          Only someone with access to the server's log can do this. Reload this page once the account exists.
        </p>
      </div>
    </>
  );
}

export function HomePage() {
  useLoaderData<typeof homeLoader>();
  useDocumentTitle("Set up");
  return (
    <PublicFrame>
      <SetupNotice />
    </PublicFrame>
  );
}
