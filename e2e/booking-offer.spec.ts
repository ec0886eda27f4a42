/**
 * Booking right after applying, in Chromium against the production build: a
 * visitor sends an application, sees the success toast and the emptied form,
 * and is offered the call; the consultation dialog's booking page (the fake
 * booking server) opens with their name, e-mail and the application's
 * booking token (its own random value, not the reference) in its address. None of it reaches the site's analytics or the
 * browser's storage, and nothing is left once the offer is dismissed.
 * Screenshots at 390 and 1440 px: screenshots/booking-offer-*.png.
 */
import { expectNoAxeViolations } from "./support/axe";
import { queryRows } from "./support/db";
import { E2E } from "./support/env";
import { expect, test, type Page } from "./support/test";
import { form, reachReview, uniqueApplicant } from "./support/wizard";
import { shoot } from "./support/screenshots";

const shootOffer = (page: Page, name: string, options: Parameters<typeof shoot>[2] = {}) =>
  shoot(page, `screenshots/booking-offer-${name}.png`, options);

test("after applying, the visitor books the call on a booking page prefilled from the application", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Every analytics batch the page sends (sendBeacon's body, read in the page).
  await page.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { sentBeacons: sent });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => sent.push(text));
      else sent.push(String(data));
      return send(url, data);
    };
  });
  const beacons = () =>
    page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons.join("\n"));

  const applicant = uniqueApplicant();
  await reachReview(page, applicant);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirm & Submit Application" }).click();

  // The site's confirmation: the toast, and the form empty on step 1.
  await expect(page.getByText("Application Submitted Successfully!")).toBeVisible();
  await expect(
    page.getByText("We'll review your application and get back to you within 24 hours."),
  ).toBeVisible();
  await expect(form(page).getByRole("heading", { name: "Company Information", level: 3 })).toBeVisible();
  await expect(form(page).getByLabel("Company Name")).toHaveValue("");

  const [{ reference, booking_token: bookingToken }] = await queryRows<{
    reference: string;
    booking_token: string;
  }>("SELECT reference, booking_token FROM applications WHERE email = $1", [applicant.email]);
  expect(reference).toMatch(/^HL-[0-9A-Z]{8}$/);
  const offer = page.getByRole("region", { name: "Your application is in" });
  await expect(offer).toContainText(`Your reference number: ${reference}`);
  await expect(offer.getByRole("heading", { name: "Your application is in" })).toBeFocused();

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await offer.scrollIntoViewIfNeeded();
    await shootOffer(page, `success-${width}`);
  }
  // The offer passes axe. (Checked once the toast has gone: the toast is the site's, with
  // sonner's own colours, and is not what this test is about.)
  await expect(page.getByText("Application Submitted Successfully!")).toBeHidden({ timeout: 10_000 });
  await expectNoAxeViolations(page, "the application's success state with the booking offer");

  await offer.getByRole("button", { name: "Book your call now" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog).toBeVisible();
  const src = new URL((await dialog.locator("iframe").getAttribute("src"))!);
  expect(`${src.origin}${src.pathname}`).toBe(E2E.bookingUrl);
  expect(Object.fromEntries(src.searchParams)).toEqual({
    name: "Ada Okafor",
    email: applicant.email,
    bookingToken,
  });
  expect(bookingToken).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(src.toString()).not.toContain(reference);
  // The booking page itself loaded from that address.
  await expect(dialog.frameLocator("iframe").getByRole("heading", { name: "Pick a time" })).toBeVisible();
  await shootOffer(page, "dialog-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await shootOffer(page, "dialog-1440");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await offer.getByRole("button", { name: "Not now" }).click();
  await expect(offer).toBeHidden();
  await expect(form(page).getByRole("heading", { name: "Company Information", level: 3 })).toBeFocused();
  // The prefilled booking frame went with it (the page's own consultation dialog keeps its plain one).
  await expect(
    page.locator(`iframe[src*="${bookingToken}"], iframe[data-src*="${bookingToken}"]`),
  ).toHaveCount(0);

  // Nothing of the applicant in the browser's storage, in the page's address, or in analytics.
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  await expect.poll(beacons).toContain("consultation_opened");
  const analytics = await beacons();
  for (const personal of [applicant.email, "Okafor", reference, bookingToken]) {
    expect(stored).not.toContain(personal);
    expect(page.url()).not.toContain(personal);
    expect(analytics).not.toContain(personal);
  }
});
