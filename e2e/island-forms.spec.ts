import type { Route } from "@playwright/test";
import { messages } from "../domain/application/schema";
import { applicationSteps } from "../domain/application/steps";
import { expect, test, type Page } from "./support/test";
import { expectSkippedOffscreen } from "./support/viewport";
import { form } from "./support/wizard";

/**
 * The two forms are React islands (docs/decisions/0012-islands.md): real
 * HTML first, their code loaded on the visitor's intent. What the visitor
 * does before the code has arrived is kept: typed text stays and a pressed
 * button is answered once it has.
 */

/** Holds back the island's chunk until `release()`; `fail` answers it with a network error instead. */
async function holdChunk(page: Page, chunk: RegExp) {
  const held: Route[] = [];
  await page.route(chunk, (route) => {
    held.push(route);
  });
  return {
    requested: () => held.length > 0,
    async release() {
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(chunk);
    },
    async fail() {
      for (const route of held.splice(0)) await route.abort("internetdisconnected");
      await page.unroute(chunk);
    },
  };
}

/** Console errors the page logged (a hydration mismatch, a stack). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);

test("text typed and Next pressed before the wizard's code arrived are kept and answered", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  const chunk = await holdChunk(page, /\/assets\/wizard\.client-[\w-]+\.js$/);
  await page.goto("/#funding-form");
  await page.locator("#funding-form").scrollIntoViewIfNeeded();
  await expect.poll(chunk.requested).toBe(true);

  // Step 1 is real fields in the page: the visitor types and presses Next.
  await form(page).getByLabel("Company Name").fill("Northwind Robotics");
  await form(page).getByLabel("Business Description").fill("Warehouse robots.");
  await form(page).getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/#funding-form$/);
  await expect(island(page, "wizard")).not.toHaveAttribute("data-island-awake");

  await chunk.release();
  await expect(island(page, "wizard")).toHaveAttribute("data-island-awake", "");
  // Next ran once: the untouched fields' messages, none for the typed ones.
  for (const field of ["industry", "annualRevenue", "yearsInBusiness"] as const) {
    await expect(page.getByText(messages[field])).toBeVisible();
  }
  await expect(form(page).getByLabel("Company Name")).toHaveValue("Northwind Robotics");
  await expect(form(page).getByLabel("Company Name")).not.toHaveAttribute("aria-invalid");
  await expect(form(page).getByLabel("Business Description")).toHaveValue("Warehouse robots.");
  await expect(page.getByRole("heading", { name: applicationSteps[0].title, level: 3 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the wizard wakes as it comes within a screen of the viewport, with its section skipped off screen", async ({
  page,
}) => {
  // The page script lets the browser skip sections far off screen (app/page/skip-offscreen.ts);
  // the wizard's section among them must still tell the island loader it is coming near.
  await page.goto("/");
  const section = page.locator("#funding-form");
  await expectSkippedOffscreen(section);
  const wizard = island(page, "wizard");
  /** Scrolls so that the wizard's top is `screens` viewport heights below the viewport's bottom. */
  const scrollToScreensAway = (screens: number) =>
    wizard.evaluate((element, away) => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - innerHeight - away * innerHeight, behavior: "instant" });
    }, screens);
  await scrollToScreensAway(1.5);
  await page.waitForTimeout(300);
  await expect(wizard, "a screen and a half away: still asleep").not.toHaveAttribute("data-island-awake");
  await scrollToScreensAway(0.8);
  await expect(wizard, "within a screen: awake").toHaveAttribute("data-island-awake", "");
  expect(
    await section.evaluate((element) => element.getBoundingClientRect().top - innerHeight),
    "woken while the form was still below the viewport",
  ).toBeGreaterThan(0);
});

test("a newsletter sign-up sent before its code arrived is answered once it has", async ({ page }) => {
  const errors = consoleErrors(page);
  const chunk = await holdChunk(page, /\/assets\/newsletter\.client-[\w-]+\.js$/);
  await page.goto("/faq");
  const footer = page.locator("footer");
  await footer.getByLabel("Email address").fill("not-an-address");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect.poll(chunk.requested).toBe(true);
  await expect(page).toHaveURL(/\/faq$/);

  await chunk.release();
  await expect(island(page, "newsletter")).toHaveAttribute("data-island-awake", "");
  await expect(footer.getByRole("alert")).not.toBeEmpty();
  await expect(footer.getByLabel("Email address")).toHaveValue("not-an-address");
  await expect(footer.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  expect(errors).toEqual([]);
});

test("when the newsletter's code cannot load, the form stays usable, nothing reaches the visitor, and the next press tries again", async ({
  page,
}) => {
  const chunk = await holdChunk(page, /\/assets\/newsletter\.client-[\w-]+\.js$/);
  const uncaught: string[] = [];
  page.on("pageerror", (error) => uncaught.push(error.message));
  await page.goto("/faq");
  const footer = page.locator("footer");
  await footer.getByLabel("Email address").click();
  await expect.poll(chunk.requested).toBe(true);
  await chunk.fail();
  await expect(island(page, "newsletter")).toHaveAttribute("data-island-failed", "");

  const address = `island+${Date.now()}@example.com`;
  await footer.getByLabel("Email address").fill(address);
  await expect(footer.getByLabel("Email address")).toHaveValue(address);
  expect(uncaught).toEqual([]);

  // The next intent (the press on Subscribe) tries again; the held sign-up then goes through.
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(island(page, "newsletter")).toHaveAttribute("data-island-awake", "");
  await expect(island(page, "newsletter")).not.toHaveAttribute("data-island-failed");
  await expect(footer.getByText(`we sent a link to ${address}`)).toBeVisible();
  await expect(page).toHaveURL(/\/faq$/);
  expect(uncaught).toEqual([]);
});
