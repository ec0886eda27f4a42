import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonVariants } from "#ui/button";
import { isApiError } from "../api/client";
import { PageHeader, useDocumentTitle } from "./page";

/** Words for what went wrong, never a stack trace. */
export function describeError(error: unknown): { title: string; text: string } {
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : undefined;
  if (status === 404) {
    return { title: "Not found", text: "There is nothing at this address. It may have been removed." };
  }
  if (status === 403) {
    return { title: "Not allowed", text: "Your account does not have access to this page." };
  }
  if (isApiError(error)) return { title: "Something went wrong", text: error.message };
  return { title: "Something went wrong", text: "The desk could not show this page. Try again in a moment." };
}

/** A route's error screen, inside the layout (the nav stays usable). */
export function RouteError() {
  const error = useRouteError();
  const { title, text } = describeError(error);
  useDocumentTitle(title);
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={title} description={text} />
      <div className="flex flex-wrap gap-2">
        <Link to="/inbox" className={buttonVariants({ variant: "outline" })}>
          Go to the inbox
        </Link>
      </div>
    </div>
  );
}

/** The whole page's error screen (nothing above it rendered). */
export function RootError() {
  const error = useRouteError();
  const { title, text } = describeError(error);
  useDocumentTitle(title);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-4 px-4 py-10">
      <PageHeader title={title} description={text} />
      <div>
        <a href="/desk" className={buttonVariants({ variant: "outline" })}>
          Start again
        </a>
      </div>
    </main>
  );
}
