import { randomUUID } from "node:crypto";
import { queryRows } from "../support/db";
import { acceptInvitation, adminInvitationPath } from "../support/desk";
import { expect, test } from "../support/test";
import { shoot } from "../support/screenshots";

/**
 * The desk's opt-out table as staff read it: an opt-out three weeks old that
 * the CRM keeps failing to take (overdue, in words) beside one just sent on
 * the site's form (days left), photographed at 1440 and 390 px. Its admin
 * comes by a CLI invitation, and its file sorts after desk.spec.ts, whose
 * first test needs a desk nobody has set up yet (files run in name order).
 */
test("the Consents page shows each opt-out's honour-by clock and where it stands with the CRM", async ({
  page,
}) => {
  const phone = `(347) 555-${String(Date.now() % 10_000).padStart(4, "0")}`;
  await queryRows(
    `WITH l AS (
       INSERT INTO opt_outs (channel, phone, received_via, note, received_at)
       VALUES ('sms', $1, 'sms-reply', 'Replied "STOP"', now() - interval '21 days') RETURNING id)
     INSERT INTO opt_out_outbox (opt_out_id, payload, honour_by, attempts, last_error)
     SELECT id, '{}'::json, (now() - interval '6 days')::date, 9, 'HTTP 503' FROM l`,
    [phone],
  );
  const form = await page.request.post("/api/opt-out", { form: { phone }, maxRedirects: 0 });
  expect(form.status()).toBe(303);

  const email = `admin+${randomUUID().slice(0, 8)}@harborline.test`;
  await acceptInvitation(page, adminInvitationPath(email), email);
  await page.goto(`/desk/consents?phone=${encodeURIComponent(phone)}`);
  const table = page.getByRole("table", { name: `Opt-outs for ${phone}` });
  await expect(table.getByText(/^Overdue by \d+ days?$/)).toBeVisible();
  await expect(table.getByText("9 attempts: HTTP 503")).toBeVisible();
  await expect(table.getByText(/^\d+ days left$/)).toBeVisible();
  await expect(table.getByText("The site's opt-out form")).toBeVisible();

  const shots = process.env.SHOTS_DIR ?? "test-results/shots";
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await shoot(page, `${shots}/desk-opt-outs-${width}.png`, { fullPage: true });
  }
});
