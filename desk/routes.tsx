/**
 * The desk's pages, under the basename /desk (the pages the server links to
 * in e-mails take their paths from #domain/desk/pages). Pages before sign-in stand
 * alone; every other page sits in the signed-in layout, whose loader asks
 * the server who is signed in (a 401 sends the visitor to sign in).
 */
import type { RouteObject } from "react-router";
import { DESK_BASENAME, DESK_PAGES } from "#domain/desk/pages";
import { getMe } from "./common/api/requests";
import { DeskLayout, LAYOUT_ID } from "./common/components/layout";
import { RootError, RouteError } from "./common/components/route-error";
import { adoptTimeZone } from "./common/lib/format";
import { guarded } from "./common/lib/session";
import { AccountPage, accountLoader } from "./account/account-page";
import { ApplicationPage, applicationLoader } from "./application/application-page";
import { sameLeadUnlessMoved } from "./application/timeline-section";
import { AuditPage, auditLoader } from "./audit/audit-page";
import { ClaimPage, claimLoader } from "./claims/claim-page";
import { ClaimsPage, claimsLoader } from "./claims/claims-page";
import { ConsentsPage, consentsLoader } from "./consents/consents-page";
import { EvidencePage, evidenceLoader } from "./application/evidence-page";
import { ExportsPage } from "./exports/exports-page";
import { HealthPage, healthLoader } from "./health/health-page";
import { HomePage, homeLoader } from "./sign-in/home-page";
import { InboxPage, inboxLoader } from "./inbox/inbox-page";
import { InvitePage, inviteLoader } from "./sign-in/invite-page";
import { MailPage, mailLoader } from "./mail/mail-page";
import { NotFoundPage } from "./common/not-found-page";
import { PrivacyPage, privacyLoader } from "./privacy/privacy-page";
import { QuarantinePage, quarantineLoader } from "./quarantine/quarantine-page";
import { SignInPage, signInLoader } from "./sign-in/sign-in-page";
import { StaffPage, staffLoader } from "./staff/staff-page";
import { Loading, Root } from "./root";

export const BASENAME = DESK_BASENAME;

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RootError />,
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, loader: homeLoader, element: <HomePage /> },
      { path: "sign-in", loader: signInLoader, element: <SignInPage /> },
      { path: DESK_PAGES.invite.route, loader: inviteLoader, element: <InvitePage /> },
      {
        id: LAYOUT_ID,
        loader: guarded(async ({ request }) => adoptTimeZone(await getMe(request.signal))),
        element: <DeskLayout />,
        errorElement: <RootError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { path: DESK_PAGES.inbox.route, loader: inboxLoader, element: <InboxPage /> },
              {
                path: DESK_PAGES.application.route,
                loader: applicationLoader,
                shouldRevalidate: sameLeadUnlessMoved,
                element: <ApplicationPage />,
              },
              { path: "applications/:id/evidence", loader: evidenceLoader, element: <EvidencePage /> },
              { path: "quarantine", loader: quarantineLoader, element: <QuarantinePage /> },
              { path: DESK_PAGES.health.route, loader: healthLoader, element: <HealthPage /> },
              { path: "mail", loader: mailLoader, element: <MailPage /> },
              { path: DESK_PAGES.claims.route, loader: claimsLoader, element: <ClaimsPage /> },
              { path: DESK_PAGES.claim.route, loader: claimLoader, element: <ClaimPage /> },
              {
                path: "analytics",
                // The charts library is most of the desk's code: it loads with this page only.
                lazy: () =>
                  import("./analytics/analytics-page").then((page) => ({
                    loader: page.analyticsLoader,
                    Component: page.AnalyticsPage,
                  })),
              },
              { path: DESK_PAGES.consents.route, loader: consentsLoader, element: <ConsentsPage /> },
              { path: DESK_PAGES.privacyRequests.route, loader: privacyLoader, element: <PrivacyPage /> },
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
