import { test as base, type Page } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

/**
 * page.goto and page.reload here return once an HTML page's script has run:
 * a public page's script marks <html data-page-ready> (app/page/main.ts), the
 * desk marks <html data-hydrated> once React has rendered it. A test that asks
 * for `waitUntil: "commit"` gets the page as it arrives, script or not.
 */
async function untilReady(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  if (response?.headers()["content-type"]?.startsWith("text/html")) {
    await page.locator("html[data-page-ready], html[data-hydrated]").waitFor({ state: "attached" });
  }
  return response;
}

/** Makes `page`'s goto and reload wait for the page's script, as the `page` fixture's do (for a page a test opens itself). */
export function readyOnLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    return args[1]?.waitUntil === "commit" ? response : untilReady(page, response);
  };
  page.reload = async (...args) => untilReady(page, await reload(...args));
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(readyOnLoad(page));
  },
});
