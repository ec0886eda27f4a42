import { expect, test, type Page } from "./support/test";

/**
 * The page's controls are the browser's own (popovers: the menu and the
 * dialogs; scroll-driven animation); where a browser lacks one, the page
 * script stands in (app/lib/native-controls.ts). Chromium has them all, so
 * each test takes a feature away before any page script runs: the property
 * the script detects is deleted, and the browser's own behaviour is cancelled
 * (a click on an invoker is default-prevented first, so only the script can
 * answer it).
 */
async function withoutPopovers(page: Page) {
  await page.addInitScript(() => {
    delete (HTMLElement.prototype as { popover?: unknown }).popover;
    addEventListener(
      "click",
      (event) => {
        if (event.target instanceof Element && event.target.closest("button[popovertarget]"))
          event.preventDefault();
      },
      true,
    );
  });
}

test("without popovers, the consultation dialog opens as a modal dialog, loads its frame, holds the page and gives focus back", async ({
  page,
}) => {
  await withoutPopovers(page);
  await page.goto("/faq");
  await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
  expect(await page.evaluate(() => "popover" in HTMLElement.prototype)).toBe(false);
  const trigger = page.getByRole("button", { name: "Schedule Consultation" }).first();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  const html = page.locator("html");

  await trigger.click();
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await expect(dialog.locator("iframe")).toHaveAttribute("src", /\/booking$/);
  await expect(html).toHaveAttribute("data-dialog-open", "");
  await dialog.getByRole("button", { name: "Close consultation dialog" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(html).not.toHaveAttribute("data-dialog-open");

  // Escape, the browser's own for a modal dialog, gives the page back too.
  await trigger.click();
  await expect(html).toHaveAttribute("data-dialog-open", "");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(html).not.toHaveAttribute("data-dialog-open");

  // And so does a click outside it.
  await trigger.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
  await expect(html).not.toHaveAttribute("data-dialog-open");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("without popovers, the menu still opens, says so, and closes after a choice or Escape", async ({
    page,
  }) => {
    await withoutPopovers(page);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "About Us" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/#about-us$/);
  });
});

test("without scroll-driven animations, the header still turns solid once the page is scrolled", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) =>
      /animation-timeline/.test(args.join(" "))
        ? false
        : supports(...(args as [string]))) as typeof CSS.supports;
  });
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 800);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});
