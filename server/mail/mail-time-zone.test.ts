/**
 * E-mails give their times in the desk's zone (DESK_TIME_ZONE), not New
 * York's, on both engines: the receipt's consent time and the CRM delivery
 * alert's "first failure", read from what a real SMTP server accepted.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp, validApplication } from "../../test/support/server";
import { TestSmtpServer } from "../../test/support/smtp";
import { createDeliveryAlerts } from "./alerts";
import { createMailWorker, type MailWorker } from "./worker";

const ZONE = "America/Los_Angeles";
const FAST = {
  ...testConfig().delivery,
  timeoutMs: 1000,
  leaseMs: 5000,
  backoffBaseMs: 20,
  backoffMaxMs: 60,
};

/** The long form e-mails use, in `timeZone`. */
const inZone = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(instant);

describe.each(ENGINES)("e-mail times in DESK_TIME_ZONE on %s", (engine) => {
  const ctx = useTestApp(engine, {
    env: { DESK_TIME_ZONE: ZONE, STAFF_ALERT_EMAILS: "ops@harborline.test", ALERT_FAILING_AFTER: "3" },
  });
  const smtp = new TestSmtpServer();
  let worker: MailWorker | undefined;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    smtp.accepted.length = 0;
  });
  const startWorker = () => {
    worker = createMailWorker({
      store: ctx.db.store,
      config: FAST,
      smtpUrl: smtp.url,
      log: pino({ level: "silent" }),
    });
    worker.start();
  };
  const until = (what: string, check: () => boolean) => waitFor(check, { what, timeoutMs: 15_000 });

  it("the receipt gives the consent's time in the desk's zone", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: validApplication({ email: "zone@example.com" }),
    });
    expect(response.statusCode).toBe(201);
    const { rows } = await ctx.db.store.query<{ submitted_at: Date }>(
      "SELECT submitted_at FROM applications WHERE id = $1",
      [response.json().id],
    );
    startWorker();
    await until("the receipt", () => smtp.to("zone@example.com").length === 1);
    const [receipt] = smtp.to("zone@example.com");
    const submitted = new Date(rows[0].submitted_at);
    expect(receipt.text).toContain(inZone(submitted, ZONE));
    expect(receipt.text).toMatch(/ P[SD]T/);
    expect(receipt.text).not.toMatch(/ E[SD]T/);
  });

  it("the CRM delivery alert gives its first failure in the desk's zone", async () => {
    const onAttempt = createDeliveryAlerts(ctx.db.store, ctx.app.config);
    for (let i = 0; i < 3; i++) await onAttempt({ outcome: "retry", statusCode: 503 });
    const { rows } = await ctx.db.store.query<{ failing_since: Date }>(
      "SELECT failing_since FROM delivery_alert_state",
    );
    startWorker();
    await until("the failing alert", () => smtp.to("ops@harborline.test").length === 1);
    const [alert] = smtp.to("ops@harborline.test");
    expect(alert.text).toContain(inZone(new Date(rows[0].failing_since), ZONE));
    expect(alert.text).not.toMatch(/ E[SD]T/);
  });
});
