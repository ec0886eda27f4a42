import { test as base, type Page } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

/**
 * Pages paint before they hydrate (scripts/defer-hydration.mjs), so the load
 * event no longer means "interactive". page.goto and page.reload here return
 * once an HTML page has hydrated (the root marks <html data-hydrated>).
 */
async function untilHydrated(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (response?.headers()["content-type"]?.startsWith("text/html")) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
  return response;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => untilHydrated(page, await goto(...args));
    page.reload = async (...args) => untilHydrated(page, await reload(...args));
    await use(page);
  },
});
