import { expectNoAxeViolations } from "./support/axe";
import { expect, test, type Locator, type Page } from "./support/test";
import { pages } from "./support/routes";
import { expectSkippedOffscreen } from "./support/viewport";
import { form, openWizard, reachReview, uniqueApplicant } from "./support/wizard";

/** The focus ring a keyboard user sees: an outline or a box-shadow ring, not nothing. */
async function focusIndicator(locator: Locator) {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    return { outline, ring, visible: outline || ring };
  });
}

const activeElementInside = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const container = document.querySelector(selector);
    return Boolean(container && document.activeElement && container.contains(document.activeElement));
  }, selector);

for (const target of [...pages.map((p) => p.path), "/no-such-page"]) {
  test(`axe finds nothing on ${target}`, async ({ page }) => {
    // The methodology page lists every claim of the register (some seventy entries): axe needs
    // longer than the default there on a loaded machine.
    if (target === "/methodology") test.slow();
    await page.goto(target);
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, target);
  });
}

test("axe finds nothing on / once its off-screen sections are skipped", async ({ page }) => {
  // The page script lets the browser skip the sections far from the viewport
  // (app/page/skip-offscreen.ts): what it skips must still pass.
  await page.goto("/");
  await expectSkippedOffscreen(page.locator("#testimonials"));
  await expectNoAxeViolations(page, "/ with off-screen sections skipped");
});

test("axe finds nothing with the consultation dialog open", async ({ page }) => {
  await page.goto("/products/sba-loans");
  await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, "consultation dialog");
});

test("axe finds nothing with the comparison open", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Compare All Options" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoAxeViolations(page, "comparison dialog");
});

test.describe("the application wizard", () => {
  test("axe finds nothing with step 1's errors shown", async ({ page }) => {
    await openWizard(page);
    await form(page).getByRole("button", { name: "Next" }).click();
    await expect(form(page).getByLabel("Company Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page, "wizard step 1 with errors");
  });

  test("axe finds nothing on the review step, and the SMS consent text is at least 14 px", async ({
    page,
  }) => {
    await reachReview(page, uniqueApplicant());
    const consent = page.getByText(/I agree to receive text messages/);
    await expect(consent).toBeVisible();
    const fontSize = await consent.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(14);
    // axe's color-contrast rule covers the consent text and its links here.
    await expectNoAxeViolations(page, "wizard review step");
  });
});

test.describe("focus", () => {
  test("links and buttons show a visible focus indicator", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skipLink = page.getByRole("link", { name: "Skip to content" });
    await expect(skipLink).toBeFocused();
    expect((await focusIndicator(skipLink)).visible).toBe(true);

    // Walk on by keyboard until a link and a button have each had focus.
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      const tag = await focused.evaluate((element) => element.tagName.toLowerCase());
      if (tag !== "a" && tag !== "button") continue;
      const indicator = await focusIndicator(focused);
      expect(indicator.visible, `focus indicator on the focused <${tag}>`).toBe(true);
      seen.add(tag);
    }
    expect([...seen].sort()).toEqual(["a", "button"]);
  });

  test("the consultation dialog traps focus and returns it to its trigger", async ({ page }) => {
    await page.goto("/products/sba-loans");
    const trigger = page.getByRole("button", { name: "Schedule Consultation" }).first();
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect.poll(() => activeElementInside(page, "dialog:popover-open")).toBe(true);

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await activeElementInside(page, "dialog:popover-open"), `focus after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await activeElementInside(page, "dialog:popover-open"), `focus after Shift+Tab ${i + 1}`).toBe(
        true,
      );
    }

    // Back on the page's own controls (the booking frame keeps its keys), Escape closes.
    await dialog.getByRole("button", { name: "Close consultation dialog" }).focus();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    // The close button returns focus the same way.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close consultation dialog" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("axe finds nothing with the mobile menu open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page, "mobile menu");
  });
});

test.describe("reduced motion", () => {
  test.use({ colorScheme: "light", reducedMotion: "reduce" });

  test("smooth scrolling is off when the visitor asks for less motion", async ({ page }) => {
    await page.goto("/");
    const behavior = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(behavior).toBe("auto");

    // An in-page link jumps at once instead of gliding.
    await page.getByRole("link", { name: "Get Funding Now" }).first().click();
    const top = await page
      .locator("#funding-form")
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(120);
  });

  test("animations and transitions are off when the visitor asks for less motion", async ({ page }) => {
    await page.goto("/products/sba-loans");
    await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const timings = await dialog.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        animation: parseFloat(style.animationDuration),
        transition: parseFloat(style.transitionDuration),
      };
    });
    expect(timings.animation).toBeLessThan(0.001);
    expect(timings.transition).toBeLessThan(0.001);
    const button = page.getByRole("button", { name: "Close consultation dialog" });
    expect(
      await button.evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration)),
    ).toBeLessThan(0.001);
  });
});
