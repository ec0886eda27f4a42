import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "./support/test";
import { E2E } from "./support/env";

/**
 * Public pages ship no framework: React renders them at build time, and one
 * small page script (app/page/main.ts) does what they need at run time. The
 * islands' React code loads only on the visitor's intent
 * (docs/decisions/0013-pages-without-framework.md).
 */

const ONLY_LOADED = ["/", "/faq", "/privacy-policy", "/products/sba-loans", "/texting", "/no-such-page"];
const PAGE_SCRIPT = /^\/assets\/page-[\w-]+\.js$/;
const SCRIPT_BUDGET = 20 * 1024;

/** The scripts a page fetched, by path. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The pageview events the page's beacons carried. (A beacon's Blob body is
 * not in the browser's request log: sendBeacon is wrapped to read it.)
 */
async function pageViews(page: Page): Promise<string[]> {
  const views: string[] = [];
  await page.exposeFunction("recordBeacon", (body: string) => {
    for (const event of JSON.parse(body) as { type: string; page: string }[]) {
      if (event.type === "pageview") views.push(event.page);
    }
  });
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith("/api/events") && data instanceof Blob)
        void data
          .text()
          .then((text) => (window as unknown as { recordBeacon(body: string): void }).recordBeacon(text));
      return send(url, data);
    };
  });
  return views;
}

for (const path of ONLY_LOADED) {
  test(`${path} only loaded fetches the page script and nothing of React`, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(PAGE_SCRIPT);
    const html = await page.content();
    expect(html).not.toContain("__reactRouterContext");
    expect(html).not.toContain('rel="modulepreload"');
    // As compressed for the wire (the server sends the build's .gz or .br).
    const code = readFileSync(join(E2E.buildDir, "client", scripts[0]));
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(SCRIPT_BUDGET);
    expect(code.toString()).not.toMatch(/react\.transitional\.element|__reactRouterContext/);
  });
}

test("the page works on its script alone: dialogs open and close, their frames load on open", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const violations = cspViolations(page);
  await page.goto("/products/sba-loans");
  const frame = page.locator("dialog iframe[data-src]").first();
  await expect(frame).not.toHaveAttribute("src");
  const trigger = page.getByRole("button", { name: "Schedule Consultation" }).first();
  await trigger.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(
    page.getByRole("dialog").frameLocator("iframe").getByRole("heading", { name: "Pick a time" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(scripts.filter((script) => !PAGE_SCRIPT.test(script))).toEqual([]);
  expect(violations).toEqual([]);
});

test("the page script loads after the first paint; a dialog opened before it came gets its frame when it runs", async ({
  page,
}) => {
  // The page script is held back on the wire: the page is painted and its controls answer without it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/page-*.js", async (route) => {
    await released;
    await route.continue();
  });
  const requested = page.waitForRequest((request) => PAGE_SCRIPT.test(new URL(request.url()).pathname));
  await page.goto("/faq", { waitUntil: "commit" });
  await requested;
  const paintedFirst = await page.evaluate(
    () => performance.getEntriesByName("first-contentful-paint").length > 0,
  );
  expect(paintedFirst).toBe(true);

  await page.getByRole("button", { name: "Schedule Consultation" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const frame = page.getByRole("dialog").locator("iframe");
  await expect(frame).not.toHaveAttribute("src");
  expect(await page.locator("html[data-page-ready]").count()).toBe(0);

  release();
  await expect(frame).toHaveAttribute("src", /.+/);
  await expect(
    page.getByRole("dialog").frameLocator("iframe").getByRole("heading", { name: "Pick a time" }),
  ).toBeVisible();
  await expect(page.locator("html[data-page-ready]")).toBeAttached();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens and closes after a choice with no framework loaded", async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto("/faq");
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.locator("#mobile-menu, [popover]").getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
    expect(scripts.filter((script) => !PAGE_SCRIPT.test(script))).toEqual([]);
  });
});

test("Speculation Rules are in the page, valid, CSP-clean, prerender the form's links, and leave out the API and the page itself", async ({
  page,
}) => {
  const violations = cspViolations(page);
  await page.goto("/faq");
  await page.waitForLoadState("networkidle");
  const result = await page.evaluate(() => {
    type Where = {
      href_matches?: { pathname: string; hash?: string };
      selector_matches?: string;
      and?: Where[];
      or?: Where[];
      not?: Where;
    };
    const script = document.querySelector('script[type="speculationrules"]');
    const rules = JSON.parse(script?.textContent ?? "{}") as Record<string, { where: Where }[]>;
    const matches = (where: Where, link: HTMLAnchorElement): boolean => {
      if (where.and) return where.and.every((part) => matches(part, link));
      if (where.or) return where.or.some((part) => matches(part, link));
      if (where.not) return !matches(where.not, link);
      if (where.selector_matches) return link.matches(where.selector_matches);
      const Pattern = (
        window as unknown as {
          URLPattern: new (init: object) => { test(url: string): boolean };
        }
      ).URLPattern;
      return new Pattern({ ...where.href_matches, baseURL: document.baseURI }).test(link.href);
    };
    const decide = (href: string) => {
      const link = document.createElement("a");
      link.href = href;
      return {
        prerender: rules.prerender.some((rule) => matches(rule.where, link)),
        prefetch: rules.prefetch.some((rule) => matches(rule.where, link)),
      };
    };
    return {
      supported: HTMLScriptElement.supports("speculationrules"),
      decisions: Object.fromEntries(
        [
          "/products/sba-loans",
          "/",
          "/#funding-form",
          "/#products",
          "/faq",
          "/faq#top",
          "/api/events",
          "https://elsewhere.example/",
        ].map((href) => [href, decide(href)]),
      ),
    };
  });
  expect(result.supported).toBe(true);
  const both = { prerender: true, prefetch: true };
  const neither = { prerender: false, prefetch: false };
  expect(result.decisions).toEqual({
    "/products/sba-loans": both,
    "/": both,
    "/#funding-form": both,
    "/#products": { prerender: false, prefetch: true },
    "/faq": neither,
    "/faq#top": neither,
    "/api/events": neither,
    "https://elsewhere.example/": neither,
  });
  expect(violations).toEqual([]);
});

test("the 404 page logs its console line from the page script", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect
    .poll(() => errors)
    .toContain("404 Error: User attempted to access non-existent route: /no-such-page");
});

test("a page view is sent once per page", async ({ page }) => {
  const views = await pageViews(page);
  await page.goto("/faq");
  await expect.poll(() => views, { timeout: 10_000 }).toEqual(["/faq"]);
  await page.getByRole("link", { name: "Privacy Policy" }).first().click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/privacy-policy`);
  await expect.poll(() => views, { timeout: 10_000 }).toEqual(["/faq", "/privacy-policy"]);
});

test("a prerendered page counts its view only once it is shown", async ({ page }) => {
  // The browser's own prerendering cannot be timed from a test: the page is
  // told it is prerendering before any script runs, then shown.
  await page.addInitScript(() => {
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
  });
  const views = await pageViews(page);
  await page.goto("/faq");
  await page.waitForTimeout(3000);
  expect(views).toEqual([]);
  await page.evaluate(() => {
    Object.defineProperty(document, "prerendering", { value: false, configurable: true });
    document.dispatchEvent(new Event("prerenderingchange"));
  });
  await expect.poll(() => views, { timeout: 10_000 }).toEqual(["/faq"]);
  await page.waitForTimeout(1000);
  expect(views).toEqual(["/faq"]);
});

test("a legal page's table of contents marks the section being read", async ({ page }) => {
  await page.goto("/privacy-policy");
  const toc = page.getByRole("navigation", { name: "On this page" }).filter({ visible: true });
  const links = toc.getByRole("link");
  await expect(toc.locator("[aria-current]")).toHaveCount(0);
  await links.nth(2).click();
  await expect(links.nth(2)).toHaveAttribute("aria-current", "location");
  await expect(toc.locator("[aria-current]")).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(links.last()).toHaveAttribute("aria-current", "location");
  await expect(toc.locator("[aria-current]")).toHaveCount(1);
});
