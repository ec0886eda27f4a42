import { expect, test } from "vitest";
import { speculationRules } from "./speculation-rules";

// Which links each rule matches is checked in a browser, with its own
// URLPattern (e2e/islands.spec.ts); here, what the rules are made of.

test("same-origin links are prerendered with moderate eagerness, section links only prefetched", () => {
  const { prerender, prefetch } = speculationRules("/faq");
  expect(prerender).toEqual([
    expect.objectContaining({ eagerness: "moderate" }),
    expect.objectContaining({ eagerness: "moderate" }),
  ]);
  expect(prefetch).toEqual([expect.objectContaining({ eagerness: "moderate" })]);
  // Links with a fragment are left out by URL pattern, not by selector (an in-page link's tap
  // would recompute a selector's matches).
  expect(JSON.stringify(prerender[0])).toContain(`{"href_matches":{"pathname":"/*","hash":""}}`);
  expect(JSON.stringify(prerender[0])).not.toContain("selector_matches");
  expect(JSON.stringify(prefetch)).not.toContain("selector_matches");
});

test("links to the application form are prerendered too, at once from a product page", () => {
  const formLink = JSON.stringify({ href_matches: { pathname: "/", hash: "funding-form" } });
  const product = speculationRules("/products/sba-loans").prerender[1];
  expect(JSON.stringify(product)).toContain(formLink);
  expect(product.eagerness).toBe("immediate");
  // Not before the product page has painted and run its script: its own load comes first.
  expect(JSON.stringify(product)).toContain(`{"selector_matches":"html[data-page-ready] a"}`);
  // Elsewhere the home page is rendered only once the visitor reaches for the link.
  for (const path of ["/faq", "/privacy-policy", "/texting"]) {
    expect(speculationRules(path).prerender[1].eagerness).toBe("moderate");
  }
});

test("the API and the page itself are left out, and the staff's console is never named", () => {
  const json = JSON.stringify(speculationRules("/products/sba-loans"));
  for (const pathname of ["/api/*", "/products/sba-loans"]) {
    expect(json).toContain(`{"href_matches":{"pathname":"${pathname}"}}`);
  }
  expect(json).not.toContain("desk");
});

test("a path with URL pattern syntax in it is matched literally", () => {
  expect(JSON.stringify(speculationRules("/a:b(c)*"))).toContain(
    JSON.stringify({ href_matches: { pathname: "/a\\:b\\(c\\)\\*" } }),
  );
});
