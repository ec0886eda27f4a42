/**
 * The analytics page's "Speed to lead" section in Chromium: applications sent
 * through the public API, then owned and worked in the store (first touches
 * early and late, one still untouched past its deadline, one funded), read
 * by a staff member at /desk/analytics: their row in the table by owner, the
 * funnel past CRM delivery, axe, and screenshots at 1440 and 390 px
 * (screenshots/desk-speed-to-lead-*.png).
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sampleApplication } from "../../test/support/sample-application";
import { acceptInvitation, expectNoAxeViolations } from "../support/desk";
import { sql } from "../support/desk-seed";
import { E2E } from "../support/env";
import { expect, test } from "../support/test";
import { shoot } from "../support/screenshots";

const HOUR = 3_600_000;
const zoneDay = (time: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(time));

test("a staff member reads speed to lead: time to first touch, the share within the window, the funnel to funded", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `metrics+${Date.now()}@harborline.test`;
  // A retry runs on the same store as the first try: its rep has a name of their own.
  const name = test.info().retry ? `Riley Metrics try ${test.info().retry + 1}` : "Riley Metrics";
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "server/cli/applications.ts", "staff", "invite", email, "--role", "staff", "--json"],
    { env: { ...process.env, ...E2E.serverEnv, LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  const invite = new URL((JSON.parse(out.trim().split("\n").at(-1)!) as { inviteUrl: string }).inviteUrl);
  await acceptInvitation(page, invite.pathname + invite.search, email, name);
  const ownerId = sql(`SELECT id FROM "desk_user" WHERE email = '${email}'`);

  // Four applications Riley owns, received over the last hours: touched after 1 hour and after
  // 3 hours (funded), one untouched past its deadline, one untouched and not due yet.
  const now = Date.now();
  const work = [
    { hoursAgo: 5, touchedAfter: 1, status: "contacted" },
    { hoursAgo: 4, touchedAfter: 3, status: "closed", reason: "funded", amount: 180000 },
    { hoursAgo: 3, dueHoursAgo: 1, status: "new" },
    { hoursAgo: 2, status: "new" },
  ];
  for (const item of work) {
    const response = await page.request.post("/api/applications", {
      data: { ...sampleApplication, email: `${randomUUID()}@northwind.example`, submissionId: randomUUID() },
    });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const created = new Date(now - item.hoursAgo * HOUR);
    const touched = item.touchedAfter
      ? `'${new Date(created.getTime() + item.touchedAfter * HOUR).toISOString()}'`
      : "NULL";
    const due = new Date(item.dueHoursAgo ? now - item.dueHoursAgo * HOUR : created.getTime() + 24 * HOUR);
    sql(
      `UPDATE applications SET owner_id = '${ownerId}', created_at = '${created.toISOString()}',
         first_touched_at = ${touched}, review_due_at = '${due.toISOString()}', work_status = '${item.status}',
         close_reason = ${item.reason ? `'${item.reason}'` : "NULL"}, funded_amount = ${item.amount ?? "NULL"}
       WHERE id = '${id}'`,
    );
  }

  const [from, to] = [zoneDay(now - 24 * HOUR), zoneDay(now)];
  await page.goto(`/desk/analytics?from=${from}&to=${to}`);
  const section = page.locator("section", {
    has: page.getByRole("heading", { level: 2, name: "Speed to lead" }),
  });
  await expect(section).toContainText(`Applications received from ${from} to ${to}, days in Eastern Time`);

  const byOwner = section.getByRole("table", { name: "Within the window by owner" });
  // 4 applications, 2 within the window, 1 late, 1 still open: 66.7% of those decided; median 2 hours.
  await expect(byOwner.getByRole("row", { name })).toHaveText(
    new RegExp(`${name}\\s*4\\s*2\\s*1\\s*66\\.7%\\s*about 2 hours`),
  );
  await section.getByText("Show the numbers as a table").click();
  const funnel = section.getByRole("table", { name: "Past CRM delivery: applications at each step" });
  await expect(funnel.getByRole("row", { name: /^Funded/ })).toBeVisible();
  await expect(section.locator("dt", { hasText: /^Funded$/ }).locator("..")).toContainText("$");

  await expectNoAxeViolations(page, "the analytics page with speed to lead");
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await shoot(section, `screenshots/desk-speed-to-lead-${width}.png`);
    // The charts follow the new width a frame or two after the resize: the page settles unscrolled.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        message: `the page scrolls sideways at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
  }
});
