/**
 * The desk's pages, under the basename /desk. Pages before sign-in stand
 * alone; every other page sits in the signed-in layout, whose loader asks
 * the server who is signed in (a 401 sends the visitor to sign in).
 */
import type { RouteObject } from "react-router";
import { getMe } from "./api/auth";
import { DeskLayout, LAYOUT_ID } from "./components/layout";
import { RootError, RouteError } from "./components/route-error";
import { adoptTimeZone } from "./lib/format";
import { guarded } from "./lib/session";
import { AccountPage, accountLoader } from "./pages/account";
import { ApplicationPage, applicationLoader } from "./pages/application";
import { AuditPage, auditLoader } from "./pages/audit";
import { ConsentsPage, consentsLoader } from "./pages/consents";
import { EvidencePage, evidenceLoader } from "./pages/evidence";
import { ExportsPage } from "./pages/exports";
import { HealthPage, healthLoader } from "./pages/health";
import { HomePage, homeLoader } from "./pages/home";
import { InboxPage, inboxLoader } from "./pages/inbox";
import { InvitePage, inviteLoader } from "./pages/invite";
import { MailPage, mailLoader } from "./pages/mail";
import { NotFoundPage } from "./pages/not-found";
import { QuarantinePage, quarantineLoader } from "./pages/quarantine";
import { SignInPage, signInLoader } from "./pages/sign-in";
import { StaffPage, staffLoader } from "./pages/staff";
import { Loading, Root } from "./root";

export const BASENAME = "/desk";

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RootError />,
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, loader: homeLoader, element: <HomePage /> },
      { path: "sign-in", loader: signInLoader, element: <SignInPage /> },
      { path: "invite/:token", loader: inviteLoader, element: <InvitePage /> },
      {
        id: LAYOUT_ID,
        loader: guarded(async ({ request }) => adoptTimeZone(await getMe(request.signal))),
        element: <DeskLayout />,
        errorElement: <RootError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: "inbox", loader: inboxLoader, element: <InboxPage /> },
              { path: "applications/:id", loader: applicationLoader, element: <ApplicationPage /> },
              { path: "applications/:id/evidence", loader: evidenceLoader, element: <EvidencePage /> },
              { path: "quarantine", loader: quarantineLoader, element: <QuarantinePage /> },
              { path: "health", loader: healthLoader, element: <HealthPage /> },
              { path: "mail", loader: mailLoader, element: <MailPage /> },
              {
                path: "analytics",
                // The charts library is most of the console's code: it loads with this page only.
                lazy: () =>
                  import("./pages/analytics").then((page) => ({
                    loader: page.analyticsLoader,
                    Component: page.AnalyticsPage,
                  })),
              },
              { path: "consents", loader: consentsLoader, element: <ConsentsPage /> },
              { path: "exports", element: <ExportsPage /> },
              { path: "staff", loader: staffLoader, element: <StaffPage /> },
              { path: "audit", loader: auditLoader, element: <AuditPage /> },
              { path: "account", loader: accountLoader, element: <AccountPage /> },
              { path: "*", element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
