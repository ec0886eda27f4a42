/**
 * The site's own analytics in Chromium: a scripted set of visitors on one
 * campaign (two leave at step 2, one fails the e-mail check and leaves, one
 * fails it then submits, one comes from a product page and submits, one
 * sends Global Privacy Control) gives exactly the expected funnel, error
 * counts and visitor counts in the dashboard's API; analytics sets no
 * cookie and stores nothing in the browser; and the code it adds to the
 * public pages' first load is at most 1 KB (the built chunks compared with
 * a build whose sender is a no-op).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Request } from "@playwright/test";
import { ATTRIBUTION_KEY } from "../../app/lib/attribution-capture";
import { DRAFT_KEY } from "../../app/features/application/draft-store";
import { BROWSER_EVENTS } from "#domain/analytics/events";
import type { AnalyticsReport } from "#domain/desk/contract";
import { queryRows } from "../support/db";
import { acceptInvitation, expectNoAxeViolations, screenshot } from "../support/desk";
import { E2E } from "../support/env";
import { expect, test, type Page } from "../support/test";
import { fillStepOne, fillStepThree, fillStepTwo, form, next, uniqueApplicant } from "../support/wizard";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const campaign = `e2e-funnel-${Date.now()}`;
const tags = `utm_source=e2e-mail&utm_medium=email&utm_campaign=${campaign}`;
/** React Router's scroll positions: essential storage the site had before analytics. */
const SCROLL_KEY = "react-router-scroll-positions";
const ALLOWED_KEYS = [ATTRIBUTION_KEY, DRAFT_KEY, SCROLL_KEY];

let visitorCount = 0;

/**
 * The events the visitors' pages handed to sendBeacon (as the pages said;
 * batches whose body could not be read are counted apart), and the id of the
 * last event stored before the first visitor came.
 */
const sent = { events: 0, unread: 0, afterId: "0" };

interface Visitor {
  context: BrowserContext;
  page: Page;
  /** The answers Playwright saw to the page's event batches (-1: the request failed); each must be 202. */
  statuses: number[];
}

/**
 * Runs in each visitor's pages: tells the test how many events each batch
 * given to sendBeacon holds. Playwright does not show a Blob body, and may
 * never report the batch a closing page sends answered (nor failed), so the
 * store is what shows that batch arrived; this is what it must hold.
 */
function reportBatches() {
  const bodies = new WeakMap<Blob, string>();
  const NativeBlob = Blob;
  window.Blob = class Blob extends NativeBlob {
    constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      if (parts?.every((part) => typeof part === "string")) bodies.set(this, parts.join(""));
    }
  };
  const sendBeacon = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, data) => {
    const queued = sendBeacon(url, data);
    const batchSent = (window as unknown as { batchSent: (body: string | null) => void }).batchSent;
    if (queued && String(url).endsWith("/api/events"))
      batchSent(data instanceof NativeBlob ? (bodies.get(data) ?? null) : null);
    return queued;
  };
}

/**
 * Browser events stored from this test's visitors: those whose page view
 * carried the campaign, and the one that sends Global Privacy Control (no
 * key; no other test sends it). Other tests' pages are visitors too (the
 * project's desktop Chrome user agent is no bot), and their last events may
 * be stored after this test began.
 */
async function storedEvents(): Promise<number> {
  const [{ count }] = await queryRows<{ count: number }>(
    `SELECT count(*)::int AS count FROM analytics_events
      WHERE id > $1 AND name = ANY($2)
        AND (visitor_key IS NULL OR visitor_key IN (SELECT visitor_key FROM analytics_events WHERE utm_campaign = $3))`,
    [sent.afterId, BROWSER_EVENTS, campaign],
  );
  return count;
}

/**
 * A new browser with a desktop Chrome user agent of its own: every visitor
 * comes from 127.0.0.1, so the user agent is what tells them apart.
 */
async function newVisitor(browser: Browser, options: { gpc?: boolean } = {}): Promise<Visitor> {
  visitorCount += 1;
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitorCount}.${process.pid % 1000} Safari/537.36`,
    viewport: { width: 1280, height: 900 },
    ...(options.gpc ? { extraHTTPHeaders: { "Sec-GPC": "1" } } : {}),
  });
  await context.exposeFunction("batchSent", (body: string | null) => {
    if (body === null) sent.unread += 1;
    else sent.events += (JSON.parse(body) as unknown[]).length;
  });
  await context.addInitScript(reportBatches);
  const visitor: Visitor = { context, page: await context.newPage(), statuses: [] };
  const isBatch = (request: Request) => request.url().endsWith("/api/events");
  // A batch sent as the tab closes may finish once the test has closed the context, after its
  // answers were checked: its response can no longer be read then, and is not counted.
  context.on("requestfinished", (request) => {
    if (!isBatch(request)) return;
    request.response().then(
      (response) => visitor.statuses.push(response?.status() ?? 0),
      () => undefined,
    );
  });
  context.on("requestfailed", (request) => {
    if (isBatch(request)) visitor.statuses.push(-1);
  });
  return visitor;
}

async function arrive(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
}

async function toWizard(page: Page) {
  await page.locator("#funding-form").scrollIntoViewIfNeeded();
  await expect(form(page).getByLabel("Company Name")).toBeEditable({ timeout: 15_000 });
}

/** Checks the browser holds nothing from analytics, then closes the tab (its last events go as it closes). */
async function leave(visitor: Visitor) {
  expect(await visitor.context.cookies()).toEqual([]);
  const stored = await visitor.page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
  }));
  for (const key of [...stored.local, ...stored.session]) expect(ALLOWED_KEYS).toContain(key);
  // The page's first batch (its page view) has been answered: the 202 check below checks something.
  await expect.poll(() => visitor.statuses.length).toBeGreaterThan(0);
  // Closing the tab sends what is still queued (pagehide); close() does not wait for the
  // unload handlers, the page's "close" event does.
  // (Playwright's goto("about:blank") fires no pagehide; closing the page does.)
  await Promise.all([visitor.page.waitForEvent("close"), visitor.page.close({ runBeforeUnload: true })]);
  // Every event sent so far is stored, and nothing else: the server stores a batch only when
  // it answers 202 (within a second), so every batch was accepted, the last one included.
  // Waited for before the browser closes, which could cancel a batch still on its way.
  await expect
    .poll(async () => ({ unread: sent.unread, notStored: sent.events - (await storedEvents()) }), {
      message: "batches the test could not read; events sent and not stored (below 0: stored, not sent)",
      timeout: 10_000,
    })
    .toEqual({ unread: 0, notStored: 0 });
  expect(
    visitor.statuses.filter((status) => status !== 202),
    "answers other than 202 (-1: failed)",
  ).toEqual([]);
  expect(await visitor.context.cookies()).toEqual([]);
  await visitor.context.close();
}

async function submitReview(page: Page) {
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirm & Submit Application" }).click();
  await expect(page.getByText("Application Submitted Successfully!")).toBeVisible();
}

async function failEmailCheck(page: Page) {
  await fillStepThree(page, { ...uniqueApplicant(), email: "ada.at.northwind" });
  await form(page).getByRole("button", { name: "Next" }).click();
  await expect(form(page).getByText("Please enter a valid email address")).toBeVisible();
}

/** A staff account made with the operator's CLI and the invitation page; the page stays signed in. */
async function signedInStaff(page: Page) {
  const email = `analyst+${Date.now()}@harborline.test`;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "server/cli/applications.ts", "staff", "invite", email, "--role", "staff", "--json"],
    { env: { ...process.env, ...E2E.serverEnv, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  const { inviteUrl } = JSON.parse(out.trim().split("\n").at(-1)!) as { inviteUrl: string };
  const url = new URL(inviteUrl);
  await acceptInvitation(page, url.pathname + url.search, email);
}

test("a scripted set of visitors gives exactly the expected funnel, errors and visitors", async ({
  browser,
  page,
}) => {
  const [{ last }] = await queryRows<{ last: string }>(
    "SELECT coalesce(max(id), 0)::text AS last FROM analytics_events",
  );
  sent.afterId = last;
  // Two leave at step 2.
  for (let i = 0; i < 2; i++) {
    const visitor = await newVisitor(browser);
    await arrive(visitor.page, `/?${tags}`);
    await toWizard(visitor.page);
    await fillStepOne(visitor.page, uniqueApplicant());
    await next(visitor.page, "Funding Details");
    await leave(visitor);
  }

  // One fails the e-mail check on step 3 and leaves.
  const failing = await newVisitor(browser);
  await arrive(failing.page, `/?${tags}`);
  await toWizard(failing.page);
  await fillStepOne(failing.page, uniqueApplicant());
  await next(failing.page, "Funding Details");
  await fillStepTwo(failing.page);
  await next(failing.page, "Contact Information");
  await failEmailCheck(failing.page);
  await leave(failing);

  // One fails it, corrects it and submits.
  const correcting = await newVisitor(browser);
  const applicant = uniqueApplicant();
  await arrive(correcting.page, `/?${tags}`);
  await toWizard(correcting.page);
  await fillStepOne(correcting.page, applicant);
  await next(correcting.page, "Funding Details");
  await fillStepTwo(correcting.page);
  await next(correcting.page, "Contact Information");
  await failEmailCheck(correcting.page);
  await form(correcting.page).getByLabel("Email Address").fill(applicant.email);
  await next(correcting.page, "Review & Submit");
  await submitReview(correcting.page);
  await leave(correcting);

  // One reads a product page, follows its Apply Now, and submits.
  const fromProduct = await newVisitor(browser);
  await arrive(fromProduct.page, `/products/growth-capital?${tags}`);
  await fromProduct.page.getByRole("link", { name: "Apply Now" }).first().click();
  await expect(fromProduct.page).toHaveURL(/\/#funding-form$/);
  await toWizard(fromProduct.page);
  const second = uniqueApplicant();
  await fillStepOne(fromProduct.page, second);
  await next(fromProduct.page, "Funding Details");
  await fillStepTwo(fromProduct.page);
  await next(fromProduct.page, "Contact Information");
  await fillStepThree(fromProduct.page, second);
  await next(fromProduct.page, "Review & Submit");
  await submitReview(fromProduct.page);
  await leave(fromProduct);

  // One sends Global Privacy Control: a page view, but no visitor.
  const private_ = await newVisitor(browser, { gpc: true });
  await arrive(private_.page, `/?${tags}`);
  await toWizard(private_.page);
  await leave(private_);

  await signedInStaff(page);
  const today = new Date().toISOString().slice(0, 10);
  const report = async () => {
    const response = await page.request.get(
      `/api/desk/analytics?from=${today}&to=${today}&campaign=${campaign}`,
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as AnalyticsReport;
  };
  // Both applications reach the fake CRM within a few seconds.
  await expect
    .poll(async () => (await report()).funnel.find((step) => step.step === "delivered")?.visitors, {
      timeout: 30_000,
    })
    .toBe(2);

  const result = await report();
  expect(result.totals).toEqual({ visitors: 5, pageviews: 7 });
  expect(Object.fromEntries(result.funnel.map((step) => [step.step, step.visitors]))).toEqual({
    step1_viewed: 5,
    step1_completed: 5,
    step2_completed: 3,
    step3_completed: 2,
    submitted: 2,
    accepted: 2,
    delivered: 2,
  });
  expect(result.fieldErrors).toEqual([{ side: "browser", field: "email", code: "invalid_format", count: 2 }]);
  expect(result.topSources).toEqual([{ source: "e2e-mail", visitors: 5 }]);
  expect(result.bySource).toEqual([
    { source: "e2e-mail", visitors: 5, started: 5, submitted: 2, accepted: 2, delivered: 2, conversion: 0.4 },
  ]);
  expect(Object.fromEntries(result.intents.map((item) => [item.id, item.count]))).toMatchObject({
    product_to_application: 1,
    submit_pressed: 2,
  });
  expect(Object.fromEntries(result.outcomes.map((item) => [item.id, item.count]))).toEqual({
    application_accepted: 2,
    application_quarantined: 0,
    application_rejected: 0,
    application_duplicate: 0,
  });
  expect(result.topPages).toEqual([
    { path: "/", pageviews: 6 },
    { path: "/products/growth-capital", pageviews: 1 },
  ]);

  // The desk shows the same numbers, readable with a screen reader.
  await page.goto(`/desk/analytics?from=${today}&to=${today}&campaign=${campaign}`);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await page.getByText("Show the numbers as a table").nth(1).click();
  const funnel = page.getByRole("table", { name: "Application funnel: visitors at each step" });
  await expect(funnel.getByRole("row", { name: /Delivered to the CRM/ })).toContainText("2");
  await expectNoAxeViolations(page, "the analytics page");
  await screenshot(page, "analytics");
  await page.setViewportSize({ width: 390, height: 844 });
  // Read again until the page has laid itself out at the new width (a loaded machine takes a moment).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: "no sideways scroll at 390 px",
    })
    .toBeLessThanOrEqual(0);
});

/** gzip size of each script a page loads before anyone touches it, by chunk name ("page" for page-AbC123.js). */
async function firstLoadScripts(browser: Browser, path: string): Promise<Map<string, Buffer>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const name = new URL(response.url()).pathname.split("/").pop()!;
    scripts.set(name, await response.body());
  });
  await arrive(page, path);
  await page.waitForLoadState("networkidle");
  await context.close();
  return scripts;
}

const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, "");
const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

test("the public pages' first load carries at most 1 KB of analytics code", async ({ browser }) => {
  const baselineDir = join("node_modules", ".cache", "harborline-no-analytics");
  rmSync(baselineDir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "-c", "e2e/support/no-analytics.vite.config.ts"],
    { env: { ...process.env, RR_BUILD_DIR: baselineDir }, stdio: "ignore" },
  );
  const baselineAssets = join(baselineDir, "client", "assets");
  expect(existsSync(baselineAssets)).toBe(true);
  const baseline = new Map(
    readdirSync(baselineAssets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => [chunkName(file), gz(readFileSync(join(baselineAssets, file)))]),
  );

  for (const path of ["/", "/products/growth-capital", "/faq"]) {
    const served = await firstLoadScripts(browser, path);
    let added = 0;
    const carrying: string[] = [];
    for (const [file, body] of served) {
      const before = baseline.get(chunkName(file));
      expect(before, `${file} is in the baseline build`).toBeDefined();
      added += gz(body) - before!;
      if (body.includes("/api/events")) carrying.push(chunkName(file));
    }
    // The sender rides in the page script every page loads anyway: no request of its own.
    expect(carrying, path).toEqual(["page"]);
    console.log(`${path}: analytics adds ${added} bytes of gzip to the first load`);
    expect(added, `${path}: gzip bytes analytics adds`).toBeGreaterThan(0);
    expect(added, `${path}: gzip bytes analytics adds`).toBeLessThanOrEqual(1024);
  }
  rmSync(baselineDir, { recursive: true, force: true });
});
