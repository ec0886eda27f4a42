/**
 * The desk's pages the server links to (the staff alert and delivery alert
 * e-mails, invitation and setup links): the desk's router declares them with
 * these patterns (desk/routes.tsx), and the server builds the links with
 * deskUrl, so a page moved on one side cannot leave dead links on the other.
 */

import type { DueView, InboxSort, OwnerView } from "./work";

/** Where the desk is served, under the site's origin. */
export const DESK_BASENAME = "/desk";

/**
 * One of the inbox's views as its URL says it (desk/common/lib/filters.ts
 * reads the same parameters): whose, the review clock's view, the order.
 */
export interface InboxView {
  owner: OwnerView;
  due?: DueView;
  sort?: InboxSort;
}

export const DESK_PAGES = {
  inbox: {
    route: "inbox",
    // In the order the inbox writes them, so a link matches the URL the inbox would show.
    path: (view?: InboxView) => {
      const params = new URLSearchParams();
      for (const key of ["owner", "due", "sort"] as const) if (view?.[key]) params.set(key, view[key]);
      return params.size ? `inbox?${params}` : "inbox";
    },
  },
  application: {
    route: "applications/:id",
    path: (id: string) => `applications/${encodeURIComponent(id)}`,
  },
  health: { route: "health", path: () => "health" },
  claims: { route: "claims", path: () => "claims" },
  claim: { route: "claims/:id", path: (id: string) => `claims/${encodeURIComponent(id)}` },
  privacyRequests: { route: "privacy-requests", path: () => "privacy-requests" },
  consents: { route: "consents", path: () => "consents" },
  invite: {
    route: "invite/:token",
    path: (token: string) => `invite/${encodeURIComponent(token)}`,
  },
} as const;

/** The full address of a desk page: `<SITE_URL>/desk/<path>`. */
export const deskUrl = (siteUrl: string, path: string) => `${siteUrl}${DESK_BASENAME}/${path}`;
