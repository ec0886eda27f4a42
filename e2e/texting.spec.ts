import { SMS_CONSENT_VERSION, smsConsentText } from "#domain/application/schema";
import { siteFacts } from "#domain/site-facts";
import { expectNoAxeViolations } from "./support/axe";
import { E2E } from "./support/env";
import { expect, test } from "./support/test";
import { shoot } from "./support/screenshots";

// The texting opt-in page carriers ask for. (/texting is not in support/routes.ts's
// pages yet: its link to /opt-out, the opt-out form, is built on another branch,
// and links.spec.ts would count it dead until then.)
test("/texting is reached from the footer and shows the form's own consent text, help and how to stop", async ({
  page,
}) => {
  await page.goto("/faq");
  const legal = page.getByRole("contentinfo").getByRole("link", { name: "Text Messages" });
  await expect(legal).toHaveAttribute("href", "/texting");
  await legal.click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/texting`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Text messages from us, and how you agree to them",
  );
  await expect(page.getByTestId("sms-consent-text")).toHaveText(smsConsentText);
  await expect(page.getByText(`Consent text version ${SMS_CONSENT_VERSION}`)).toBeVisible();
  await expect(page.getByText("On step 4 of 4, Review & Submit")).toBeVisible();
  await expect(page.getByRole("link", { name: siteFacts.phone.display }).first()).toHaveAttribute(
    "href",
    `tel:${siteFacts.phone.e164}`,
  );
  await expect(page.getByRole("link", { name: "opt-out form" })).toHaveAttribute("href", "/opt-out");
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).locator('[aria-current="page"]'),
  ).toHaveText("Text messages");
  await expectNoAxeViolations(page, "/texting");

  // The application's own checkbox carries the same sentence.
  await page.getByRole("link", { name: "funding application" }).click();
  await expect(page).toHaveURL(`${E2E.baseUrl}/#funding-form`);
  await page.goto("/texting");
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await shoot(page, `screenshots/texting-${width}.png`, { fullPage: true });
  }
});

test("/texting is prerendered with its text, head and canonical URL, and listed in the sitemap", async ({
  request,
}) => {
  const response = await request.get("/texting");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(smsConsentText.replaceAll("&", "&amp;"));
  expect(html).toContain(SMS_CONSENT_VERSION);
  expect(html).toMatch(/<title>Text Messages: How We Ask for Consent \| Harborline Capital<\/title>/);
  expect(html).toContain(`<link rel="canonical" href="${E2E.baseUrl}/texting"`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${E2E.baseUrl}/texting</loc>`);
});
