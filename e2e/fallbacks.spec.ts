import { expect, test, type Page } from "./support/test";

/**
 * The page's controls are the browser's own (popover, <dialog> with invoker
 * commands, scroll-driven animation); where a browser lacks one, the page
 * script stands in (app/lib/native-controls.ts). Chromium has them all, so
 * each test takes a feature away before any page script runs: the property
 * the script detects is deleted, and the browser's own behaviour is cancelled
 * (a click on an invoker is default-prevented first, so only the script can
 * answer it).
 */
async function withoutInvokerCommands(page: Page) {
  await page.addInitScript(() => {
    delete (HTMLButtonElement.prototype as { command?: unknown }).command;
    addEventListener(
      "click",
      (event) => {
        if (event.target instanceof Element && event.target.closest("button[commandfor]"))
          event.preventDefault();
      },
      true,
    );
  });
}

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

test("without invoker commands, the consultation dialog still opens, loads its frame, closes and returns focus", async ({
  page,
}) => {
  await withoutInvokerCommands(page);
  await page.goto("/faq");
  expect(await page.evaluate(() => "command" in HTMLButtonElement.prototype)).toBe(false);
  const trigger = page.getByRole("button", { name: "Schedule Consultation" }).first();
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("iframe")).toHaveAttribute("src", /\/booking$/);
  await dialog.getByRole("button", { name: "Close consultation dialog" }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
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
