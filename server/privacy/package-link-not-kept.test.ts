/**
 * The link to a copy of someone's data is not kept in the stored e-mail once
 * it has gone out: the requester's copy (read from a real SMTP server) has a
 * working link, while the mail outbox's copy of the same e-mail keeps its text
 * with the token removed, on both engines. An e-mail not yet sent keeps its
 * link, so a retry still sends a working one.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useStaffDesk } from "../../test/support/desk-applications";
import { waitFor } from "../../test/support/fault-harness";
import { PACKAGE_LINK, openPackage, verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES, testConfig } from "../../test/support/server";
import { TestSmtpServer } from "../../test/support/smtp";
import { REMOVED_TOKEN } from "../mail/outbox-repository";
import { createMailWorker, type MailWorker } from "../mail/worker";

const FAST = {
  ...testConfig().delivery,
  timeoutMs: 1000,
  leaseMs: 5000,
  backoffBaseMs: 20,
  backoffMaxMs: 60,
};

describe.each(ENGINES)("the access copy's link in stored mail on %s", (engine) => {
  const { ctx, client } = useStaffDesk(engine);
  const smtp = new TestSmtpServer();
  let worker: MailWorker | undefined;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const stored = async (email: string) =>
    (
      await ctx.db.store.query<{ status: string; text: string; html: string }>(
        "SELECT status, text, html FROM mail_outbox WHERE kind = 'privacy-access' AND to_address = $1",
        [email],
      )
    ).rows[0];

  it("reaches the requester with a working link and is stored without it once sent", async () => {
    const email = `kept-${engine}-${Date.now()}@example.com`;
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email, name: "Nia Kept" });
    expect((await client.post(`/api/desk/privacy-requests/${id}/access-package`, {})).statusCode).toBe(200);

    // Waiting to be sent, the stored e-mail holds the link it is going to send.
    const waiting = await stored(email);
    expect(waiting.status).toBe("pending");
    const token = waiting.text.match(PACKAGE_LINK)![1];

    worker = createMailWorker({
      store: ctx.db.store,
      config: FAST,
      smtpUrl: smtp.url,
      log: pino({ level: "silent" }),
    });
    worker.start();
    const accessMail = () => smtp.to(email).find((mail) => PACKAGE_LINK.test(mail.text));
    const received = await waitFor(accessMail, { what: "the access e-mail", timeoutMs: 15_000 });
    await waitFor(async () => (await stored(email)).status === "sent", { what: "sent", timeoutMs: 15_000 });

    expect(received.text.match(PACKAGE_LINK)?.[1]).toBe(token);
    expect(received.html).toContain(token);
    expect((await openPackage(ctx.app, token)).statusCode).toBe(200);

    const kept = await stored(email);
    for (const body of [kept.text, kept.html]) {
      expect(body).not.toContain(token);
      expect(body).toContain(`/api/privacy-requests/package?token=${REMOVED_TOKEN}`);
    }
    // The rest of the e-mail is kept as it was sent.
    expect(kept.text.replaceAll(REMOVED_TOKEN, token)).toBe(waiting.text);
    expect(kept.html.replaceAll(REMOVED_TOKEN, token)).toBe(waiting.html);
  });
});
