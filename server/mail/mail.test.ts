/**
 * E-mail end to end in one process, on both engines: the app stores what a
 * visitor's action causes, the mail worker sends it to a real SMTP server on
 * loopback, and the test reads what that server accepted (parsed by mailparser).
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  annualRevenueOptions,
  creditScoreOptions,
  SMS_CONSENT_VERSION,
  smsConsentText,
} from "#domain/application/schema";
import { siteFacts } from "#domain/site-facts";
import { waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp, validApplication } from "../../test/support/server";
import { TestSmtpServer, type ReceivedMail } from "../../test/support/smtp";
import { cancelApplicationMail, enqueueApplicationMail } from "./application-mail";
import { createDeliveryAlerts } from "./alerts";
import { createMailOutboxRepository } from "./outbox-repository";
import { REFERENCE_PATTERN } from "./reference";
import { createMailWorker, type MailWorker } from "./worker";

const STAFF = ["ops@harborline.test", "sales@harborline.test"];
const ENV = { STAFF_ALERT_EMAILS: STAFF.join(", "), ALERT_FAILING_AFTER: "3" };
const FAST = {
  ...testConfig().delivery,
  timeoutMs: 1000,
  leaseMs: 5000,
  backoffBaseMs: 20,
  backoffMaxMs: 60,
};
const silent = pino({ level: "silent" });

describe.each(ENGINES)("e-mail on %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV });
  const smtp = new TestSmtpServer();
  let worker: MailWorker | undefined;

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  beforeEach(async () => {
    smtp.accepted.length = 0;
    smtp.received.length = 0;
    smtp.answer = () => "accept";
    await ctx.db.store.query(
      `UPDATE delivery_alert_state SET consecutive_failures = 0, failing = false, dead_alerted = false, failing_since = NULL,
              cooldown_until = NULL, cooldown_started = NULL, held_failures = 0, held_recoveries = 0`,
    );
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const startWorker = (config = FAST) => {
    worker = createMailWorker({ store: ctx.db.store, config, smtpUrl: smtp.url, log: silent });
    worker.start();
    return worker;
  };
  const apply = async (overrides: Record<string, unknown> = {}) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: validApplication(overrides),
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  const mailRows = async () =>
    (
      await ctx.db.store.query<{
        id: string;
        kind: string;
        to_address: string;
        status: string;
        message_id: string;
      }>("SELECT id::text AS id, kind, to_address, status, message_id FROM mail_outbox ORDER BY id")
    ).rows;
  const until = (what: string, check: () => boolean) => waitFor(check, { what, timeoutMs: 15_000 });
  const links = (mail: ReceivedMail) =>
    [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));

  describe("after an application", () => {
    it("sends the applicant a consent receipt: reference, promise, summary, the exact consent text and version", async () => {
      const id = await apply({ email: "Ada@Example.com" });
      startWorker();
      await until("the receipt", () => smtp.to("ada@example.com").length === 1);
      const [receipt] = smtp.to("ada@example.com");
      const { rows } = await ctx.db.store.query<{ reference: string }>(
        "SELECT reference FROM applications WHERE id = $1",
        [id],
      );
      const reference = rows[0].reference;
      expect(reference).toMatch(REFERENCE_PATTERN);

      expect(receipt.from).toBe(siteFacts.email);
      expect(receipt.headers.get("from")).toContain(siteFacts.brand);
      expect(receipt.subject).toContain(reference);
      const [row] = (await mailRows()).filter((mail) => mail.kind === "receipt");
      expect(receipt.messageId).toBe(row.message_id);
      expect(receipt.messageId).toBe(`<mail-${row.id}@localhost>`);
      expect(receipt.headers.get("auto-submitted")).toBe("auto-generated");
      // Both parts, the text made from the HTML, each saying the same things.
      expect(receipt.html).toMatch(/^<!DOCTYPE html/);
      for (const part of [receipt.text, receipt.html.replaceAll("&#x27;", "'")]) {
        expect(part).toContain(reference);
        expect(part).toContain("We'll review your application and get back to you within 24 hours");
        expect(part).toContain("Revenue-Based Financing");
        expect(part).toContain("$250,000");
        expect(part).toContain("Within 1 month");
        expect(part).toContain(smsConsentText);
        expect(part).toContain(SMS_CONSENT_VERSION);
        expect(part).toMatch(/reply STOP/i);
        expect(part).toContain(siteFacts.phone.display);
        expect(part).toContain(siteFacts.email);
        // Never the revenue or credit band.
        expect(part).not.toContain(annualRevenueOptions.find((o) => o.value === "1m-5m")!.label);
        expect(part).not.toContain(creditScoreOptions.find((o) => o.value === "700-750")!.label);
      }
      // No tracking: no images, nothing loaded from elsewhere.
      expect(receipt.html).not.toMatch(/<img|src=|url\(/i);
    });

    it("alerts every staff address with who, company, type, amount and a desk link, nothing more", async () => {
      const id = await apply({ companyName: "Beta Bakery", firstName: "Grace", lastName: "Hopper" });
      startWorker();
      await until("two staff alerts", () => STAFF.every((to) => smtp.to(to).length === 1));
      for (const to of STAFF) {
        const [alert] = smtp.to(to);
        expect(alert.to).toEqual([to]);
        expect(alert.subject).toBe("New application: Beta Bakery, $250,000 Revenue-Based Financing");
        expect(alert.text).toContain("Grace Hopper");
        expect(links(alert)).toContain(`http://localhost:3000/desk/applications/${id}`);
        for (const part of [alert.text, alert.html]) {
          expect(part).not.toContain("ada@example.com");
          // The phone (+1 212 555 0100) in any formatting; not just "555", which a random id can hold.
          expect(part).not.toMatch(/212\D{0,3}555\D{0,3}0100/);
        }
      }
      // One message per staff address, each its own Message-ID.
      expect(new Set(smtp.accepted.map((mail) => mail.messageId)).size).toBe(smtp.accepted.length);
    });

    it("writes an amount with cents as it was entered, in the staff subject and the receipt", async () => {
      await apply({ companyName: "Cent Bakery", fundingAmount: "350000.50", email: "cents@example.com" });
      startWorker();
      await until("the alerts and the receipt", () =>
        [...STAFF, "cents@example.com"].every((to) => smtp.to(to).length === 1),
      );
      for (const to of STAFF) {
        expect(smtp.to(to)[0].subject).toBe(
          "New application: Cent Bakery, $350,000.50 Revenue-Based Financing",
        );
      }
      const [receipt] = smtp.to("cents@example.com");
      expect(receipt.text).toContain("$350,000.50");
      expect(receipt.text).not.toContain("$350,001");
    });

    it("sends nothing for a honeypot hit", async () => {
      await apply({ companyWebsite: "http://spam.example", email: "victim@example.com" });
      expect(await mailRows()).toEqual([]);
      // Its reference is given all the same (the answer must not tell a bot it was caught), unused until a release.
      const { rows } = await ctx.db.store.query<{ reference: string }>("SELECT reference FROM applications");
      expect(rows).toEqual([{ reference: expect.stringMatching(/^HL-[0-9A-Z]{8}$/) }]);
    });

    it("sends one address at most three receipts a day, however often the form is sent", async () => {
      for (let i = 0; i < 5; i++) await apply({ email: i % 2 ? "Target@Example.com" : "target@example.com" });
      const rows = await mailRows();
      expect(rows.filter((row) => row.kind === "receipt")).toHaveLength(3);
      expect(rows.filter((row) => row.kind === "staff-alert")).toHaveLength(5 * STAFF.length);
      // Every application is stored, with its own reference.
      const { rows: apps } = await ctx.db.store.query<{ reference: string }>(
        "SELECT reference FROM applications",
      );
      expect(new Set(apps.map((app) => app.reference)).size).toBe(5);
    });

    it("holds the cap when requests race: three receipts, never more", async () => {
      await Promise.all(Array.from({ length: 8 }, () => apply({ email: "race@example.com" })));
      const receipts = (await mailRows()).filter((row) => row.kind === "receipt");
      expect(receipts.length).toBeGreaterThanOrEqual(1);
      expect(receipts.length).toBeLessThanOrEqual(3);
    });

    it("sends a released application's receipt once, and none while it is quarantined", async () => {
      const id = await apply({ companyWebsite: "http://spam.example", email: "released@example.com" });
      const settings = ctx.app.config;
      // Still spam: nothing.
      expect(await ctx.db.store.transaction((tx) => enqueueApplicationMail(tx, id, settings))).toBe(0);
      await ctx.db.store.query(
        "UPDATE applications SET status = 'received', quarantine_reason = NULL WHERE id = $1",
        [id],
      );
      expect(await ctx.db.store.transaction((tx) => enqueueApplicationMail(tx, id, settings))).toBe(
        1 + STAFF.length,
      );
      expect(await ctx.db.store.transaction((tx) => enqueueApplicationMail(tx, id, settings))).toBe(0);
      // Back to quarantine before it went out: cancelled; released again: queued again, not re-rendered.
      expect(await ctx.db.store.transaction((tx) => cancelApplicationMail(tx, id))).toBe(1 + STAFF.length);
      expect(await ctx.db.store.transaction((tx) => enqueueApplicationMail(tx, id, settings))).toBe(
        1 + STAFF.length,
      );
      startWorker();
      await until("the released receipt", () => smtp.to("released@example.com").length === 1);
      expect(smtp.to("released@example.com")[0].subject).toMatch(/HL-[0-9A-Z]{8}/);
    });
  });

  describe("the mail worker", () => {
    it("retries a temporary refusal with the same Message-ID, and records every attempt", async () => {
      let refusals = 2;
      smtp.answer = (mail) =>
        mail.to.includes("retry@example.com") && refusals-- > 0
          ? { code: 451, message: "Try again later" }
          : "accept";
      await apply({ email: "retry@example.com" });
      startWorker();
      await until("the receipt after two refusals", () => smtp.to("retry@example.com").length === 1);
      const receipt = (await mailRows()).find((row) => row.kind === "receipt")!;
      const tries = smtp.received.filter((mail) => mail.messageId === receipt.message_id);
      expect(tries).toHaveLength(3);
      const attempts = await waitFor(
        async () => {
          const list = await createMailOutboxRepository(ctx.db.store).attempts(receipt.id);
          return list.some((a) => a.outcome === "sent") ? list : undefined;
        },
        { what: "the sent attempt" },
      );
      expect(attempts.slice(0, 2)).toEqual([
        expect.objectContaining({ attempt: 1, smtp_code: 451, outcome: "retry" }),
        expect.objectContaining({ attempt: 2, smtp_code: 451, outcome: "retry" }),
      ]);
      expect(attempts.at(-1)).toMatchObject({ outcome: "sent", smtp_code: 250 });
    });

    it("marks a message the server refuses for good dead at once, and redelivers it on request", async () => {
      smtp.answer = (mail) =>
        mail.to.includes("gone@example.com") ? { code: 550, message: "No such user" } : "accept";
      await apply({ email: "gone@example.com" });
      startWorker();
      const repository = createMailOutboxRepository(ctx.db.store);
      const dead = await waitFor(
        async () => (await mailRows()).find((row) => row.kind === "receipt" && row.status === "dead"),
        { what: "the dead receipt" },
      );
      expect((await repository.attempts(dead.id)).map((a) => [a.smtp_code, a.outcome])).toEqual([
        [550, "dead"],
      ]);
      smtp.answer = () => "accept";
      expect(await repository.redeliver(dead.id)).toEqual({ before: "dead", requeued: true });
      worker!.wake();
      await until("the redelivered receipt", () => smtp.to("gone@example.com").length === 1);
      expect(smtp.to("gone@example.com")[0].messageId).toBe(dead.message_id);
    });
  });

  describe("CRM delivery alerts", () => {
    it("an outage sends one failing, one dead and one recovered alert per staff address, however long it lasts", async () => {
      const onAttempt = createDeliveryAlerts(ctx.db.store, ctx.app.config);
      const kinds = [];
      for (let i = 0; i < 10; i++)
        kinds.push(
          ...(await onAttempt({ outcome: "retry", statusCode: 503, error: 'HTTP 503: {"email":"x@y"}' })),
        );
      kinds.push(...(await onAttempt({ outcome: "dead", statusCode: 503 })));
      kinds.push(...(await onAttempt({ outcome: "dead", error: "network error: ECONNREFUSED" })));
      kinds.push(...(await onAttempt({ outcome: "delivered", statusCode: 200 })));
      kinds.push(...(await onAttempt({ outcome: "delivered", statusCode: 200 })));
      expect(kinds).toEqual(["failing", "dead", "recovered"]);
      startWorker();
      await until("three alerts per staff address", () => STAFF.every((to) => smtp.to(to).length === 3));
      const subjects = smtp
        .to(STAFF[0])
        .map((mail) => mail.subject)
        .sort();
      expect(subjects).toEqual([
        "CRM delivery failing: applications are waiting",
        "CRM delivery recovered",
        "Deliveries dead: CRM delivery gave up on an application",
      ]);
      // The CRM's answer body (which may quote an application) never reaches an alert.
      for (const mail of smtp.accepted) expect(mail.text).not.toContain("x@y");
    });

    it("two instances recording failures at once send the failing alert once", async () => {
      const a = createDeliveryAlerts(ctx.db.store, ctx.app.config);
      const b = createDeliveryAlerts(ctx.db.store, ctx.app.config);
      const kinds = (
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b)({ outcome: "retry", statusCode: 500 })),
        )
      ).flat();
      expect(kinds).toEqual(["failing"]);
      expect((await mailRows()).filter((row) => row.kind === "delivery-alert")).toHaveLength(STAFF.length);
    });
  });

  describe("newsletter double opt-in", () => {
    const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/newsletter",
        headers: { "content-type": "application/json" },
        payload: { email, ...extra },
      });
    const status = async (email: string) =>
      (
        await ctx.db.store.query<{ status: string }>(
          "SELECT status FROM newsletter_subscribers WHERE email = $1",
          [email],
        )
      ).rows[0]?.status;
    const confirmation = async (email: string) => {
      await until("the confirmation", () => smtp.to(email).length > 0);
      const mail = smtp.to(email).at(-1)!;
      const confirm = links(mail).find((href) => href.includes("/api/newsletter/confirm?token="))!;
      const unsubscribe = links(mail).find((href) => href.includes("/api/newsletter/unsubscribe?token="))!;
      return { mail, confirm: new URL(confirm), unsubscribe: new URL(unsubscribe) };
    };

    it("stores a pending address and mails a confirmation from the marketing sender, with one-click unsubscribe", async () => {
      const response = await subscribe("Reader@Example.com");
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ next: "confirm" });
      expect(await status("reader@example.com")).toBe("pending");
      startWorker();
      const { mail, unsubscribe } = await confirmation("reader@example.com");
      expect(mail.from).toBe(ctx.app.config.mail.marketingFrom.match(/<(.+)>/)![1]);
      expect(mail.from).not.toBe(siteFacts.email);
      expect(mail.headers.get("list-unsubscribe")).toBe(`<${unsubscribe.href}>`);
      expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      // Only hashes of the tokens are stored.
      const { rows } = await ctx.db.store.query<{ token_hash: string }>(
        "SELECT token_hash FROM newsletter_tokens",
      );
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(mail.raw).not.toContain(row.token_hash);
      }
    });

    it("confirms through the link's page (GET shows a button, its POST confirms), once", async () => {
      await subscribe("confirm@example.com");
      startWorker();
      const { confirm } = await confirmation("confirm@example.com");
      const path = confirm.pathname + confirm.search;

      const page = await ctx.app.inject(path);
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'(;|$)/);
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(page.body).not.toContain("<script");
      expect(page.body).toContain(`<form action="${path.replaceAll("&", "&amp;")}" method="post">`);
      // Opening the link (a mail scanner does) confirms nothing.
      expect(await status("confirm@example.com")).toBe("pending");

      const done = await ctx.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain("You&#x27;re subscribed");
      expect(await status("confirm@example.com")).toBe("subscribed");
      expect(await ctx.app.newsletter.countConfirmed()).toBe(1);
      expect(await ctx.app.newsletter.exportConfirmed()).toEqual([
        expect.objectContaining({ email: "confirm@example.com", status: "subscribed" }),
      ]);

      const again = await ctx.app.inject({ method: "POST", url: path });
      expect(again.statusCode).toBe(410);
      expect((await ctx.app.inject(path)).statusCode).toBe(410);
      // A confirmed address signing up again gets no further mail.
      expect((await subscribe("confirm@example.com")).statusCode).toBe(201);
      expect((await mailRows()).filter((row) => row.kind === "newsletter-confirm")).toHaveLength(1);
    });

    it("unsubscribes with the one-click POST mailbox providers send, and through the page", async () => {
      await subscribe("leaver@example.com");
      await subscribe("pager@example.com");
      startWorker();
      const first = await confirmation("leaver@example.com");
      await ctx.app.inject({ method: "POST", url: first.confirm.pathname + first.confirm.search });
      expect(await status("leaver@example.com")).toBe("subscribed");

      const oneClick = await ctx.app.inject({
        method: "POST",
        url: first.unsubscribe.pathname + first.unsubscribe.search,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.statusCode).toBe(200);
      expect(await status("leaver@example.com")).toBe("unsubscribed");
      expect(await ctx.app.newsletter.countConfirmed()).toBe(0);

      const second = await confirmation("pager@example.com");
      const path = second.unsubscribe.pathname + second.unsubscribe.search;
      const page = await ctx.app.inject(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(">Unsubscribe</button>");
      expect(await status("pager@example.com")).toBe("pending");
      const multipart = await ctx.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      });
      expect(multipart.statusCode).toBe(200);
      expect(await status("pager@example.com")).toBe("unsubscribed");
    });

    it("answers a bad or expired link with a page, never a 500", async () => {
      await subscribe("late@example.com");
      startWorker();
      const { confirm } = await confirmation("late@example.com");
      await ctx.db.store.query("UPDATE newsletter_tokens SET expires_at = now() - interval '1 second'");
      expect((await ctx.app.inject(confirm.pathname + confirm.search)).statusCode).toBe(410);
      expect(
        (await ctx.app.inject({ method: "POST", url: confirm.pathname + confirm.search })).statusCode,
      ).toBe(410);
      expect(await status("late@example.com")).toBe("pending");
      for (const query of ["", "?token=", "?token=short", `?token=${"A".repeat(43)}`, "?token[]=x"]) {
        const response = await ctx.app.inject(`/api/newsletter/confirm${query}`);
        expect([400, 404]).toContain(response.statusCode);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
      }
    });

    it("mails no confirmation for a honeypot hit, and at most three a day to one address", async () => {
      await subscribe("bot@example.com", { website: "https://spam.example" });
      expect(await status("bot@example.com")).toBe("spam");
      for (let i = 0; i < 5; i++) expect((await subscribe("again@example.com")).statusCode).toBe(201);
      const rows = await mailRows();
      expect(rows.filter((row) => row.to_address === "bot@example.com")).toEqual([]);
      expect(rows.filter((row) => row.to_address === "again@example.com")).toHaveLength(3);
    });
  });
});
