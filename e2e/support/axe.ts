import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/** WCAG 2.2 AA and axe's best practices: what every page, public or desk, must pass. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** Fails the test when axe finds anything; `soft` goes on to the next check and fails at the end (to see every page's findings in one run). */
export async function expectNoAxeViolations(page: Page, what: string, { soft = false } = {}) {
  // Only the violations are reported in full: axe then skips building a selector for every node
  // that passes (a fifth of its time on the site's pages); it runs every rule on every node as before.
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
  (soft ? expect.soft : expect)(summary, `axe violations on ${what}`).toEqual([]);
}
