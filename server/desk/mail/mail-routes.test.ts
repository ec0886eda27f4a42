/**
 * The desk's mail page API on both engines: staff see what was sent, what
 * waits and what died (never a body), and send a dead e-mail again; every look
 * and every resend is in the audit log; strangers get nothing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { deskHeaders, signedInStaff } from "../../../test/support/desk";
import { ENGINES, useTestApp, validApplication } from "../../../test/support/server";

describe.each(ENGINES)("desk mail API on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { STAFF_ALERT_EMAILS: "ops@harborline.test" }, resetEach: false });
  let cookie: string;
  let deadId: string;
  let sentId: string;

  beforeAll(async () => {
    ({ cookie } = await signedInStaff(ctx.app));
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: { "content-type": "application/json" },
      payload: validApplication({ email: "applicant@example.com" }),
    });
    expect(response.statusCode).toBe(201);
    const { rows } = await ctx.db.store.query<{ id: string; kind: string }>(
      "SELECT id::text AS id, kind FROM mail_outbox ORDER BY id",
    );
    deadId = rows.find((row) => row.kind === "receipt")!.id;
    sentId = rows.find((row) => row.kind === "staff-alert")!.id;
    await ctx.db.store.query(
      "UPDATE mail_outbox SET status = 'dead', attempts = 12, last_error = 'SMTP RCPT TO: 550 No such user' WHERE id = $1",
      [deadId],
    );
    await ctx.db.store.query(
      "UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = 1 WHERE id = $1",
      [sentId],
    );
  });

  const get = (url: string, withCookie = true) =>
    ctx.app.inject({ method: "GET", url, headers: withCookie ? { cookie } : {} });
  const redeliver = (id: string, headers = deskHeaders(ctx.app, cookie)) =>
    ctx.app.inject({ method: "POST", url: `/api/desk/mail/${id}/redeliver`, headers });

  it("lists e-mails newest first with their state and counts, never a body", async () => {
    const response = await get("/api/desk/mail");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body.counts).toEqual({ pending: 0, sending: 0, sent: 1, dead: 1, cancelled: 0 });
    // No SMTP_URL here: the page says why nothing is sent.
    expect(body.mailConfigured).toBe(false);
    expect(body.items.map((item: { id: string }) => item.id)).toEqual([sentId, deadId]);
    expect(body.items[1]).toEqual({
      id: deadId,
      kind: "receipt",
      to: "applicant@example.com",
      subject: expect.stringMatching(/HL-[0-9A-Z]{8}/),
      status: "dead",
      attempts: 12,
      nextAttemptAt: null,
      lastError: "SMTP RCPT TO: 550 No such user",
      createdAt: expect.any(String),
      sentAt: null,
      messageId: `<mail-${deadId}@localhost>`,
      applicationId: expect.any(String),
    });
    expect(JSON.stringify(body)).not.toMatch(/<html|We'll review/);

    const dead = (await get("/api/desk/mail?status=dead")).json();
    expect(dead.items.map((item: { id: string }) => item.id)).toEqual([deadId]);
    const page = (await get("/api/desk/mail?limit=1")).json();
    expect(page.nextCursor).toBe(sentId);
    expect((await get(`/api/desk/mail?cursor=${page.nextCursor}`)).json().items[0].id).toBe(deadId);
  });

  it("sends a dead e-mail again (same Message-ID, fresh schedule) and refuses a sent one", async () => {
    const response = await redeliver(deadId);
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({ id: deadId, status: "pending", attempts: 0 });

    const sent = await redeliver(sentId);
    expect(sent.statusCode).toBe(409);
    expect(sent.json()).toEqual({ error: "This e-mail was already sent" });
    expect((await redeliver("999999")).statusCode).toBe(404);
    expect((await redeliver("nope")).statusCode).toBe(404);

    const { rows } = await ctx.db.store.query<{ action: string; target: string | null }>(
      "SELECT action, target FROM desk_audit_log WHERE action LIKE 'mail.%' ORDER BY id",
    );
    expect(rows.filter((row) => row.action === "mail.redelivered")).toEqual([
      { action: "mail.redelivered", target: deadId },
    ]);
    expect(rows.some((row) => row.action === "mail.viewed")).toBe(true);
  });

  it("answers 400 for a bad filter, 401 without a session, 403 from another site", async () => {
    expect((await get("/api/desk/mail?status=lost")).statusCode).toBe(400);
    expect((await get("/api/desk/mail?cursor=x")).statusCode).toBe(400);
    expect((await get("/api/desk/mail", false)).statusCode).toBe(401);
    const crossSite = await redeliver(deadId, { cookie, origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
  });
});
