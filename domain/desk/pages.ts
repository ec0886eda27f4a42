/**
 * The desk's pages the server links to (the staff alert and delivery alert
 * e-mails, invitation and setup links): the desk's router declares them with
 * these patterns (desk/routes.tsx), and the server builds the links with
 * deskUrl, so a page moved on one side cannot leave dead links on the other.
 */

/** Where the desk is served, under the site's origin. */
export const DESK_BASENAME = "/desk";

export const DESK_PAGES = {
  application: {
    route: "applications/:id",
    path: (id: string) => `applications/${encodeURIComponent(id)}`,
  },
  health: { route: "health", path: () => "health" },
  privacyRequests: { route: "privacy-requests", path: () => "privacy-requests" },
  consents: { route: "consents", path: () => "consents" },
  invite: {
    route: "invite/:token",
    path: (token: string) => `invite/${encodeURIComponent(token)}`,
  },
} as const;

/** The full address of a desk page: `<SITE_URL>/desk/<path>`. */
export const deskUrl = (siteUrl: string, path: string) => `${siteUrl}${DESK_BASENAME}/${path}`;
