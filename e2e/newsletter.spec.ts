import { queryRows } from "./support/db";
import { E2E } from "./support/env";
import { mailTo } from "./support/inbox";
import { expect, test, type Page } from "./support/test";

async function subscriberStatus(address: string): Promise<string | undefined> {
  const [row] = await queryRows<{ status: string }>(
    "SELECT status FROM newsletter_subscribers WHERE email = $1",
    [address],
  );
  return row?.status;
}

/**
 * The confirm and unsubscribe pages are plain server pages (no app, so no
 * hydration to wait for): a page of its own, with CSP reports collected.
 */
async function openLinkPage(page: Page, url: string) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(url);
  return { response, violations };
}

test("subscribe in the footer, confirm through the e-mailed link, then unsubscribe", async ({
  page,
  context,
}) => {
  const address = `reader-${Date.now()}@example.com`;
  await page.goto("/faq");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(address);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toContainText("Check your inbox");
  expect(await subscriberStatus(address)).toBe("pending");

  const mail = await mailTo(address, /./, 15_000);
  expect(mail.subject).toMatch(/^Confirm your subscription/);
  const confirmUrl = mail.links.find((link) => link.includes("/api/newsletter/confirm?token="))!;
  const unsubscribeUrl = mail.links.find((link) => link.includes("/api/newsletter/unsubscribe?token="))!;
  expect(confirmUrl.startsWith(`${E2E.baseUrl}/`)).toBe(true);
  expect(mail.headers["list-unsubscribe"]).toBe(`<${unsubscribeUrl}>`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

  const confirmPage = await context.newPage();
  const confirm = await openLinkPage(confirmPage, confirmUrl);
  expect(confirm.response?.status()).toBe(200);
  expect(confirm.response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(confirmPage.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(confirmPage.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  // Opening the link alone (as a mail scanner would) confirms nothing.
  expect(await subscriberStatus(address)).toBe("pending");
  await confirmPage.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(confirmPage.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  expect(await subscriberStatus(address)).toBe("subscribed");
  expect(confirm.violations).toEqual([]);

  const unsubscribePage = await context.newPage();
  const unsubscribe = await openLinkPage(unsubscribePage, unsubscribeUrl);
  expect(unsubscribe.response?.status()).toBe(200);
  await unsubscribePage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(unsubscribePage.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  expect(await subscriberStatus(address)).toBe("unsubscribed");
  expect(unsubscribe.violations).toEqual([]);
});

test("the one-click unsubscribe a mailbox provider sends works without a browser", async ({
  page,
  request,
}) => {
  const address = `one-click-${Date.now()}@example.com`;
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address").fill(address);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toContainText("Check your inbox");
  const mail = await mailTo(address, /./, 15_000);
  const target = mail.headers["list-unsubscribe"].slice(1, -1);
  const response = await request.post(target, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.status()).toBe(200);
  expect(await subscriberStatus(address)).toBe("unsubscribed");
});
