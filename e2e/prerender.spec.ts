/**
 * A product page prerenders the home page for its Apply Now (Speculation
 * Rules, app/lib/speculation-rules.ts): the tap shows a page already drawn,
 * and that page still arrives at its form as a tap on Apply Now always does, at the top when
 * shown, then a smooth scroll 100 ms later (app/lib/arrival-scroll.ts).
 *
 * Chromium does not prerender for a page a DevTools client is attached to,
 * and Playwright attaches to every page it opens: this test starts its own
 * Chromium on the product page (launchUndriven) and connects only once the
 * page has loaded and the prerender has started. Playwright's page object
 * does not follow a prerendered page into the tab, so the shown page is read
 * through the tab's DevTools session.
 */
import { chromium, type CDPSession } from "@playwright/test";
import { launchUndriven } from "../scripts/lib/chromium.mjs";
import { LOAD_BY_MS } from "../scripts/page-script.mjs";
import { E2E } from "./support/env";
import { expect, test } from "./support/test";

const PRODUCT = "/products/growth-capital";

/** Evaluates `expression` in the tab's current page. */
async function read<T>(cdp: CDPSession, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
    expression,
    returnByValue: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.text);
  return result.value as T;
}

test("Apply Now on a product page shows the home page prerendered, at the top, then scrolls to the form", async () => {
  test.setTimeout(60_000);
  const undriven = await launchUndriven(`${E2E.baseUrl}${PRODUCT}`);
  try {
    // Parsed; its script runs after its first paint (LOAD_BY_MS at the latest) and marks it
    // ready, and the prerender starts then.
    await undriven.untilLoaded();
    await new Promise((resolve) => setTimeout(resolve, LOAD_BY_MS + 500));

    const browser = await chromium.connectOverCDP(undriven.endpoint);
    const [context] = browser.contexts();
    const page = context.pages().find((candidate) => candidate.url().endsWith(PRODUCT))!;
    const cdp = await context.newCDPSession(page);
    const statuses: string[] = [];
    cdp.on("Preload.prerenderStatusUpdated", (event) => {
      if (new URL(event.key.url).pathname === "/") statuses.push(event.status);
    });
    await cdp.send("Preload.enable");
    // The arrival script puts the fragment back in the address as it starts to scroll.
    const restored: number[] = [];
    cdp.on("Page.navigatedWithinDocument", (event) => {
      if (event.url.endsWith("/#funding-form")) restored.push(Date.now());
    });
    await cdp.send("Page.enable");
    await expect.poll(() => statuses, { timeout: 20_000 }).toContain("Ready");

    const link = page.getByRole("link", { name: "Apply Now" }).first();
    const box = (await link.boundingBox())!;
    const tappedAt = Date.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

    await expect.poll(() => read<string>(cdp, "location.pathname").catch(() => "")).toBe("/");
    await expect.poll(() => statuses).toContain("Success");
    const shown = await read<{ activationStart: number; scrollY: number; formTop: number }>(
      cdp,
      `({ activationStart: performance.getEntriesByType("navigation")[0].activationStart,
          scrollY: scrollY,
          formTop: document.getElementById("funding-form").getBoundingClientRect().top + scrollY })`,
    );
    expect(shown.activationStart, "the page was prerendered, then shown").toBeGreaterThan(0);
    // Shown at the top: the scroll waited for the visitor (a page that scrolled while hidden shows the form at once).
    expect(shown.scrollY).toBeLessThan(shown.formTop / 2);

    const margin = await read<number>(
      cdp,
      `Math.round(parseFloat(getComputedStyle(document.getElementById("funding-form")).scrollMarginTop))`,
    );
    await expect
      .poll(() =>
        read<number>(cdp, `Math.round(document.getElementById("funding-form").getBoundingClientRect().top)`),
      )
      .toBe(margin);
    expect(await read<string>(cdp, "location.hash")).toBe("#funding-form");
    // Scrolled in the shown page, 100 ms or more after the tap, not while it was hidden.
    expect(restored).toHaveLength(1);
    expect(restored[0] - tappedAt).toBeGreaterThanOrEqual(100);
    await browser.close();
  } finally {
    await undriven.close();
  }
});
