import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { pages } from "./support/routes";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

for (const target of [...pages.map((p) => p.path), "/no-such-page"]) {
  test(`axe finds nothing on ${target}`, async ({ page }) => {
    await page.goto(target);
    await page.waitForLoadState("networkidle");
    await expectNoViolations(page, target);
  });
}

test("axe finds nothing with the consultation dialog open", async ({ page }) => {
  await page.goto("/products/sba-loans");
  await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "consultation dialog");
});

test("axe finds nothing with the comparison open", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Compare All Options" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "comparison dialog");
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("axe finds nothing with the mobile menu open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoViolations(page, "mobile menu");
  });
});

test.describe("reduced motion", () => {
  test.use({ colorScheme: "light", reducedMotion: "reduce" });
  test("smooth scrolling is off when the visitor asks for less motion", async ({ page }) => {
    await page.goto("/");
    const behavior = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(behavior).toBe("auto");
  });
});
