/**
 * A rep's morning at the desk, start to finish, in one story: an admin and a
 * rep (the rep on duty), applications arriving in the rep's open inbox, the
 * rep working the oldest one (a call logged, "Contacted": the review clock
 * stops), one application left past its deadline (the admin is alerted, once),
 * and the CRM reporting another one funded. Screenshots at 1440 and 390 px
 * (screenshots/desk-rep-morning-*.png).
 */
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { sampleApplication } from "../../test/support/sample-application";
import { sql } from "../support/desk-seed";
import { E2E } from "../support/env";
import { acceptInvitation, adminInvitationPath, screenshot } from "../support/desk";
import { expect, test, type Page } from "../support/test";

/** Live: a new application shows in an open inbox within this, with no reload. */
const LIVE_MS = 5_000;

const ADMIN = { email: "morgan.lee@harborline.test", name: "Morgan Lee" };
const REP = { email: "dana.reyes@harborline.test", name: "Dana Reyes" };

/** The morning's applications, in the order they arrive. */
const ARRIVALS = [
  {
    companyName: "Juniper Street Bakery",
    industry: "hospitality",
    businessDescription: "Two neighbourhood bakeries and a wholesale bread route.",
    fundingType: "equipment-financing",
    fundingAmount: "120000",
    fundingPurpose: "equipment",
    firstName: "Rosa",
    lastName: "Alvarez",
    email: "rosa@juniperstreetbakery.example",
    phone: "(415) 555-0142",
    title: "Owner",
  },
  {
    companyName: "Copperline Freight",
    industry: "transportation",
    businessDescription: "Regional less-than-truckload freight across the Midwest.",
    fundingType: "working-capital",
    fundingAmount: "400000",
    fundingPurpose: "working-capital",
    firstName: "Marcus",
    lastName: "Bell",
    email: "marcus.bell@copperlinefreight.example",
    phone: "+1 312 555 0199",
    title: "CFO",
  },
  {
    companyName: "Northgate Dental Group",
    industry: "healthcare",
    businessDescription: "Four dental practices; a fifth opening in the spring.",
    fundingType: "revenue-based",
    fundingAmount: "185000",
    fundingPurpose: "expansion",
    firstName: "Priya",
    lastName: "Shah",
    email: "priya.shah@northgatedental.example",
    phone: "646-555-0123",
    title: "Managing Partner",
  },
] as const;

interface Arrival {
  id: string;
  reference: string;
  companyName: string;
}

type InboxMessage = { to: string[]; subject: string; receivedAt: string };
/** The local SMTP inbox's messages to one address about overdue or due-soon reviews. */
async function reviewMails(address: string): Promise<InboxMessage[]> {
  const messages = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
  return messages.filter((message) => message.to.includes(address) && /^Review /.test(message.subject));
}

const rowOf = (page: Page, company: string) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: company }) });

test("a rep's morning: applications arrive live, each has an owner, the oldest is worked, the overdue one alerts an admin once, the CRM reports one funded", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();

  // Set-up: an admin (invited at the server) invites a rep; each ends signed in, on the inbox.
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl });
  const repContext = await browser.newContext({ baseURL: E2E.baseUrl });
  try {
    const admin = await adminContext.newPage();
    await acceptInvitation(admin, adminInvitationPath(ADMIN.email), ADMIN.email, ADMIN.name);
    const invited = await admin.request.post("/api/desk/staff/invitations", {
      headers: { origin: E2E.baseUrl },
      data: { email: REP.email, role: "staff" },
    });
    expect(invited.status()).toBe(201);
    const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
    const rep = await repContext.newPage();
    await acceptInvitation(rep, new URL(inviteUrl).pathname, REP.email, REP.name);

    // The admin is off duty (the default): the rep alone takes the new applications.
    await expect(admin.getByRole("switch", { name: "On duty" })).not.toBeChecked();
    const duty = rep.getByRole("switch", { name: "On duty" });
    await expect(duty).not.toBeChecked();
    const saved = rep.waitForResponse((response) => response.url().endsWith("/api/desk/me/duty"));
    await duty.click();
    expect((await saved).status()).toBe(200);
    await expect(duty).toBeChecked();

    // The rep's inbox opens on what is due for them (Mine, To do, least time left), empty so far.
    await expect(
      rep.getByRole("navigation", { name: "Whose applications" }).getByRole("link", { name: "Mine" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(
      rep.getByRole("navigation", { name: "Review clock" }).getByRole("link", { name: /^To do/ }),
    ).toHaveAttribute("aria-current", "page");
    await expect(rep.getByText("Every application has been touched.")).toBeVisible();

    // Applications arrive through the public API while the inbox is open: they appear without a reload.
    await rep.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const arrivals: Arrival[] = [];
    for (const arrival of ARRIVALS) {
      const response = await request.post("/api/applications", {
        data: {
          ...sampleApplication,
          ...arrival,
          submissionId: randomUUID(),
        },
      });
      expect(response.status()).toBe(201);
      const { id, reference } = (await response.json()) as { id: string; reference: string | null };
      expect(reference).toMatch(/^HL-/);
      arrivals.push({ id, reference: reference!, companyName: arrival.companyName });
    }
    const arrived = Date.now();
    const [oldest, overdue, funded] = arrivals;
    for (const { companyName } of arrivals) {
      // Each has an owner: the rep, the only one on duty ("You" in their own view).
      const row = rowOf(rep, companyName);
      await expect(row).toBeVisible({ timeout: LIVE_MS });
      await expect(row.getByRole("cell", { name: "You", exact: true })).toBeVisible();
      await expect(row).toContainText("New");
      await expect(row).toContainText(/2[34] h( \d+ min)? left/);
    }
    const liveMs = Date.now() - arrived;
    await expect(
      rep.getByText("Assigned to you · 3 applications not yet touched", { exact: true }),
    ).toBeVisible();
    // The rep watched them arrive at the top of the list: nothing is new to them any more, beside
    // Inbox or in the tab's title (e2e/desk/nobody-leads.spec.ts counts them while the rep is away).
    const desk = rep.getByRole("navigation", { name: "Desk" });
    await expect(desk.getByRole("link", { name: "Inbox", exact: true })).toBeVisible({ timeout: LIVE_MS });
    await expect(rep).toHaveTitle("Inbox · Lead desk");
    expect(await rep.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    // On a phone the navigation is folded into the menu, and the header still has room for the
    // whole brand.
    await rep.setViewportSize({ width: 390, height: 844 });
    await expect(rep.getByRole("button", { name: "Menu", exact: true })).toBeVisible();
    const brand = rep.getByRole("banner").getByText("Harborline Capital", { exact: true });
    expect(await brand.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await rep.setViewportSize({ width: 1440, height: 900 });
    await screenshot(rep, "rep-morning-inbox");

    // To do, least time left first: the oldest is on top. The rep opens it.
    await rep
      .getByRole("navigation", { name: "Review clock" })
      .getByRole("link", { name: /^To do/ })
      .click();
    await expect(rep).toHaveURL(/due=open/);
    await expect(rep).toHaveURL(/sort=time_left/);
    await expect(rep.getByRole("table").getByRole("row").nth(1)).toContainText(oldest.companyName);
    await rep
      .getByRole("table")
      .getByRole("row")
      .nth(1)
      .getByRole("link", { name: oldest.companyName })
      .click();
    await expect(rep.getByRole("heading", { level: 1, name: oldest.companyName })).toBeFocused();

    // The phone first: a tel: link within the first screen of a phone, above the work panel.
    await rep.setViewportSize({ width: 390, height: 844 });
    const call = rep.getByRole("link", { name: /^Call/ });
    await expect(call).toHaveAttribute("href", "tel:+14155550142");
    const callBox = (await call.boundingBox())!;
    const workBox = (await rep.getByRole("heading", { level: 2, name: "Work" }).boundingBox())!;
    expect(callBox.y + callBox.height).toBeLessThan(844);
    expect(callBox.y).toBeLessThan(workBox.y);
    await rep.setViewportSize({ width: 1440, height: 900 });
    await expect(rep.getByText(/^Due in 2[34] h/)).toBeVisible();

    // The rep calls and logs it as reached: one save, and the lead is "Contacted".
    const log = rep.getByRole("form", { name: "Log the call" });
    await log.getByText("Reached", { exact: true }).click();
    await log
      .getByLabel("Note (optional)")
      .fill("Spoke with Rosa: needs the funds for a second oven by March.");
    await log.getByRole("button", { name: "Log call" }).click();
    await expect(rep.getByText("Call logged: Reached. Now Contacted.")).toBeVisible();

    // The clock stopped at the call; the timeline has both.
    const work = rep.locator("section").filter({ has: rep.getByRole("heading", { level: 2, name: "Work" }) });
    await expect(work.getByText(/^Touched after (less than a minute|\d+ min)$/)).toBeVisible();
    await expect(work.getByText(/first touched/)).toBeVisible();
    await expect(work.locator("p", { hasText: "Work status" })).toContainText("Contacted");
    const timeline = rep
      .locator("section")
      .filter({ has: rep.getByRole("heading", { level: 2, name: "Timeline" }) });
    await expect(timeline.getByText("Call logged: Reached")).toBeVisible();
    await expect(
      timeline.getByText("Spoke with Rosa: needs the funds for a second oven by March."),
    ).toBeVisible();
    // One entry: the call, carrying the status it set.
    const entry = timeline.getByRole("listitem").filter({ hasText: "Call logged: Reached" });
    await expect(entry.getByText("Status set to Contacted")).toBeVisible();
    await expect(entry.getByText(`By ${REP.name}`)).toBeVisible();
    await screenshot(rep, "rep-morning-application");

    // It has left the due views: To do holds the two others, and "All" says it was touched.
    await rep.goto("/desk/inbox?due=open&sort=time_left");
    await expect(
      rep.getByText("Assigned to you · 2 applications not yet touched", { exact: true }),
    ).toBeVisible();
    await expect(rowOf(rep, oldest.companyName)).toHaveCount(0);
    await rep.goto("/desk/inbox?owner=mine");
    await expect(rowOf(rep, oldest.companyName)).toContainText("Touched");
    await expect(rowOf(rep, oldest.companyName)).toContainText("Contacted");

    // One application is left past its deadline: the admins are alerted by e-mail, once.
    sql(
      `UPDATE applications SET review_due_at = now() - interval '2 hours 5 minutes' WHERE id = '${overdue.id}'`,
    );
    await expect.poll(() => reviewMails(ADMIN.email), { timeout: 15_000 }).toHaveLength(1);
    const alertSeen = Date.now();
    const [alert] = await reviewMails(ADMIN.email);
    expect(alert.subject).toBe(`Review overdue: ${overdue.companyName}`);
    // Its owner, who is not an admin, is reminded of it too (once).
    await expect.poll(() => reviewMails(REP.email), { timeout: 10_000 }).toHaveLength(1);

    // The admin's Overdue view: the application, its owner, how late it is.
    await admin.goto("/desk/inbox?owner=everyone&due=overdue&sort=time_left");
    await expect(admin.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    const late = rowOf(admin, overdue.companyName);
    await expect(late).toContainText(REP.name);
    await expect(late).toContainText("Overdue 2 h");
    await expect(admin.getByRole("table").getByRole("row")).toHaveCount(2);
    await screenshot(admin, "rep-morning-overdue");

    // The CRM reports the third application funded (signed, Standard Webhooks); the rep's open inbox shows it.
    await rep.goto("/desk/inbox?owner=mine");
    await expect(rowOf(rep, funded.companyName)).toContainText("New");
    const body = JSON.stringify({
      type: "application.stage",
      timestamp: new Date().toISOString(),
      data: { reference: funded.reference, stage: "funded", amount: 180000 },
    });
    const eventId = `msg_${randomUUID()}`;
    const signedAt = new Date();
    const reported = await request.post("/api/inbound/crm", {
      headers: {
        "content-type": "application/json",
        "webhook-id": eventId,
        "webhook-timestamp": String(Math.floor(signedAt.getTime() / 1000)),
        "webhook-signature": new Webhook(E2E.crmWebhookSecret).sign(eventId, signedAt, body),
      },
      data: body,
    });
    expect(reported.status()).toBe(200);
    expect(await reported.json()).toEqual({ duplicate: false, outcome: "applied", applicationId: funded.id });
    await expect(rowOf(rep, funded.companyName)).toContainText("Closed: Funded", { timeout: LIVE_MS });
    await expect(rowOf(rep, funded.companyName)).toContainText("Touched");

    await rep.getByRole("link", { name: funded.companyName }).click();
    await expect(rep.getByRole("heading", { level: 1, name: funded.companyName })).toBeFocused();
    const fundedWork = rep
      .locator("section")
      .filter({ has: rep.getByRole("heading", { level: 2, name: "Work" }) });
    await expect(fundedWork.locator("p", { hasText: "Work status" })).toContainText("Closed: Funded");
    const fundedTimeline = rep
      .locator("section")
      .filter({ has: rep.getByRole("heading", { level: 2, name: "Timeline" }) });
    await expect(fundedTimeline.getByText("CRM reported: Funded, $180,000")).toBeVisible();
    await expect(fundedTimeline.getByText("Status set to Closed: Funded")).toBeVisible();
    await expect(fundedTimeline.getByText("From the CRM")).toBeVisible();
    await fundedTimeline.getByText("CRM reported: Funded, $180,000").scrollIntoViewIfNeeded();
    await screenshot(rep, "rep-morning-funded");

    // Still one alert after two more of the admins' intervals: the overdue one was not alerted again.
    const quietUntil = alertSeen + 2 * E2E.reviewAlertIntervalMs + 1_000;
    await rep.waitForTimeout(Math.max(0, quietUntil - Date.now()));
    expect(await reviewMails(ADMIN.email)).toHaveLength(1);
    expect(await reviewMails(REP.email)).toHaveLength(1);

    console.log(
      `rep morning: the three applications shown in ${liveMs} ms after the last 201; the story took ${Math.round((Date.now() - started) / 1000)} s`,
    );
  } finally {
    await Promise.all([adminContext.close(), repContext.close()]);
  }
});
