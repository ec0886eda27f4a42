/**
 * The admins' alert about opt-outs not with the CRM by their honour-by day,
 * on both engines: the admins and STAFF_ALERT_EMAILS get one e-mail listing
 * each overdue opt-out once, ever (a second pass, or two passes at once,
 * lists none again); one the CRM has, one it reported, or one not yet due is
 * never listed; the desk shows each one's CRM state.
 */
import { describe, expect, it } from "vitest";
import { deskClient } from "../../test/support/desk-applications";
import { signedInStaff } from "../../test/support/desk";
import { INBOUND_ENV, optOutEvent, postWithToken } from "../../test/support/inbound";
import { ENGINES, useTestApp } from "../../test/support/server";
import { createOptOutAlerts } from "./overdue-alerts";

const DAY = 86_400_000;
const ALERTS_TO = "compliance@provider.example";

describe.each(ENGINES)("overdue opt-out alerts on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { ...INBOUND_ENV, STAFF_ALERT_EMAILS: ALERTS_TO } });
  const store = () => ctx.db.store;

  async function setUp() {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const desk = deskClient(
      () => ctx.app,
      () => admin.cookie,
    );
    // What earlier tests left overdue is not this test's business.
    await store().query(
      "UPDATE opt_out_outbox SET overdue_alerted_at = now() WHERE overdue_alerted_at IS NULL",
    );
    const record = async (phone: string, receivedAt?: string) => {
      const response = await desk.post("/api/desk/opt-outs", {
        channel: "sms",
        phone,
        receivedVia: "phone",
        receivedAt,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; honourBy: string };
    };
    const { rows } = await store().query<{ id: string }>(
      "SELECT coalesce(max(id), 0)::text AS id FROM mail_outbox",
    );
    const mailsSince = async () =>
      (
        await store().query<{ to: string; subject: string; text: string }>(
          `SELECT to_address AS to, subject, text FROM mail_outbox
            WHERE kind = 'delivery-alert' AND subject ILIKE '%opt-out%overdue%' AND id > $1::bigint ORDER BY id`,
          [rows[0].id],
        )
      ).rows;
    return { admin, desk, record, mailsSince };
  }

  it("tells the admins and STAFF_ALERT_EMAILS once of each opt-out not with the CRM by its day", async () => {
    const { admin, desk, record, mailsSince } = await setUp();
    const waiting = await record("+1 212 555 0171");
    const delivered = await record("+1 212 555 0172");
    await store().query(
      "UPDATE opt_out_outbox SET status = 'delivered', delivered_at = now() WHERE opt_out_id = $1",
      [delivered.id],
    );
    const refused = await record("+1 212 555 0173");
    await store().query(
      "UPDATE opt_out_outbox SET status = 'dead', attempts = 1, last_error = 'HTTP 422' WHERE opt_out_id = $1",
      [refused.id],
    );
    const fromCrm = await postWithToken(ctx.app, "crm", {
      id: `crm-${Date.now()}`,
      ...optOutEvent({ channel: "sms", phone: "+1 212 555 0174" }),
    });
    expect(fromCrm.statusCode).toBe(200);

    const alerts = createOptOutAlerts(store(), ctx.app.config);
    // On its honour-by day nothing is overdue yet.
    expect(await alerts.run(new Date(`${waiting.honourBy}T16:00:00Z`))).toBe(0);
    // The day after: the admin and the alert address, one e-mail each.
    const later = new Date(Date.parse(`${waiting.honourBy}T16:00:00Z`) + DAY);
    expect(await alerts.run(later)).toBe(2);
    const mails = await mailsSince();
    expect(mails.map((mail) => mail.to).sort()).toEqual([admin.email, ALERTS_TO].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("2 opt-outs overdue: not with the CRM by their honour-by day");
      expect(mail.text).toContain(`#${waiting.id}: Text messages (SMS)`);
      expect(mail.text).toContain(`#${refused.id}: Text messages (SMS)`);
      expect(mail.text).toContain("refused by the CRM: HTTP 422");
      expect(mail.text).not.toContain(`#${delivered.id}:`);
      // No number in the e-mail: the desk has it behind its sign-in.
      expect(mail.text).not.toContain("555 0171");
      expect(mail.text).toContain("/desk/consents");
    }
    // Each once, ever: the next passes, two at once, send nothing more.
    expect(await Promise.all([alerts.run(later), alerts.run(new Date(later.getTime() + DAY))])).toEqual([
      0, 0,
    ]);
    expect(await mailsSince()).toHaveLength(2);

    // The desk shows where each stands with the CRM.
    const found = await desk.get(`/api/desk/opt-outs?phone=${encodeURIComponent("212 555 0173")}`);
    expect(found.json().items[0].crm).toEqual({
      status: "refused",
      attempts: 1,
      deliveredAt: null,
      lastError: "HTTP 422",
    });
    const reported = await desk.get(`/api/desk/opt-outs?phone=${encodeURIComponent("212 555 0174")}`);
    expect(reported.json().items[0].crm).toMatchObject({ status: "from-crm", attempts: 0 });
    const done = await desk.get(`/api/desk/opt-outs?phone=${encodeURIComponent("212 555 0172")}`);
    expect(done.json().items[0].crm).toMatchObject({ status: "delivered", lastError: null });
    expect(done.json().items[0].crm.deliveredAt).toEqual(expect.any(String));
  });

  it("lists in its own e-mail an opt-out that falls overdue after the last alert", async () => {
    const { record, mailsSince } = await setUp();
    // Received three weeks ago: overdue now.
    const first = await record("+1 212 555 0181", new Date(Date.now() - 21 * DAY).toISOString());
    const alerts = createOptOutAlerts(store(), ctx.app.config);
    // Every admin (this file's earlier ones too) and the alert address.
    const recipients = await alerts.run();
    expect(recipients).toBeGreaterThanOrEqual(2);
    const second = await record("+1 212 555 0182");
    expect(await alerts.run()).toBe(0);
    expect(await alerts.run(new Date(Date.parse(`${second.honourBy}T16:00:00Z`) + DAY))).toBe(recipients);
    const mails = await mailsSince();
    expect(mails).toHaveLength(2 * recipients);
    for (const mail of mails.slice(recipients)) {
      expect(mail.subject).toBe("Opt-out overdue: not with the CRM by its honour-by day");
      expect(mail.text).toContain(`#${second.id}:`);
      expect(mail.text).not.toContain(`#${first.id}:`);
    }
  });
});
