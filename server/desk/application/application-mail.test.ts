/**
 * An application's e-mails as staff see them, on both engines: the receipt and
 * the staff alert in its timeline (kind, recipient, state, Message-ID, each
 * attempt's SMTP answer) among the CRM attempts and desk actions, read in one
 * query; its reference number in the detail, and the inbox found by it.
 */
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseReference, REFERENCE_PATTERN } from "../../mail/reference";
import { createMailWorker } from "../../mail/worker";
import { signedInStaff } from "../../../test/support/desk";
import { deliveryHistory, deskClient, submit } from "../../../test/support/desk-applications";
import { waitFor } from "../../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp } from "../../../test/support/server";
import { TestSmtpServer } from "../../../test/support/smtp";

const ALERTS = "ops@harborline.test";
const FAST = {
  ...testConfig().delivery,
  timeoutMs: 2000,
  leaseMs: 5000,
  backoffBaseMs: 20,
  backoffMaxMs: 60,
};

type Entry = { at: string; kind: string; [key: string]: unknown };

describe.each(ENGINES)("desk: an application's e-mails and reference on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { STAFF_ALERT_EMAILS: ALERTS }, resetEach: false });
  const smtp = new TestSmtpServer();
  let staff: { cookie: string; email: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  const store = () => ctx.db.store;
  const detailOf = async (id: string) => {
    const response = await client.get(`/api/desk/applications/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json() as { reference: string | null; timeline: Entry[] };
  };
  const referenceOf = async (id: string) =>
    (await store().query<{ reference: string }>("SELECT reference FROM applications WHERE id = $1", [id]))
      .rows[0].reference;

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
    await smtp.start();
  });
  afterAll(() => smtp.stop());
  beforeEach(() => ctx.db.reset());

  it("shows the receipt and the staff alert, each attempt's SMTP answer and the Message-ID, in time order", async () => {
    const id = await submit(ctx.app, { companyName: "Mailbox Makers", email: "Applicant@Example.com" });
    // The SMTP server takes the receipt and refuses the staff alert for good.
    smtp.answer = (mail) =>
      mail.to.includes(ALERTS) ? { code: 550, message: "Mailbox unavailable" } : "accept";
    const worker = createMailWorker({
      store: store(),
      config: FAST,
      smtpUrl: smtp.url,
      log: pino({ level: "silent" }),
    });
    worker.start();
    try {
      await waitFor(
        async () =>
          (
            await store().query(
              "SELECT 1 FROM mail_outbox WHERE application_id = $1 AND status IN ('sent', 'dead') HAVING count(*) = 2",
              [id],
            )
          ).rows.length === 1,
        { what: "the receipt sent and the alert dead", timeoutMs: 15_000 },
      );
    } finally {
      await worker.stop();
    }
    // Then the CRM answered twice, and a staff member sent it again.
    const later = (ms: number) => new Date(Date.now() + ms).toISOString();
    await deliveryHistory(store(), id, "delivered", [
      { at: later(1), status: 503, error: "HTTP 503", outcome: "retry" },
      { at: later(2), status: 200, outcome: "delivered" },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      (await client.post(`/api/desk/applications/${id}/redeliver`, { reason: "CRM asked" })).statusCode,
    ).toBe(200);

    const detail = await detailOf(id);
    const reference = await referenceOf(id);
    expect(detail.reference).toBe(reference);
    expect(reference).toMatch(REFERENCE_PATTERN);
    const [receipt] = smtp.to("applicant@example.com");
    expect(receipt.subject).toContain(reference);

    const { timeline } = detail;
    // Newest first.
    expect(timeline.map((entry) => entry.at)).toEqual(
      timeline
        .map((entry) => entry.at)
        .sort()
        .reverse(),
    );
    const mails = timeline.filter((entry) => entry.kind === "mail");
    expect(mails).toEqual([
      {
        at: expect.any(String),
        kind: "mail",
        mailId: expect.stringMatching(/^\d+$/),
        mailKind: "staff-alert",
        to: ALERTS,
        subject: expect.stringContaining("Mailbox Makers"),
        status: "dead",
        messageId: expect.stringMatching(/^<mail-\d+@/),
      },
      {
        at: expect.any(String),
        kind: "mail",
        mailId: expect.stringMatching(/^\d+$/),
        mailKind: "receipt",
        to: "Applicant@Example.com",
        subject: receipt.subject,
        status: "sent",
        messageId: receipt.messageId,
      },
    ]);
    const attempts = timeline.filter((entry) => entry.kind === "mail-attempt");
    expect(attempts).toHaveLength(2);
    expect(attempts).toContainEqual({
      at: expect.any(String),
      kind: "mail-attempt",
      mailId: mails[1].mailId,
      mailKind: "receipt",
      to: "Applicant@Example.com",
      attempt: 1,
      smtpCode: 250,
      error: null,
      durationMs: expect.any(Number),
      outcome: "sent",
    });
    expect(attempts).toContainEqual(
      expect.objectContaining({
        mailId: mails[0].mailId,
        mailKind: "staff-alert",
        to: ALERTS,
        attempt: 1,
        smtpCode: 550,
        error: expect.stringContaining("Mailbox unavailable"),
        outcome: "dead",
      }),
    );
    // Newest first: the desk, then the CRM, then the e-mails (stored with the application, sent at once).
    expect(timeline.map((entry) => entry.kind)).toEqual([
      "action",
      "attempt",
      "attempt",
      "mail-attempt",
      "mail-attempt",
      "mail",
      "mail",
    ]);
    expect(JSON.stringify(timeline)).not.toMatch(/"(html|text)"/);
  });

  it("reads the e-mails and all their attempts in one query, however many there are", async () => {
    const id = await submit(ctx.app, { companyName: "Many Mails" });
    await store().query(
      `INSERT INTO mail_attempts (mail_id, attempt, attempted_at, smtp_code, error, duration_ms, worker, outcome)
       SELECT m.id, n, now(), 421, 'SMTP DATA: 421 Try later', 5, 'test-worker', 'retry'
         FROM mail_outbox m, generate_series(1, 3) n WHERE m.application_id = $1`,
      [id],
    );
    const query = vi.spyOn(store(), "query");
    try {
      const { timeline } = await detailOf(id);
      expect(timeline.filter((entry) => entry.kind === "mail-attempt")).toHaveLength(6);
      const mailQueries = query.mock.calls.filter(([sql]) => /mail_outbox|mail_attempts/.test(String(sql)));
      expect(mailQueries).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });

  it("shows the e-mails a quarantine cancelled, under the action that cancelled them (newest first)", async () => {
    const id = await submit(ctx.app, { companyName: "Hold Everything" });
    const spam = await client.post(`/api/desk/applications/${id}/quarantine`, { reason: "Looks fake" });
    expect(spam.statusCode).toBe(200);
    const { timeline } = spam.json() as { timeline: Entry[] };
    // Newest first: the action above the e-mails it cancelled.
    expect(timeline.map((entry) => [entry.kind, entry.mailKind ?? entry.action, entry.status])).toEqual([
      ["action", "application.quarantined", undefined],
      ["mail", "staff-alert", "cancelled"],
      ["mail", "receipt", "cancelled"],
    ]);
  });

  it("finds an application by its reference number as a person would type it", async () => {
    const wanted = await submit(ctx.app, { companyName: "Reference Co" });
    await submit(ctx.app, { companyName: "Other Co" });
    const reference = await referenceOf(wanted);
    const typed = [
      reference,
      reference.toLowerCase(),
      ` hl ${reference.slice(3, 7)}-${reference.slice(7)} `,
      // Letters that read as the digits 0 and 1.
      reference.replace(/0/g, "O").replace(/1/g, "l"),
    ];
    for (const q of typed) {
      const response = await client.get(`/api/desk/applications?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, q).toBe(200);
      expect(
        response.json().items.map((item: { id: string }) => item.id),
        q,
      ).toEqual([wanted]);
      expect(response.json().total, q).toBe(1);
    }
    // Another reference, or a part of one, finds nothing.
    for (const q of [reference.slice(0, 7), "HL-ZZZZZZZZ"]) {
      const response = await client.get(`/api/desk/applications?q=${encodeURIComponent(q)}`);
      expect(response.json().total, q).toBe(0);
    }
  });
});

describe("reading a reference number", () => {
  it("takes any case, spaces, hyphens and look-alike letters; refuses anything else", () => {
    expect(parseReference("HL-7K3M9Q2X")).toBe("HL-7K3M9Q2X");
    expect(parseReference("hl 7k3m 9q2x")).toBe("HL-7K3M9Q2X");
    expect(parseReference("HL7K3M-9Q2X")).toBe("HL-7K3M9Q2X");
    expect(parseReference("HL-OIL00000")).toBe("HL-01100000");
    for (const text of ["HL-7K3M9Q2", "HL-7K3M9Q2XY", "XL-7K3M9Q2X", "HL-7K3M9Q2U", "7K3M9Q2X", "", "HL-"]) {
      expect(parseReference(text), text).toBeUndefined();
    }
  });
});
