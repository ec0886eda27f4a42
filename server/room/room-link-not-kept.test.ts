/**
 * The room link in a receipt is not kept in the stored e-mail once it has gone
 * out: the applicant's copy (read from a real SMTP server) opens the room,
 * while the mail outbox's copy keeps its text with the token removed, so the
 * store holds only the token's hash and staff reading the receipt in the desk
 * cannot enter the room. On both engines.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp, validApplication } from "../../test/support/server";
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
const ROOM_LINK = /\/documents\/([A-Za-z0-9_-]{43})/;

describe.each(ENGINES)("the room link in a stored receipt on %s", (engine) => {
  const ctx = useTestApp(engine);
  const smtp = new TestSmtpServer();
  let worker: MailWorker | undefined;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  const stored = async (id: string) =>
    (
      await ctx.db.store.query<{ status: string; text: string; html: string }>(
        "SELECT status, text, html FROM mail_outbox WHERE kind = 'receipt' AND application_id = $1",
        [id],
      )
    ).rows[0];

  it("reaches the applicant with a working link and is stored without it once sent", async () => {
    const email = `receipt-${engine}-${Date.now()}@example.com`;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: validApplication({ email }),
    });
    const { id, roomLink } = response.json();
    const token = roomLink.split("/").pop();
    const waiting = await stored(id);
    expect(waiting.text.match(ROOM_LINK)?.[1]).toBe(token);

    worker = createMailWorker({
      store: ctx.db.store,
      config: FAST,
      smtpUrl: smtp.url,
      log: pino({ level: "silent" }),
    });
    worker.start();
    const received = await waitFor(() => smtp.to(email).find((mail) => ROOM_LINK.test(mail.text)), {
      what: "the receipt",
      timeoutMs: 15_000,
    });
    await waitFor(async () => (await stored(id)).status === "sent", { what: "sent", timeoutMs: 15_000 });
    expect(received.text.match(ROOM_LINK)?.[1]).toBe(token);
    expect(received.html).toContain(roomLink);

    const kept = await stored(id);
    for (const body of [kept.text, kept.html]) {
      expect(body).not.toContain(token);
      expect(body).toContain(`/documents/${REMOVED_TOKEN}`);
    }
    expect(kept.text.replaceAll(REMOVED_TOKEN, token)).toBe(waiting.text);
    expect(kept.html.replaceAll(REMOVED_TOKEN, token)).toBe(waiting.html);
    // The link still opens the room: only the stored copy lost it.
    const session = await ctx.app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      payload: { token },
    });
    expect(session.statusCode).toBe(201);
  });
});
