/**
 * Speculation Rules for a public page (rendered inline in its <head>): links
 * are ordinary page loads of prerendered HTML, and the browser fetches the
 * likely next page ahead of the click. "moderate" eagerness starts when a
 * pointer rests on a link (about 200 ms) or a finger goes down on it.
 *
 * - prerender: same-origin links without a fragment, and the links to the
 *   home page's application form ("/#funding-form": Get Funding, Apply Now).
 *   On a product page those are its main call to action, so the home page is
 *   prerendered without waiting for the visitor ("immediate"): Apply Now then
 *   shows it at once, where an ordinary load took about 0.3 s on a slow
 *   phone. It starts once the product page is ready (the page script marks
 *   html[data-page-ready] after its first paint), so the home page's HTML
 *   never competes with the page's own first paint for the network. The home
 *   page's arrival scroll waits until it is shown (app/lib/arrival-scroll.ts).
 *   Links to the other sections ("/#products") are only prefetched.
 * - never: the API and the page the visitor is on. The staff's console is
 *   not named: no public page links to it, and the public build must not
 *   mention it at all (e2e/desk/desk.spec.ts reads every built file for it).
 *
 * Page views and attribution wait until a prerendered page is actually
 * shown (app/page/when-shown.ts). The JSON is hashed for the CSP like any
 * inline script (server/site/csp-hashes.mjs).
 */
import type { SectionId } from "./scroll";

type Rule = Record<string, unknown>;

/** URL pattern syntax treats these as special; a literal path escapes them. */
const escapePattern = (path: string) => path.replace(/[\\:*?(){}+]/g, "\\$&");

/** The section whose links are prerendered: the funding application on the home page. */
const FORM_LINK: Rule = { href_matches: { pathname: "/", hash: "funding-form" satisfies SectionId } };

/** Links in a page whose script has run (app/page/main.ts sets the attribute last). */
const PAGE_READY: Rule = { selector_matches: "html[data-page-ready] a" };

/**
 * Links without a fragment, as a URL pattern rather than a selector: Chromium
 * matches a rule's selectors through the page's style engine and recomputes
 * them whenever the document's URL changes, so a `selector_matches` here made
 * every in-page link (Get Funding Now) pay for it in its tap (about 12 ms of a
 * 20 ms click at 4x CPU; docs/decisions/0017-taps-on-a-slow-phone.md). PAGE_READY stays a
 * selector: only product pages carry it, and their links lead elsewhere.
 */
const NO_FRAGMENT: Rule = { href_matches: { pathname: "/*", hash: "" } };

export function speculationRules(currentPath: string) {
  const excluded: Rule[] = [
    { href_matches: { pathname: "/api/*" } },
    { href_matches: { pathname: escapePattern(currentPath) } },
  ];
  const sameSiteLinks: Rule[] = [{ href_matches: { pathname: "/*" } }, { not: { or: excluded } }];
  return {
    prerender: [
      {
        where: { and: [...sameSiteLinks, NO_FRAGMENT] },
        eagerness: "moderate",
      },
      currentPath.startsWith("/products/")
        ? { where: { and: [...sameSiteLinks, FORM_LINK, PAGE_READY] }, eagerness: "immediate" }
        : { where: { and: [...sameSiteLinks, FORM_LINK] }, eagerness: "moderate" },
    ],
    prefetch: [{ where: { and: sameSiteLinks }, eagerness: "moderate" }],
  };
}
