/**
 * A lead's timeline, booked call and keyboard, in a real browser: from a
 * list in the inbox the rep opens a lead, claims it with a, the booking
 * service reports a call (the rep's e-mail names it, the lead's header and
 * its inbox row show it), c opens the call's form and the call is logged;
 * the timeline reads newest first and filters to people's work, the CRM and
 * bookings, or e-mail and delivery (kept in the URL through a reload); ?
 * lists the shortcuts; j and k walk the list. axe finds nothing at 1440 and
 * 390 px. Screenshots: screenshots/desk-lead-timeline-*.png.
 */
import { randomUUID } from "node:crypto";
import { sql } from "../support/desk-seed";
import { E2E } from "../support/env";
import {
  acceptInvitation,
  adminInvitationPath,
  expectNoAxeViolations,
  screenshot,
  submitApplication,
} from "../support/desk";
import { expect, test, type Page } from "../support/test";

const REP = { email: "lena.ortiz@harborline.test", name: "Lena Ortiz" };
// Oldest first, as they arrive; the inbox lists them newest first.
const LEADS = ["Tidewater Anchor Works", "Tidewater Bakery", "Tidewater Cannery"];
const LIST = "/desk/inbox?owner=everyone&q=Tidewater";

/** "Tue, Dec 8, 10:30 AM EST": the desk's words for a call's time, in DESK_TIME_ZONE (the default). */
const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));

const timeline = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Timeline" }) });
const entryTitles = (page: Page) => timeline(page).getByRole("listitem").locator("p:first-of-type");
const filter = (page: Page, name: string) =>
  timeline(page).getByRole("group", { name: "Show on the timeline" }).getByRole("button", { name });
const focusOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);

type InboxMessage = { to: string[]; subject: string };
async function mailsTo(address: string, subject: RegExp): Promise<InboxMessage[]> {
  const messages = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
  return messages.filter((message) => message.to.includes(address) && subject.test(message.subject));
}

test("a lead's timeline newest first and filtered, its booked call on the header, the inbox and in the owner's e-mail, and the loop by keyboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await acceptInvitation(page, adminInvitationPath(REP.email), REP.email, REP.name);
  // Nobody on duty: the leads wait for someone to claim them.
  sql("UPDATE desk_duty SET on_duty = false");
  const ids: string[] = [];
  for (const companyName of LEADS) ids.push(await submitApplication(page.request, companyName));
  const [, bakery] = ids;

  // From the list, the middle lead.
  await page.goto(LIST);
  await expect(page.getByRole("table").getByRole("link", { name: /^Tidewater/ })).toHaveText(
    [...LEADS].reverse(),
  );
  await page.getByRole("table").getByRole("link", { name: "Tidewater Bakery" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tidewater Bakery" })).toBeFocused();

  // a: claimed, and the keyboard's place is kept.
  await page.keyboard.press("a");
  await expect(page.getByText("It is yours now.")).toBeVisible();
  const work = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Work" }) });
  await expect(work).toContainText(`${REP.name} (you)`);
  expect(await focusOnBody(page)).toBe(false);

  // The applicant books a call through the booking service: the owner is e-mailed.
  const scheduledAt = new Date(Date.now() + 2 * 86_400_000).toISOString().replace(/T.*/, "T15:30:00.000Z");
  const token = sql(`SELECT booking_token FROM applications WHERE id = '${bakery}'`);
  const booked = await page.request.post("/api/inbound/booking", {
    headers: { authorization: `Bearer ${E2E.bookingWebhookToken}` },
    data: {
      id: `evt_${randomUUID()}`,
      type: "call.booked",
      timestamp: new Date().toISOString(),
      data: { bookingToken: token, scheduledAt, name: "Ada Lovelace" },
    },
  });
  expect(booked.status()).toBe(200);
  expect(await booked.json()).toMatchObject({ outcome: "booked", applicationId: bakery });
  await expect
    .poll(async () => (await mailsTo(REP.email, /^Call booked/)).map((mail) => mail.subject), {
      timeout: 10_000,
    })
    .toEqual([`Call booked: Tidewater Bakery, ${when(scheduledAt)}`]);

  // The header shows it; the newest entry is first.
  await page.reload();
  await expect(page.getByText(/^Call booked:/)).toHaveText(`Call booked: ${when(scheduledAt)}`);
  await expect(entryTitles(page).first()).toHaveText(/^(Call booked for|E-mail)/);

  // c: the call's form at its outcome; Space picks it, a note, Ctrl+Enter saves.
  await page.getByRole("heading", { level: 1, name: "Tidewater Bakery" }).focus();
  await page.keyboard.press("c");
  await expect(page.getByRole("radio", { name: "Reached" })).toBeFocused();
  await page.keyboard.press(" ");
  await page
    .getByRole("textbox", { name: "Note (optional)" })
    .fill("Talked through the term sheet; call on Tuesday.");
  await page.keyboard.press("Control+Enter");
  await expect(entryTitles(page).first()).toHaveText("Call logged: Reached");
  expect(await focusOnBody(page)).toBe(false);
  await screenshot(page, "lead-timeline");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page, "a lead with a booked call, at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoAxeViolations(page, "a lead with a booked call");

  // The filters: each group alone, kept in the URL through a reload.
  await filter(page, "People's work").click();
  await expect(page).toHaveURL(/\?timeline=work$/);
  await expect(entryTitles(page)).toHaveText(["Call logged: Reached", `Assigned to ${REP.name}`]);
  await page.reload();
  await expect(filter(page, "People's work")).toHaveAttribute("aria-pressed", "true");
  await expect(entryTitles(page)).toHaveText(["Call logged: Reached", `Assigned to ${REP.name}`]);
  await filter(page, "CRM and bookings").click();
  await expect(entryTitles(page)).toHaveText([/^Call booked for \w{3} \d+, \d{4}, 10:30 AM E[SD]T$/]);
  await filter(page, "E-mail and delivery").click();
  await expect(entryTitles(page).filter({ hasText: "E-mail queued: Call booked alert" })).toHaveCount(1);
  await expect(entryTitles(page).filter({ hasText: "Call logged" })).toHaveCount(0);
  await expectNoAxeViolations(page, "the timeline filtered");
  await filter(page, "All").click();
  await expect(page).toHaveURL(/\/applications\/[0-9a-f-]+$/);

  // ?: the shortcuts, in a dialog; Esc closes it.
  await page.getByRole("heading", { level: 1, name: "Tidewater Bakery" }).focus();
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.locator("kbd")).toHaveText(["j", "k", "c", "a", "n", "?"]);
  await expectNoAxeViolations(page, "the shortcuts dialog");
  await screenshot(page, "lead-timeline-shortcuts");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // j and k: the list's next (older) and previous leads; then back to the list.
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { level: 1, name: "Tidewater Anchor Works" })).toBeFocused();
  await page.keyboard.press("j");
  await expect(page.getByText("This is the last lead of the list.")).toBeVisible();
  await page.keyboard.press("k");
  await page.keyboard.press("k");
  await expect(page.getByRole("heading", { level: 1, name: "Tidewater Cannery" })).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${LIST.replace(/[?]/g, "\\?")}$`));

  // The inbox row: the call to come, with its time.
  const row = page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Tidewater Bakery" }) });
  await expect(row).toContainText(`Call booked ${when(scheduledAt)}`);
  await expectNoAxeViolations(page, "the inbox with a booked call");
  await screenshot(page, "lead-timeline-inbox");
});
