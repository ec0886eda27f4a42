/**
 * The rep's loop in a real browser: from the Due
 * soon list, open the most urgent lead, use its phone link, log the call as
 * reached with a note in ONE save, and go back to the list: counted in
 * clicks (at most 6, at 1440 and at 390 px) and in key presses by keyboard
 * alone, the note's own letters aside (at most 20, list to list, with the
 * inbox's j and the lead's c). A call logged with a
 * follow-up: the lead is Contacted, the timeline has one entry for it, the
 * header shows the follow-up, the focus stays on the form, and the
 * follow-up, once due soon, puts the lead back in its owner's Due soon list.
 * Screenshots: screenshots/desk-call-loop-*.png. Its reps come by CLI
 * invitations, and its file sorts after desk.spec.ts, whose first test needs a
 * desk nobody has set up yet (files run in name order).
 */
import { randomUUID } from "node:crypto";
import { sql } from "../support/desk-seed";
import {
  acceptInvitation,
  adminInvitationPath,
  expectNoAxeViolations,
  screenshot,
  submitApplication,
} from "../support/desk";
import { expect, test, type Locator, type Page } from "../support/test";

const DUE_SOON = "/desk/inbox?owner=mine&due=due_soon&sort=time_left";

// Signing a rep in (password, authenticator, backup codes) and a full-page screenshot at two widths take time.
test.describe.configure({ timeout: 90_000 });

/** A lead owned by `ownerEmail`, its review deadline `minutes` from now (nobody has touched it). */
async function lead(page: Page, companyName: string, ownerEmail: string, minutes: number): Promise<string> {
  const id = await submitApplication(page.request, companyName);
  sql(
    `UPDATE applications
        SET owner_id = (SELECT id FROM desk_user WHERE email = '${ownerEmail}'),
            review_due_at = now() + interval '${minutes} minutes'
      WHERE id = '${id}'`,
  );
  return id;
}

async function signedInRep(page: Page): Promise<string> {
  const email = `rep+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(page, adminInvitationPath(email), email, "Dana Reyes");
  return email;
}

const form = (page: Page) => page.getByRole("form", { name: "Log the call" });

/** The inbox's leads in order (a table at desktop widths, a list of cards on a phone). */
const leadLinks = (page: Page, tag: string) =>
  page.getByRole("main").getByRole("link", { name: new RegExp(tag) });

/**
 * The test browser cannot dial: a tel: link is kept from leaving for the
 * phone app (the page's own handler still hears the click, as on a phone).
 */
const noDialling = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element | null)?.closest?.('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    ),
  );
const timelineOf = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Timeline" }) });

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`at ${width} px: from Due soon, open the most urgent lead, call, log it reached with a note, back, in at most 6 clicks`, async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 6);
    await noDialling(page);
    const me = await signedInRep(page);
    const urgent = `Urgent Upholstery ${tag}`;
    await lead(page, `Later Lathes ${tag}`, me, 90);
    const id = await lead(page, urgent, me, 20);
    await page.setViewportSize({ width, height });
    await page.goto(DUE_SOON);
    // The most urgent first.
    await expect(leadLinks(page, tag)).toHaveText([urgent, `Later Lathes ${tag}`]);

    let clicks = 0;
    const click = async (target: Locator) => {
      clicks += 1;
      await target.click();
    };
    await click(leadLinks(page, tag).first());
    await expect(page.getByRole("heading", { level: 1, name: urgent })).toBeFocused();

    // The phone link, and the call's form right by it (not screens below): focus in its outcome.
    const call = page.getByRole("link", { name: /^Call/ });
    const callBox = (await call.boundingBox())!;
    const formBox = (await form(page).boundingBox())!;
    expect(callBox.y + callBox.height).toBeLessThan(height);
    expect(
      formBox.y - (callBox.y + callBox.height),
      "the log form starts right under the call button",
    ).toBeLessThan(height * 0.75);
    await click(call);
    await expect(form(page).getByRole("radio", { name: "Reached" })).toBeFocused();
    await click(form(page).getByText("Reached", { exact: true }));
    await click(form(page).getByLabel("Note (optional)"));
    await page.keyboard.type("Spoke with the owner: wants 80k for a second van.");
    await click(form(page).getByRole("button", { name: "Log call" }));
    await expect(form(page).getByRole("status")).toHaveText("Call logged: Reached. Now Contacted.");
    await expect(form(page).getByRole("button", { name: "Log call" })).toBeFocused();
    await expect(page.locator("p", { hasText: "Work status" })).toContainText("Contacted");
    const entries = timelineOf(page).getByRole("listitem").filter({ hasText: "Call logged: Reached" });
    await expect(entries).toHaveCount(1);
    await expect(entries.getByText("Status set to Contacted")).toBeVisible();
    // The helper shoots both widths (and leaves the page at 1440).
    if (width === 1440) await screenshot(page, "call-loop-logged");
    await page.setViewportSize({ width, height });

    await click(form(page).getByRole("button", { name: "Back to the list" }));
    await expect(page).toHaveURL(/due=due_soon/);
    await expect(leadLinks(page, tag)).toHaveText([`Later Lathes ${tag}`]);
    expect(clicks, "clicks for the loop").toBeLessThanOrEqual(6);
    expect(sql(`SELECT work_status FROM applications WHERE id = '${id}'`)).toBe("contacted");
    expect(sql(`SELECT count(*) FROM application_activities WHERE application_id = '${id}'`)).toBe("1");
  });
}

test("by keyboard alone: from Due soon, open the first lead, call, log reached with a note, back in at most 20 key presses, the note's letters aside", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6);
  await noDialling(page);
  const me = await signedInRep(page);
  const urgent = `Keyboard Kilns ${tag}`;
  const id = await lead(page, urgent, me, 15);
  await page.goto(DUE_SOON);
  await expect(leadLinks(page, tag)).toHaveText([urgent]);

  let presses = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  /** Tab until `target` has the focus (each Tab counted). */
  const tabTo = async (target: Locator) => {
    for (let i = 0; i < 40; i += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await press("Tab");
    }
    throw new Error("never reached by Tab");
  };
  // j: the list's first lead (Enter opens it); j and k move on down and back up.
  await press("j");
  await expect(leadLinks(page, tag).first()).toBeFocused();
  await press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: urgent })).toBeFocused();
  // c: the call's form, the focus in its outcome.
  await press("c");
  await expect(form(page).getByRole("radio", { name: "Reached" })).toBeFocused();
  await press("Space");
  await expect(form(page).getByRole("radio", { name: "Reached" })).toBeChecked();
  await tabTo(form(page).getByLabel("Note (optional)"));
  await page.keyboard.type("Reached on the first ring; sending the term sheet.");
  await press("Control+Enter");
  await expect(form(page).getByRole("status")).toHaveText("Call logged: Reached. Now Contacted.");
  // The focus stayed in the note, ready for the next lead's.
  await expect(form(page).getByLabel("Note (optional)")).toBeFocused();
  await tabTo(form(page).getByRole("button", { name: "Back to the list" }));
  await press("Enter");
  await expect(page).toHaveURL(/due=due_soon/);
  await expect(leadLinks(page, tag)).toHaveCount(0);
  test.info().annotations.push({ type: "key presses", description: String(presses) });
  console.log(`[call-loop] key presses, list to list: ${presses}`);
  expect(presses, "key presses from the Due soon list back to it").toBeLessThanOrEqual(20);
  expect(sql(`SELECT work_status FROM applications WHERE id = '${id}'`)).toBe("contacted");
});

test("a call logged reached with a note and a follow-up in one save: Contacted, one entry, the follow-up on the header and back in Due soon when it comes", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 6);
  const me = await signedInRep(page);
  const company = `Follow-up Foundry ${tag}`;
  const id = await lead(page, company, me, 30);
  await page.goto(`/desk/applications/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();

  await form(page).getByText("Reached", { exact: true }).click();
  await expect(form(page).getByText("Saves the status as Contacted.")).toBeVisible();
  await form(page).getByLabel("Next step").selectOption("tomorrow");
  await form(page).getByLabel("Note (optional)").fill("Call back with the lender's answer.");
  await form(page).getByRole("button", { name: "Log call" }).click();
  await expect(form(page).getByRole("status")).toContainText(
    /^Call logged: Reached\. Now Contacted\. Call back .+ 10:00 AM E[SD]T\.$/,
  );
  await expect(form(page).getByRole("button", { name: "Log call" })).toBeFocused();
  await expect(page.getByText(/^Next follow-up:/)).toContainText(/10:00 AM E[SD]T/);
  const entries = timelineOf(page).getByRole("listitem").filter({ hasText: "Call logged: Reached" });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("Status set to Contacted");
  await expect(entries).toContainText(/Call back .+ 10:00 AM/);
  await expect(entries).toContainText("Call back with the lender's answer.");
  expect(sql(`SELECT count(*) FROM application_activities WHERE application_id = '${id}'`)).toBe("1");
  await expectNoAxeViolations(page, "the lead's page after a call logged");
  await screenshot(page, "call-loop-follow-up");

  // Its time comes near: the lead is back in its owner's Due soon list, by its follow-up.
  sql(`UPDATE applications SET follow_up_at = now() + interval '25 minutes' WHERE id = '${id}'`);
  await page.goto(DUE_SOON);
  await expect(leadLinks(page, tag)).toHaveText([company]);
  await expect(
    page
      .getByRole("main")
      .getByText(/^Call back in 2\d min$/)
      .first(),
  ).toBeVisible();
  await screenshot(page, "call-loop-due-soon");
});
