/**
 * "contact.opted_out" through real HTTP on both engines: the texting
 * platform's signed STOP reply and the CRM's token-sent e-mail opt-out land
 * in the ledger (no actor, how it came), show in the desk's look-up and the
 * evidence pack, and an e-mail one takes the address off the newsletter at
 * once; a replayed event is one row; a wrong signature, a sender that may not
 * send it and every field wrong in turn are refused, nothing kept.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { auditRows, submit } from "../../test/support/desk-applications";
import {
  at,
  CRM_SECRET,
  MINUTE,
  optOutEvent,
  postSigned,
  postWithToken,
  useInboundApp,
} from "../../test/support/inbound";
import { ENGINES } from "../../test/support/server";

/** A number no other test uses (the ledger is append-only: it outlives each test's reset). */
const freshPhone = () => `+1 (646) 555-${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;

describe.each(ENGINES)("opt-outs through the inbound webhook on %s", (engine) => {
  const { ctx, store, desk } = useInboundApp(engine);

  const ledgerRows = async (where: string, params: unknown[]) =>
    (
      await store().query<{
        channel: string;
        phone: string | null;
        email: string | null;
        received_via: string;
        note: string | null;
        recorded_by_id: string | null;
        received_at: Date | string;
      }>(
        `SELECT channel, phone, email, received_via, note, recorded_by_id, received_at FROM opt_outs WHERE ${where}`,
        params,
      )
    ).rows;
  const ledgerSize = async () =>
    Number((await store().query<{ n: string }>("SELECT count(*)::text AS n FROM opt_outs")).rows[0].n);

  it("puts a STOP reply on the lead: GET /api/desk/applications/:id lists its number's SMS opt-outs", async () => {
    const phone = freshPhone();
    const applicationId = await submit(ctx.app, { phone, email: `stop-${randomUUID()}@example.test` });
    const before = (await desk.get(`/api/desk/applications/${applicationId}`)).json();
    expect(before.smsOptOuts).toEqual([]);
    const receivedAt = at(-MINUTE);
    const response = await postSigned(
      ctx.app,
      "sms",
      optOutEvent({ channel: "sms", phone, receivedAt, keyword: "STOP" }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const detail = await desk.get(`/api/desk/applications/${applicationId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().smsOptOuts).toEqual([
      expect.objectContaining({
        channel: "sms",
        phone,
        receivedVia: "sms-reply",
        receivedAt,
        recordedBy: null,
      }),
    ]);
  });

  it("records the texting platform's signed STOP reply: in the ledger, the desk's look-up and the evidence pack", async () => {
    const phone = freshPhone();
    const applicationId = await submit(ctx.app, { phone });
    const receivedAt = at(-3 * MINUTE);
    const response = await postSigned(
      ctx.app,
      "sms",
      optOutEvent({ channel: "sms", phone, receivedAt, keyword: "STOP" }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ duplicate: false, outcome: "recorded", applicationId: null });

    const rows = await ledgerRows("phone = $1", [phone]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: "sms",
      received_via: "sms-reply",
      note: 'Replied "STOP"',
      recorded_by_id: null,
    });
    expect(new Date(rows[0].received_at).toISOString()).toBe(receivedAt);

    const found = await desk.get(`/api/desk/opt-outs?phone=${encodeURIComponent(phone)}`);
    expect(found.json().items).toEqual([
      expect.objectContaining({ channel: "sms", phone, receivedVia: "sms-reply", recordedBy: null }),
    ]);
    const evidence = await desk.get(`/api/desk/applications/${applicationId}/evidence`);
    expect(evidence.json().optOuts).toEqual([expect.objectContaining({ phone, receivedVia: "sms-reply" })]);
    expect(await auditRows(store(), undefined, "consent.opt-out-recorded")).toContainEqual(
      expect.objectContaining({
        actor_email: null,
        details: expect.objectContaining({ source: "sms", channel: "sms", phone, receivedVia: "sms-reply" }),
      }),
    );
  });

  it("records the CRM's e-mail opt-out sent with its token, and the address leaves the newsletter at once", async () => {
    const email = `crm-${randomUUID().slice(0, 8)}@shop.example`;
    await ctx.app.inject({ method: "POST", url: "/api/newsletter", payload: { email } });
    const response = await postWithToken(ctx.app, "crm", {
      id: `crm-optout-${randomUUID()}`,
      ...optOutEvent({
        channel: "email",
        email: email.toUpperCase(),
        note: "Asked by phone to the CRM's team",
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: "recorded", applicationId: null });
    expect(await ledgerRows("email = $1", [email])).toEqual([
      expect.objectContaining({
        channel: "email",
        received_via: "crm",
        note: "Asked by phone to the CRM's team",
      }),
    ]);
    const { rows } = await store().query<{ status: string }>(
      "SELECT status FROM newsletter_subscribers WHERE email = $1",
      [email],
    );
    expect(rows[0].status).toBe("unsubscribed");
    const mail = await store().query<{ status: string }>(
      "SELECT status FROM mail_outbox WHERE to_address = $1 AND kind = 'newsletter-confirm'",
      [email],
    );
    expect(mail.rows.map((row) => row.status)).toEqual(["cancelled"]);
  });

  it("keeps a replayed event as one row, whatever the replay carries, and answers it duplicate", async () => {
    const phone = freshPhone();
    const id = `msg_${randomUUID()}`;
    const first = await postSigned(ctx.app, "sms", optOutEvent({ channel: "sms", phone }), { id });
    expect(first.json()).toMatchObject({ duplicate: false });
    for (const body of [
      optOutEvent({ channel: "sms", phone }),
      optOutEvent({ channel: "sms", phone: freshPhone() }),
    ]) {
      const again = await postSigned(ctx.app, "sms", body, { id });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ duplicate: true, outcome: "recorded", applicationId: null });
    }
    // Two copies at once (a sender's retry racing its first try): still one.
    const raced = `msg_${randomUUID()}`;
    const racedPhone = freshPhone();
    await Promise.all(
      [1, 2, 3].map(() =>
        postSigned(ctx.app, "sms", optOutEvent({ channel: "sms", phone: racedPhone }), { id: raced }),
      ),
    );
    expect(await ledgerRows("phone = $1", [phone])).toHaveLength(1);
    expect(await ledgerRows("phone = $1", [racedPhone])).toHaveLength(1);
  });

  it("refuses a wrong signature (401) and a sender that may not report opt-outs (400), nothing kept", async () => {
    const before = await ledgerSize();
    const phone = freshPhone();
    const wrong = await postSigned(ctx.app, "sms", optOutEvent({ channel: "sms", phone }), {
      secret: CRM_SECRET,
    });
    expect(wrong.statusCode).toBe(401);
    const booking = await postSigned(ctx.app, "booking", optOutEvent({ channel: "sms", phone }));
    expect(booking.statusCode).toBe(400);
    expect(booking.json().errors).toHaveProperty(["type"]);
    expect(await ledgerSize()).toBe(before);
  });

  it("names the field a bad opt-out gets wrong, 400, never a 5xx, nothing kept", async () => {
    const phone = freshPhone();
    const cases: [Record<string, unknown>, string][] = [
      [{}, "data.channel"],
      [{ channel: "fax", phone }, "data.channel"],
      [{ channel: "sms" }, "data.phone"],
      [{ channel: "sms", phone: 6465550100 }, "data.phone"],
      [{ channel: "sms", phone: "555-0100" }, "data.phone"],
      [{ channel: "sms", phone: "646 555\n0100" }, "data.phone"],
      [{ channel: "sms", phone: "6".repeat(5000) }, "data.phone"],
      [{ channel: "sms", phone, email: "a@b.co" }, "data.email"],
      [{ channel: "email" }, "data.email"],
      [{ channel: "email", email: "nope" }, "data.email"],
      [{ channel: "email", email: ["a@b.co"] }, "data.email"],
      [{ channel: "email", email: "a@b.co", phone }, "data.phone"],
      [{ channel: "sms", phone, receivedAt: "yesterday" }, "data.receivedAt"],
      [{ channel: "sms", phone, keyword: "S".repeat(41) }, "data.keyword"],
      [{ channel: "sms", phone, keyword: 5 }, "data.keyword"],
      [{ channel: "sms", phone, note: "x".repeat(1001) }, "data.note"],
      [{ channel: "sms", phone, note: { text: "stop" } }, "data.note"],
    ];
    const before = await ledgerSize();
    for (const [data, field] of cases) {
      const response = await postSigned(ctx.app, "sms", optOutEvent(data));
      expect(response.statusCode, JSON.stringify(data)).toBe(400);
      expect(response.json().errors, JSON.stringify(data)).toHaveProperty([field]);
    }
    const notObject = await postSigned(ctx.app, "sms", {
      type: "contact.opted_out",
      timestamp: at(0),
      data: "STOP",
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().errors).toHaveProperty(["data"]);
    expect(await ledgerSize()).toBe(before);
  });

  it("never records a received time ahead of now, nor keeps control characters in a note", async () => {
    const phone = freshPhone();
    const response = await postSigned(
      ctx.app,
      "sms",
      optOutEvent({ channel: "sms", phone, receivedAt: at(2 * MINUTE), note: " stop\u0007 please " }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ledgerRows("phone = $1", [phone]);
    expect(new Date(row.received_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.note).toBe("stop please");
  });
});
