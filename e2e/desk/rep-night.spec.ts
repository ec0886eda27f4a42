/**
 * A rep's morning after a night with nobody on duty, at 1440 and at 390 px
 * (issue 40's "Done when"): the night's applications wait unassigned and are
 * counted as new to the rep (beside Inbox and on the Unassigned tab); looked
 * at, the count goes; the rep comes on duty and owns them before their review
 * deadline (the Mine tab counts them until the rep looks); a call is logged
 * in one step and the lead is Contacted, with a call-back in three days; the
 * applicant books a call (the lead's header, its inbox row and the rep's
 * e-mail say so); three days on, the call-back is due soon: the rep's
 * reminder links to the Due soon list, which holds it. axe on every page and
 * state; with SCREENSHOTS=1, screenshots in test-results/rep-night-<width>-<step>.png. Then, on a
 * phone, an admin closes what is left of the night in one action: the bulk
 * bar's controls fit the screen and a chosen reason reads whole.
 *
 * The file shares the run's store with the others and sorts after
 * desk.spec.ts (whose first test needs a desk nobody has set up): it puts
 * back who was on duty, and leaves its leads without a deadline coming due.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sampleApplication } from "../../test/support/sample-application";
import { sql } from "../support/desk-seed";
import { E2E } from "../support/env";
import { acceptInvitation, adminInvitationPath, expectNoAxeViolations } from "../support/desk";
import { expect, test, type Locator, type Page } from "../support/test";
import { shoot } from "../support/screenshots";

const LIVE_MS = 5_000;
const HOUR = 3_600_000;

const VIEWPORTS = [
  { width: 1440, height: 900, night: ["Owl Hollow Bakery", "Moonlit Freight Co", "Lantern Dental Studio"] },
  { width: 390, height: 844, night: ["Nightjar Coffee", "Starlight Plumbing", "Late Tide Seafood"] },
];

/** "Tue, Dec 8, 10:30 AM EST": the desk's words for a booked call's time, in DESK_TIME_ZONE (the default). */
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

/** A rep (staff) invited the operator's way; the path of their invitation. */
function repInvitationPath(email: string): string {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "server/cli/applications.ts", "staff", "invite", email, "--role", "staff", "--json"],
    { env: { ...process.env, ...E2E.serverEnv, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  return new URL((JSON.parse(out.trim().split("\n").at(-1)!) as { inviteUrl: string }).inviteUrl).pathname;
}

/** An application through the public API, as the wizard sends it: its id and its booking link's token. */
async function arrive(page: Page, companyName: string): Promise<{ id: string; bookingToken: string }> {
  const response = await page.request.post("/api/applications", {
    data: {
      ...sampleApplication,
      companyName,
      email: `${randomUUID()}@northwind.example`,
      submissionId: randomUUID(),
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; bookingToken: string };
}

type InboxMessage = { to: string[]; subject: string; links: string[] };
async function mailsTo(address: string, subject: RegExp): Promise<InboxMessage[]> {
  const messages = (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
  return messages.filter((message) => message.to.includes(address) && subject.test(message.subject));
}

/** The new-lead count as the tab's title carries it on every page: "(3) Inbox · Lead desk"; 0 without one. */
async function newCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\+?\) /.exec(await page.title())?.[1] ?? 0);
}

/** The lead's row (1440) or card (390) in the list shown. */
const leadIn = (page: Page, company: string) =>
  page
    .locator("tr, li")
    .filter({ has: page.getByRole("link", { name: company, exact: true }) })
    .filter({ visible: true });

const ownerTab = (page: Page, name: string) =>
  page
    .getByRole("navigation", { name: "Whose applications" })
    .getByRole("link", { name: new RegExp(`^${name}`) });

/**
 * The contrast of a badge's text against what is behind it (its own
 * background laid over its link's and the tab row's; a canvas turns any CSS
 * colour into sRGB), by WCAG's formula.
 */
async function badgeContrast(tab: Locator): Promise<number> {
  return tab.evaluate((link) => {
    const badge = link.querySelector("span")!;
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    const paint = (...colours: string[]) => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const under = [link.closest("ul")!, link].map((element) => getComputedStyle(element).backgroundColor);
    const behind = paint(...under, getComputedStyle(badge).backgroundColor);
    const text = paint(...under, getComputedStyle(badge).backgroundColor, getComputedStyle(badge).color);
    const [light, dark] = [luminance(behind), luminance(text)].sort((a, b) => b - a);
    return (light + 0.05) / (dark + 0.05);
  });
}

for (const { width, height, night } of VIEWPORTS) {
  test(`a rep's morning after a night with nobody on duty, at ${width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const phone = width < 768;
    const shot = (page: Page, step: string) =>
      shoot(page, `test-results/rep-night-${width}-${step}.png`, { fullPage: true });
    const onDutyBefore = sql(
      "SELECT coalesce(string_agg(quote_literal(user_id), ','), '') FROM desk_duty WHERE on_duty",
    );
    const ids: string[] = [];
    const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height } });
    try {
      const page = await context.newPage();
      const rep = { email: `night.rep+${randomUUID().slice(0, 8)}@harborline.test`, name: "Robin Hale" };
      await acceptInvitation(page, repInvitationPath(rep.email), rep.email, rep.name);
      const repId = sql(`SELECT id FROM desk_user WHERE email = '${rep.email}'`);

      /** Opens the phone's menu when the navigation is folded into it. */
      const desk = async () => {
        const menu = page.getByRole("button", { name: /^Menu/ });
        if (phone && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
        return page.getByRole("navigation", { name: "Desk" });
      };
      const closeMenu = async () => {
        const menu = page.getByRole("button", { name: /^Menu/ });
        if (phone && (await menu.getAttribute("aria-expanded")) === "true") await menu.click();
      };
      /** Where the count shows without opening anything: beside Inbox, or on a phone's Menu button. */
      const countShown = () =>
        phone
          ? page.getByRole("button", { name: /^Menu/ })
          : page.getByRole("navigation", { name: "Desk" }).getByRole("link", { name: /^Inbox/ });

      // The night: nobody on duty. The rep is signed in, away from the inbox.
      sql("UPDATE desk_duty SET on_duty = false");
      await page.goto("/desk/account");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const arrivals: { id: string; bookingToken: string }[] = [];
      for (const company of night) arrivals.push(await arrive(page, company));
      ids.push(...arrivals.map((arrival) => arrival.id));
      const idList = ids.map((id) => `'${id}'`).join(",");
      expect(sql(`SELECT count(*) FROM applications WHERE id IN (${idList}) AND owner_id IS NULL`)).toBe("3");
      // New to the rep, who has not looked: counted, live, on the page they are on.
      await expect.poll(() => newCount(page), { timeout: LIVE_MS }).toBeGreaterThanOrEqual(night.length);
      await expect(countShown()).toHaveAccessibleName(/\d+\+? new$/);
      await shot(page, "1-night-away");

      // The rep opens the inbox: their own to-do list (nothing yet); Unassigned says what waits there.
      await (await desk()).getByRole("link", { name: /^Inbox/ }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await expect(ownerTab(page, "Mine")).toHaveAttribute("aria-current", "page");
      await expect(ownerTab(page, "Mine")).toHaveAccessibleName("Mine");
      await expect(ownerTab(page, "Unassigned")).toHaveAccessibleName(/^Unassigned \d+\+? new$/, {
        timeout: LIVE_MS,
      });
      const waiting = Number(/(\d+)/.exec((await ownerTab(page, "Unassigned").textContent()) ?? "")![1]);
      expect(waiting).toBeGreaterThanOrEqual(night.length);
      expect(
        await badgeContrast(ownerTab(page, "Unassigned")),
        "the Unassigned tab's count",
      ).toBeGreaterThanOrEqual(4.5);
      // The segmented control fits the phone: no tab is cut or pushed off the screen.
      for (const name of ["Mine", "Unassigned", "Everyone"]) {
        const tab = ownerTab(page, name);
        expect(await tab.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
        expect((await tab.boundingBox())!.x + (await tab.boundingBox())!.width).toBeLessThanOrEqual(width);
      }
      await expectNoAxeViolations(page, `the inbox with a new count on Unassigned at ${width} px`);
      await shot(page, "2-inbox-night");

      // The rep looks at Unassigned: the night's leads wait there, nobody's; the count goes.
      await ownerTab(page, "Unassigned").click();
      await expect(page).toHaveURL(/owner=unassigned/);
      for (const company of night) {
        await expect(leadIn(page, company)).toContainText("Unassigned");
      }
      await expect(ownerTab(page, "Unassigned")).toHaveAccessibleName("Unassigned", { timeout: LIVE_MS });
      await expect.poll(() => newCount(page), { timeout: LIVE_MS }).toBe(0);
      await expect(page).toHaveTitle("Inbox · Lead desk");
      await expect(countShown()).not.toHaveAccessibleName(/new$/);

      // Morning: the rep comes on duty and is given what waited, the night's leads among them.
      const duty = (await desk()).getByRole("switch", { name: "On duty" });
      await expect(duty).not.toBeChecked();
      const saved = page.waitForResponse((response) => response.url().endsWith("/api/desk/me/duty"));
      await duty.click();
      expect((await saved).status()).toBe(200);
      await expect(duty).toBeChecked();
      await closeMenu();
      // Each is the rep's, given before its review deadline, which is still ahead.
      expect(
        sql(`SELECT count(*) FROM applications WHERE id IN (${idList}) AND owner_id = '${repId}'
               AND assigned_at < review_due_at AND review_due_at > now() + interval '23 hours'`),
      ).toBe("3");
      // They left Unassigned; Mine counts them as new until the rep looks.
      for (const company of night) await expect(leadIn(page, company)).toHaveCount(0, { timeout: LIVE_MS });
      await expect(page.getByText("Every application has an owner.")).toBeVisible();
      await expect(ownerTab(page, "Mine")).toHaveAccessibleName(/^Mine \d+\+? new$/, { timeout: LIVE_MS });
      await expect.poll(() => newCount(page), { timeout: LIVE_MS }).toBeGreaterThanOrEqual(night.length);
      await expectNoAxeViolations(page, `Unassigned emptied, a new count on Mine at ${width} px`);
      await shot(page, "3-morning-on-duty");

      // The rep looks at Mine: theirs, the deadline ahead ("23 h … left"); nothing is new any more.
      await ownerTab(page, "Mine").click();
      await expect(ownerTab(page, "Mine")).toHaveAttribute("aria-current", "page");
      for (const company of night) {
        const lead = leadIn(page, company);
        await expect(lead).toContainText("You");
        await expect(lead).toContainText(/2[34] h( \d+ min)? left/);
      }
      await expect(ownerTab(page, "Mine")).toHaveAccessibleName("Mine", { timeout: LIVE_MS });
      await expect.poll(() => newCount(page), { timeout: LIVE_MS }).toBe(0);
      await expect(page).toHaveTitle("Inbox · Lead desk");
      await expect(countShown()).not.toHaveAccessibleName(/new$/);
      await expectNoAxeViolations(page, `the rep's own list, nothing new, at ${width} px`);
      await shot(page, "4-mine-looked-at");

      // The first of the night: a call logged in one step, reached, with a call-back in three days.
      const [first] = night;
      const [worked] = arrivals;
      await leadIn(page, first).getByRole("link", { name: first, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: first })).toBeFocused();
      const log = page.getByRole("form", { name: "Log the call" });
      await log.getByText("Reached", { exact: true }).click();
      await log
        .getByRole("combobox", { name: "Next step" })
        .selectOption({ label: "Call back in 3 days, 10:00" });
      await log.getByLabel("Note (optional)").fill("Night owl: wants to talk terms on Thursday.");
      const logged = page.waitForResponse((response) => response.url().endsWith(`/${worked.id}/contacts`));
      await log.getByRole("button", { name: "Log call" }).click();
      expect((await logged).status()).toBe(200);
      await expect(page.getByText("Call logged: Reached. Now Contacted.")).toBeVisible();
      const work = page
        .locator("section")
        .filter({ has: page.getByRole("heading", { level: 2, name: "Work" }) });
      await expect(work.locator("p", { hasText: "Work status" })).toContainText("Contacted");
      const followUpAt = sql(
        `SELECT to_char(follow_up_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM applications WHERE id = '${worked.id}'`,
      );
      expect(Date.parse(followUpAt) - Date.now()).toBeGreaterThan(2 * 24 * HOUR);
      const header = page.getByText(/^Next follow-up:/);
      await expect(header.locator("time")).toHaveAttribute(
        "datetime",
        new RegExp(`^${followUpAt.slice(0, 16)}`),
      );

      // The applicant books a call through the booking service (its link carries the token): the
      // header shows it, and the rep, its owner, is e-mailed.
      const scheduledAt = new Date(Date.now() + 2 * 24 * HOUR).toISOString().replace(/T.*/, "T15:30:00.000Z");
      const booked = await page.request.post("/api/inbound/booking", {
        headers: { authorization: `Bearer ${E2E.bookingWebhookToken}` },
        data: {
          id: `evt_${randomUUID()}`,
          type: "call.booked",
          timestamp: new Date().toISOString(),
          data: { bookingToken: worked.bookingToken, scheduledAt, name: "Ada Lovelace" },
        },
      });
      expect(booked.status()).toBe(200);
      expect(await booked.json()).toMatchObject({ outcome: "booked", applicationId: worked.id });
      await expect
        .poll(async () => (await mailsTo(rep.email, /^Call booked/)).map((mail) => mail.subject), {
          timeout: 15_000,
        })
        .toEqual([`Call booked: ${first}, ${when(scheduledAt)}`]);
      await page.reload();
      await expect(page.getByText(/^Call booked:/)).toHaveText(`Call booked: ${when(scheduledAt)}`);
      await expect(page.getByText(/^Next follow-up:/)).toBeVisible();
      await expectNoAxeViolations(
        page,
        `the lead, Contacted, with a booked call and a follow-up at ${width} px`,
      );
      await shot(page, "5-lead-worked");

      // Not due yet: the Due soon list does not hold it; the inbox row shows the booked call.
      await page.goto("/desk/inbox?owner=mine&due=due_soon&sort=time_left");
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await expect(leadIn(page, first)).toHaveCount(0);
      await page.goto("/desk/inbox?owner=mine");
      await expect(leadIn(page, first)).toContainText(`Call booked ${when(scheduledAt)}`);
      await expect(leadIn(page, first)).toContainText("Contacted");

      // Three days on (the call-back moved to 25 minutes from now, as time would have): the rep's
      // reminder names it and links to the Due soon list, which holds it.
      sql(`UPDATE applications SET follow_up_at = now() + interval '25 minutes' WHERE id = '${worked.id}'`);
      await expect
        .poll(async () => (await mailsTo(rep.email, new RegExp(`Call back: ${first}`))).length, {
          timeout: 20_000,
        })
        .toBe(1);
      const [reminder] = await mailsTo(rep.email, new RegExp(`Call back: ${first}`));
      const link = reminder.links.find((href) => href.includes("/desk/inbox"));
      expect(link, "the reminder's link to the list").toBeDefined();
      const list = new URL(link!);
      expect(Object.fromEntries(list.searchParams)).toMatchObject({ owner: "mine", due: "due_soon" });
      await page.goto(list.pathname + list.search);
      await expect(
        page.getByRole("navigation", { name: "Review clock" }).getByRole("link", { name: /^Due soon/ }),
      ).toHaveAttribute("aria-current", "page");
      await expect(leadIn(page, first)).toContainText(/Call back in 2[45] min/);
      await expectNoAxeViolations(page, `the Due soon list with the call-back at ${width} px`);
      await shot(page, "6-due-soon");
    } finally {
      await context.close();
      // Nothing of this morning comes due in later files, and whoever was on duty is again.
      if (ids.length) {
        sql(
          `UPDATE applications SET follow_up_at = NULL, review_due_at = now() + interval '30 days'
             WHERE id IN (${ids.map((id) => `'${id}'`).join(",")})`,
        );
      }
      sql(`UPDATE desk_duty SET on_duty = ${onDutyBefore ? `user_id IN (${onDutyBefore})` : "false"}`);
    }
  });
}

test("on a phone, an admin closes several of the night's leads from the bulk bar: every control fits and the reason reads whole", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const width = 390;
  const onDutyBefore = sql(
    "SELECT coalesce(string_agg(quote_literal(user_id), ','), '') FROM desk_duty WHERE on_duty",
  );
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width, height: 844 } });
  try {
    const page = await context.newPage();
    const email = `night.admin+${randomUUID().slice(0, 8)}@harborline.test`;
    await acceptInvitation(page, adminInvitationPath(email), email, "Casey Admin");
    sql("UPDATE desk_duty SET on_duty = false");
    const tag = randomUUID().slice(0, 4);
    const night = [`Duplicate Diner ${tag}`, `Test Entry Tiles ${tag}`];
    const ids: string[] = [];
    for (const company of night) ids.push((await arrive(page, company)).id);

    await page.goto(`/desk/inbox?owner=unassigned&q=${tag}`);
    for (const company of night) await expect(leadIn(page, company)).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    const bar = page.getByRole("region", { name: "Selected applications" });
    await expect(bar.getByText("2 applications selected")).toBeVisible();
    const reason = bar.getByRole("combobox", { name: "Close reason" });
    await reason.selectOption({ label: "Chose another provider" });
    // Inside the screen, and wide enough to show the reason chosen without cutting it.
    for (const control of [
      reason,
      bar.getByRole("combobox", { name: "Assign to" }),
      bar.getByRole("button", { name: "Close" }),
      bar.getByRole("button", { name: "Claim" }),
      bar.getByRole("button", { name: "Clear selection" }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(36);
    }
    const readsWhole = await reason.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context2d = document.createElement("canvas").getContext("2d")!;
      context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context2d.measureText(select.selectedOptions[0].text).width <= room;
    });
    expect(readsWhole, "the chosen close reason shows whole").toBe(true);
    await expectNoAxeViolations(page, "the bulk bar at 390 px");
    await shoot(page, `test-results/rep-night-${width}-7-bulk-bar.png`);

    await bar.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Closed 2 applications." })).toBeVisible();
    for (const company of night) {
      await expect(leadIn(page, company)).toContainText("Closed: Chose another provider");
    }
    expect(
      sql(
        `SELECT count(*) FROM applications WHERE id IN ('${ids.join("','")}') AND work_status = 'closed' AND close_reason = 'chose_another_provider'`,
      ),
    ).toBe("2");
  } finally {
    await context.close();
    sql(`UPDATE desk_duty SET on_duty = ${onDutyBefore ? `user_id IN (${onDutyBefore})` : "false"}`);
  }
});
