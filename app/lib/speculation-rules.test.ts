import { expect, test } from "vitest";
import { speculationRules } from "./speculation-rules";

// Which links each rule matches is checked in a browser, with its own
// URLPattern (e2e/islands.spec.ts); here, what the rules are made of.

test("same-origin links are prerendered with moderate eagerness, section links only prefetched", () => {
  const { prerender, prefetch } = speculationRules("/faq");
  expect(prerender).toEqual([expect.objectContaining({ eagerness: "moderate" })]);
  expect(prefetch).toEqual([expect.objectContaining({ eagerness: "moderate" })]);
  expect(JSON.stringify(prerender)).toContain(`"selector_matches":"a[href*='#']"`);
  expect(JSON.stringify(prefetch)).not.toContain("selector_matches");
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
