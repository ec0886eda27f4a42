import { expect, test, type Page } from "@playwright/test";
import { queryRows } from "./support/db";
import { SCREENSHOTS, shoot } from "./support/screenshots";

/**
 * The public opt-out form with JavaScript disabled, as a visitor whose
 * browser runs none: found from the footer's legal column, a plain form post,
 * the confirmation page; bad input answers a page saying what to fix. The
 * pages are photographed at a phone's width and a desktop's.
 */
test.use({ javaScriptEnabled: false });

const SHOTS = process.env.SHOTS_DIR ?? "test-results/shots";

async function shootBoth(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await shoot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("a visitor without JavaScript stops texts and marketing e-mail from the footer's link", async ({
  page,
}) => {
  const phone = `(646) 555-${String(Date.now() % 10_000).padStart(4, "0")}`;
  const email = `e2e-opt-out-${Date.now()}@example.com`;

  await page.goto("/");
  const legal = page.getByRole("contentinfo");
  await legal.getByRole("link", { name: "Opt Out", exact: true }).click();
  await expect(page).toHaveURL(/\/opt-out$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Stop texts and marketing e-mail" }),
  ).toBeVisible();
  await shootBoth(page, "opt-out");

  // Bad input: a page that says what to fix, and the way back.
  await page.getByLabel("Mobile number").fill("555-01");
  await page.getByRole("button", { name: "Stop messages" }).click();
  await expect(page.getByRole("heading", { name: "Check what you entered" })).toBeVisible();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await shootBoth(page, "opt-out-error");
  await page.getByRole("link", { name: "Back to the opt-out form" }).click();

  await page.getByLabel("Mobile number").fill(phone);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Stop messages" }).click();
  await expect(page).toHaveURL(/\/opt-out\/received$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your request is in" })).toBeVisible();
  await shootBoth(page, "opt-out-received");

  const rows = await queryRows<{ channel: string; received_via: string }>(
    "SELECT channel, received_via FROM opt_outs WHERE phone = $1 OR email = $2 ORDER BY channel",
    [phone, email],
  );
  expect(rows).toEqual([
    { channel: "email", received_via: "web-form" },
    { channel: "sms", received_via: "web-form" },
  ]);
});
