/**
 * What the mail worker does with a send that never ends when the server
 * stops: an SMTP send cannot be called back, so once the stop has waited the
 * attempt timeout (+2 s) the attempt is recorded as a retry, "aborted at
 * shutdown", and the e-mail waits for the next start (sent again with the
 * same Message-ID should the first copy have arrived after all).
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp } from "../../test/support/server";
import { insertMails } from "./outbox-repository";
import { createMailWorker } from "./worker";

const CONFIG = { ...testConfig().delivery, timeoutMs: 100, leaseMs: 1000, pollMs: 20 };

describe.each(ENGINES)("a stopping mail worker on %s", (engine) => {
  const ctx = useTestApp(engine);

  it("records a send that never ends as a retry aborted at shutdown, and closes the transport", async () => {
    const store = ctx.db.store;
    await insertMails(
      store,
      [
        {
          kind: "receipt",
          from: "funding@harborline.test",
          to: "applicant@example.com",
          subject: "We have your application",
          headers: {},
          html: "<p>Thanks</p>",
          text: "Thanks",
        },
      ],
      { siteUrl: "https://harborline.test" },
    );
    let closed = false;
    const worker = createMailWorker({
      store,
      config: CONFIG,
      smtpUrl: "smtp://127.0.0.1:1",
      log: pino({ level: "silent" }),
      sender: { send: () => new Promise(() => undefined), close: () => (closed = true) },
    });
    worker.start();
    const status = async () =>
      (await store.query<{ status: string; attempts: number }>("SELECT status, attempts FROM mail_outbox"))
        .rows[0];
    await waitFor(async () => (await status()).status === "sending", { what: "the send to start" });

    await worker.stop();

    expect(closed).toBe(true);
    expect(await status()).toEqual({ status: "pending", attempts: 1 });
    const { rows } = await store.query("SELECT outcome, error, smtp_code FROM mail_attempts");
    expect(rows).toEqual([{ outcome: "retry", error: "aborted at shutdown", smtp_code: null }]);
  });
});
