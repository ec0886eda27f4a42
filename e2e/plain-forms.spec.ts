import type { Request } from "@playwright/test";
import { messages } from "../domain/application/schema";
import { NEWSLETTER_FORM_ACTION } from "../domain/newsletter/form-action";
import { queryRows } from "./support/db";
import { expect, test, type Page } from "./support/test";
import { form } from "./support/wizard";

/**
 * The public forms as the browser sends them itself: before the page script
 * has arrived, or with JavaScript off. A form's plain HTML never puts its
 * fields in a URL (the address bar, history, the server's request log).
 */

const COMPANY = "Plainform Robotics";

/** Every request the page makes, to look for typed text in a URL. */
function requestsOf(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

const urlsCarrying = (requests: Request[], text: string) =>
  requests
    .map((request) => request.url())
    .filter((url) => url.includes(encodeURIComponent(text)) || url.includes(text));

test("Next pressed before the page script has arrived sends nothing and loses nothing", async ({ page }) => {
  const requests = requestsOf(page);
  // The page script is held back on the wire: the wizard is the prerendered HTML alone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/page-*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/#funding-form", { waitUntil: "commit" });
  await form(page).getByLabel("Company Name").fill(COMPANY);
  await form(page).getByLabel("Company Name").press("Enter");
  await form(page).getByRole("button", { name: "Next" }).click();
  expect(await page.locator("html[data-page-ready]").count()).toBe(0);

  release();
  await expect(page.locator("html[data-page-ready]")).toBeAttached();
  await page.locator("#funding-form").scrollIntoViewIfNeeded();
  await expect(form(page).locator("[data-island='wizard']")).toHaveAttribute("data-island-awake", "");
  // The same page, with what was typed: Next now answers with the untouched fields' messages.
  await expect(form(page).getByLabel("Company Name")).toHaveValue(COMPANY);
  await form(page).getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(messages.industry)).toBeVisible();
  await expect(form(page).getByLabel("Company Name")).not.toHaveAttribute("aria-invalid");

  expect(new URL(page.url()).search).toBe("");
  expect(urlsCarrying(requests, COMPANY)).toEqual([]);
  expect(requests.filter((request) => request.isNavigationRequest()).map((request) => request.url())).toEqual(
    [expect.stringMatching(/\/#funding-form$|\/$/)],
  );
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  async function open(page: Page, path: string) {
    await page.goto(path, { waitUntil: "commit" });
    await page.waitForLoadState("load");
  }

  test("the wizard's Next and Enter leave the page, and what was typed, as they were", async ({ page }) => {
    const requests = requestsOf(page);
    await open(page, "/");
    const company = form(page).getByLabel("Company Name");
    await company.fill(COMPANY);
    await company.press("Enter");
    await form(page).getByRole("button", { name: "Next" }).click();
    // A navigation the submit started would have shown by the time the page answers another request.
    await open(page, "/#funding-form");

    await expect(company).toHaveValue(COMPANY);
    expect(new URL(page.url()).search).toBe("");
    expect(urlsCarrying(requests, COMPANY)).toEqual([]);
  });

  test("the newsletter form subscribes through a page of the server's, the address in the body only", async ({
    page,
  }) => {
    const requests = requestsOf(page);
    const address = `plain-${Date.now()}@example.com`;
    await open(page, "/faq");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill(address);
    await footer.getByRole("button", { name: "Subscribe" }).click();

    await expect(page.getByRole("heading", { name: "Almost there!" })).toBeVisible();
    await expect(
      page.getByText(`Check your inbox: we sent a link to ${address} to confirm your subscription.`),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(NEWSLETTER_FORM_ACTION);
    expect(new URL(page.url()).search).toBe("");
    const post = requests.find((request) => request.method() === "POST");
    expect(post?.postData()).toContain(`email=${encodeURIComponent(address)}`);
    expect(urlsCarrying(requests, address)).toEqual([]);
    const rows = await queryRows<{ status: string }>(
      "SELECT status FROM newsletter_subscribers WHERE email = $1",
      [address],
    );
    expect(rows).toEqual([{ status: "pending" }]);

    await page.getByRole("link", { name: /^Back to / }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a wrong newsletter address gets a page naming the fix, and nothing is stored", async ({ page }) => {
    await open(page, "/");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill("not-an-address");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail address" })).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
  });
});
