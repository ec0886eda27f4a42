/**
 * Nobody's leads become somebody's, in a real browser: applications arrive
 * while nobody is on duty and wait unassigned; the rep, away from the inbox,
 * sees them counted beside Inbox; coming on duty makes them the rep's; the
 * rep's inbox opens on what is due for them, and once looked at, the count
 * reaches zero. Then, with the rep off duty again, more arrive and an admin
 * selects them in the Unassigned view and assigns them to the rep in one
 * action (one, claimed meanwhile by the rep, refused and named). Screenshots
 * at 1440 and 390 px (screenshots/desk-nobody-leads-*.png).
 */
import { sql } from "../support/desk-seed";
import { E2E } from "../support/env";
import {
  acceptInvitation,
  adminInvitationPath,
  expectNoAxeViolations,
  screenshot,
  submitApplication,
} from "../support/desk";
import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Page } from "../support/test";

const LIVE_MS = 5_000;
const ADMIN = { email: "nora.admin@harborline.test", name: "Nora Quinn" };
const REP = { email: "sam.rep@harborline.test", name: "Sam Patel" };
const NIGHT = ["Overnight Oak Joinery", "Midnight Harbor Cafe", "Late Shift Logistics"];
const MORNING = ["Sunrise Print Shop", "Early Bird Bakery", "Dawn Dental Lab"];

const arrive = (request: APIRequestContext, companyName: string) => submitApplication(request, companyName);

const ownerOf = (id: string) => sql(`SELECT coalesce(owner_id, '') FROM applications WHERE id = '${id}'`);

const rowOf = (page: Page, company: string) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: company }) });

/** The count beside Inbox (0 without one). */
async function inboxCount(page: Page): Promise<number> {
  const name = await page
    .getByRole("navigation", { name: "Desk" })
    .getByRole("link", { name: /^Inbox/ })
    .innerText();
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

test("nobody's leads: the night's applications wait, the rep who comes on duty owns them, the count reaches zero after looking, an admin assigns several at once", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
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
    const rep = await repContext.newPage();
    await acceptInvitation(
      rep,
      new URL(((await invited.json()) as { inviteUrl: string }).inviteUrl).pathname,
      REP.email,
      REP.name,
    );
    const repId = sql(`SELECT id FROM desk_user WHERE email = '${REP.email}'`);

    // The night: nobody on duty. The rep is signed in but away from the inbox.
    sql("UPDATE desk_duty SET on_duty = false");
    await rep.goto("/desk/quarantine");
    await expect(rep.getByRole("heading", { level: 1, name: "Quarantine" })).toBeVisible();
    const night: string[] = [];
    for (const company of NIGHT) night.push(await arrive(request, company));
    for (const id of night) expect(ownerOf(id)).toBe("");
    // New to the rep, who has not looked: counted beside Inbox, live.
    await expect.poll(() => inboxCount(rep), { timeout: LIVE_MS }).toBeGreaterThanOrEqual(NIGHT.length);

    // Morning: the rep comes on duty and is given the night's applications.
    const duty = rep.getByRole("switch", { name: "On duty" });
    const saved = rep.waitForResponse((response) => response.url().endsWith("/api/desk/me/duty"));
    await duty.click();
    expect((await saved).status()).toBe(200);
    for (const id of night) expect(ownerOf(id)).toBe(repId);

    // The inbox opens on what is due for the rep: theirs, untouched, least time left first.
    await rep
      .getByRole("navigation", { name: "Desk" })
      .getByRole("link", { name: /^Inbox/ })
      .click();
    await expect(rep.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(
      rep.getByRole("navigation", { name: "Review clock" }).getByRole("link", { name: /^To do/ }),
    ).toHaveAttribute("aria-current", "page");
    for (const company of NIGHT) {
      await expect(rowOf(rep, company).getByRole("cell", { name: "You", exact: true })).toBeVisible();
    }
    // Looked at: nothing is new any more, beside Inbox or in the tab's title.
    await expect(
      rep.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Inbox", exact: true }),
    ).toBeVisible({
      timeout: LIVE_MS,
    });
    await expect(rep).toHaveTitle("Inbox · Lead desk");
    await screenshot(rep, "nobody-leads-rep");

    // Later the rep goes off duty; three more arrive and wait.
    await rep.getByRole("switch", { name: "On duty" }).click();
    await expect(rep.getByRole("switch", { name: "On duty" })).not.toBeChecked();
    await rep.goto("/desk/quarantine");
    const morning: string[] = [];
    for (const company of MORNING) morning.push(await arrive(request, company));

    // The admin selects them in the Unassigned view and gives them to the rep in one action.
    await admin.goto("/desk/inbox?owner=unassigned");
    for (const company of MORNING) await expect(rowOf(admin, company)).toBeVisible({ timeout: LIVE_MS });
    for (const company of MORNING) {
      await rowOf(admin, company)
        .getByRole("checkbox", { name: `Select ${company}` })
        .check();
    }
    const bar = admin.getByRole("region", { name: "Selected applications" });
    await expect(bar.getByText(`${MORNING.length} applications selected`)).toBeVisible();
    await bar.getByRole("combobox", { name: "Assign to" }).selectOption({ label: REP.name });
    await expectNoAxeViolations(admin, "the inbox with a selection");
    await screenshot(admin, "nobody-leads-bulk");

    // Meanwhile the rep claims one of them, while the admin is scrolled down the list (so the list
    // offers the news rather than refetching under the cursor): that one is refused and named, the
    // others are done.
    await admin.setViewportSize({ width: 1440, height: 560 });
    await admin.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await admin.evaluate(() => window.scrollY)).toBeGreaterThan(24);
    const claimed = await rep.request.post(`/api/desk/applications/${morning[0]}/owner`, {
      headers: { origin: E2E.baseUrl },
      data: { ownerId: repId },
    });
    expect(claimed.status()).toBe(200);
    await expect(admin.getByRole("button", { name: /Applications changed — show/ })).toBeVisible({
      timeout: LIVE_MS,
    });
    const sent = admin.waitForResponse((response) => response.url().endsWith("/api/desk/applications/bulk"));
    await bar.getByRole("button", { name: "Assign" }).click();
    expect((await sent).status()).toBe(200);
    await expect(
      admin.getByRole("status").filter({ hasText: "Assigned 2 applications; 1 application not (below)." }),
    ).toBeVisible();
    await expect(admin.getByRole("alert")).toContainText(`${MORNING[0]}: Changed meanwhile`);
    for (const id of morning) expect(ownerOf(id)).toBe(repId);
    await expect(rowOf(admin, MORNING[1])).toHaveCount(0, { timeout: LIVE_MS });
    await admin.setViewportSize({ width: 1440, height: 900 });
    // The list is empty now; what the action did is still said.
    await expect(admin.getByRole("alert")).toContainText(`${MORNING[0]}: Changed meanwhile`);
    await screenshot(admin, "nobody-leads-bulk-done");
    const audited = sql(
      `SELECT count(*) FROM desk_audit_log WHERE action = 'application.assigned' AND target IN ('${morning[1]}', '${morning[2]}') AND details->>'bulk' = 'true'`,
    );
    expect(audited).toBe("2");

    // The rep, away, sees them counted; opening the inbox brings the count to zero.
    await expect.poll(() => inboxCount(rep), { timeout: LIVE_MS }).toBeGreaterThanOrEqual(2);
    await rep
      .getByRole("navigation", { name: "Desk" })
      .getByRole("link", { name: /^Inbox/ })
      .click();
    for (const company of MORNING) await expect(rowOf(rep, company)).toBeVisible();
    await expect(
      rep.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: "Inbox", exact: true }),
    ).toBeVisible({
      timeout: LIVE_MS,
    });
  } finally {
    await adminContext.close();
    await repContext.close();
  }
});
