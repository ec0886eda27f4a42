/**
 * Who may post to the inbound webhook, through real HTTP on both engines:
 * Standard Webhooks signatures (the `standardwebhooks` library signs), wrong
 * secrets, tampered bodies, missing headers, stale and future times,
 * repeated event ids; and senders with a fixed token, right or wrong, with
 * the event's id and time taken from the body. A refusal changes nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  at,
  BOOKING_SECRET,
  CRM_SECRET,
  CRM_TOKEN,
  INBOUND_ENV,
  MINUTE,
  postSigned,
  postWithToken,
  signedHeaders,
  stageEvent,
  traces,
  useInboundApp,
  workOf,
} from "../../test/support/inbound";
import { ENGINES } from "../../test/support/server";

const SIGNED_HEADERS_LEFT_OUT = {
  "webhook-id": undefined,
  "webhook-timestamp": undefined,
  "webhook-signature": undefined,
};

describe.each(ENGINES)("who may post to the inbound webhook on %s", (engine) => {
  const { ctx, store, application, timeline } = useInboundApp(engine);

  describe("signed requests (Standard Webhooks)", () => {
    it("applies a stage report: the work status moves, the clock stops at its time, the timeline and the audit log show it", async () => {
      const { id } = await application();
      const reportedAt = at(-2 * MINUTE);
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, reportedAt),
        { id: "msg_first" },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ duplicate: false, outcome: "applied", applicationId: id });
      expect(await workOf(store(), id)).toEqual({
        workStatus: "contacted",
        closeReason: null,
        fundedAmount: null,
        firstTouchedAt: reportedAt,
        stageReportedAt: reportedAt,
      });
      expect(await timeline(id)).toEqual([
        expect.objectContaining({
          at: reportedAt,
          activity: "stage",
          by: null,
          stage: "contacted",
          workStatus: "contacted",
          amount: null,
        }),
      ]);
      const { rows } = await store().query<{ actor_id: string | null; details: Record<string, unknown> }>(
        "SELECT actor_id, details FROM desk_audit_log WHERE target = $1 AND action = 'application.stage-reported'",
        [id],
      );
      expect(rows).toEqual([
        {
          actor_id: null,
          details: { source: "crm", eventId: "msg_first", stage: "contacted", applied: true },
        },
      ]);
    });

    it("finds the application by its reference, typed in any case with spaces", async () => {
      const { id, reference } = await application();
      const typed = `${reference.slice(0, 6).toLowerCase()} ${reference.slice(6)}`;
      const response = await postSigned(ctx.app, "crm", stageEvent({ reference: typed, stage: "qualified" }));
      expect(response.json()).toMatchObject({ outcome: "applied", applicationId: id });
      expect((await workOf(store(), id)).workStatus).toBe("qualified");
    });

    it("accepts a header listing several signatures when one is right (a secret being rotated)", async () => {
      const { id } = await application();
      const body = stageEvent({ applicationId: id, stage: "contacted" });
      // One time for both signatures: two clocks read apart may fall in different seconds.
      const sentAt = new Date();
      const valid = signedHeaders(CRM_SECRET, "msg_rotating", sentAt, JSON.stringify(body));
      const response = await postSigned(ctx.app, "crm", body, {
        id: "msg_rotating",
        sentAt,
        headers: {
          "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")} v2,abc ${valid["webhook-signature"]}`,
        },
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ["a wrong secret", { secret: BOOKING_SECRET }],
      ["no webhook-signature", { headers: { "webhook-signature": undefined } }],
      ["no webhook-id", { headers: { "webhook-id": undefined } }],
      ["no webhook-timestamp", { headers: { "webhook-timestamp": undefined } }],
      ["no headers at all", { headers: SIGNED_HEADERS_LEFT_OUT }],
      ["a signature of another id", { headers: { "webhook-id": "msg_other" } }],
      ["a timestamp that is not Unix seconds", { headers: { "webhook-timestamp": "2026-11-25T10:00:00Z" } }],
      ["a signature of another version only", { headers: { "webhook-signature": "v2,c2lnbmF0dXJl" } }],
      ["an empty signature", { headers: { "webhook-signature": "v1," } }],
    ])("refuses %s: 401 and nothing changes", async (_, options) => {
      const { id } = await application();
      const before = await traces(store());
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "qualified" }),
        options,
      );
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String) });
      expect(await workOf(store(), id)).toMatchObject({ workStatus: "new", firstTouchedAt: null });
      expect(await traces(store())).toEqual(before);
    });

    it("refuses a body changed after signing: 401, nothing changes", async () => {
      const { id } = await application();
      const before = await traces(store());
      const signedFor = JSON.stringify(stageEvent({ applicationId: id, stage: "qualified" }));
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/inbound/crm",
        headers: {
          "content-type": "application/json",
          ...signedHeaders(CRM_SECRET, "msg_t", new Date(), signedFor),
        },
        payload: signedFor.replace('"qualified"', '"funded"'),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "The signature does not match" });
      expect(await traces(store())).toEqual(before);
      expect((await workOf(store(), id)).workStatus).toBe("new");
    });

    it.each([
      ["older", -(5 * MINUTE + 30_000), /old/],
      ["newer", 5 * MINUTE + 30_000, /ahead/],
    ])(
      "refuses a signature %s than the tolerance (5 minutes): 400, nothing stored",
      async (_, offset, words) => {
        const { id } = await application();
        const before = await traces(store());
        const response = await postSigned(
          ctx.app,
          "crm",
          stageEvent({ applicationId: id, stage: "qualified" }),
          {
            sentAt: new Date(Date.now() + offset),
          },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(words);
        expect(await traces(store())).toEqual(before);
        expect((await workOf(store(), id)).workStatus).toBe("new");
      },
    );

    it("takes a report made earlier (its own time) when the signature is fresh, but not one dated ahead of the clock", async () => {
      const { id } = await application();
      const late = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, at(-3_600_000)),
      );
      expect(late.json()).toMatchObject({ outcome: "applied" });
      const ahead = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "qualified" }, at(10 * MINUTE)),
      );
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json().errors).toEqual({ timestamp: expect.stringMatching(/ahead/) });
      expect((await workOf(store(), id)).workStatus).toBe("contacted");
    });

    it("answers a repeated event id 200 duplicate and changes nothing, whatever the repeat carries", async () => {
      const { id } = await application();
      const first = await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "contacted" }), {
        id: "msg_once",
      });
      expect(first.json()).toMatchObject({ duplicate: false, outcome: "applied" });
      const before = await traces(store());
      // The sender retries (signed again, a new timestamp), or someone replays it with another stage.
      for (const stage of ["contacted", "funded"]) {
        const again = await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage }), {
          id: "msg_once",
        });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual({ duplicate: true, outcome: "applied", applicationId: id });
      }
      expect(await traces(store())).toEqual(before);
      expect((await workOf(store(), id)).workStatus).toBe("contacted");
      // The same id from the other source is another event.
      const booking = await application();
      const other = await postSigned(
        ctx.app,
        "booking",
        {
          type: "call.booked",
          timestamp: at(0),
          data: { bookingToken: booking.bookingToken, scheduledAt: at(86_400_000) },
        },
        { id: "msg_once" },
      );
      expect(other.json()).toMatchObject({ duplicate: false, outcome: "booked" });
    });
  });

  describe("token senders (Authorization: Bearer)", () => {
    const tokenEvent = (data: Record<string, unknown>, id = `evt_${randomUUID()}`, timestamp = at(0)) => ({
      id,
      ...stageEvent(data, timestamp),
    });

    it("applies an event with the right token", async () => {
      const { id } = await application();
      const response = await postWithToken(
        ctx.app,
        "crm",
        tokenEvent({ applicationId: id, stage: "qualified" }, "evt_1"),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ duplicate: false, outcome: "applied", applicationId: id });
      expect((await workOf(store(), id)).workStatus).toBe("qualified");
    });

    it.each([
      ["a wrong token of the same length", CRM_TOKEN.replace(/.$/, (c) => (c === "a" ? "b" : "a"))],
      ["a shorter token", CRM_TOKEN.slice(0, -1)],
      ["a longer token", `${CRM_TOKEN}0`],
      ["another source's token", INBOUND_ENV.BOOKING_WEBHOOK_TOKEN],
    ])("refuses %s: 401, nothing changed", async (_, token) => {
      const { id } = await application();
      const before = await traces(store());
      const response = await postWithToken(
        ctx.app,
        "crm",
        tokenEvent({ applicationId: id, stage: "qualified" }),
        token,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "The token is not valid" });
      expect(await traces(store())).toEqual(before);
    });

    it.each([
      ["no Authorization", {}],
      ["another scheme", { authorization: `Basic ${CRM_TOKEN}` }],
      ["an empty bearer", { authorization: "Bearer " }],
    ])("refuses %s: 401", async (_, headers) => {
      const { id } = await application();
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/inbound/crm",
        headers: { "content-type": "application/json", ...headers },
        payload: JSON.stringify(tokenEvent({ applicationId: id, stage: "qualified" })),
      });
      expect(response.statusCode).toBe(401);
    });

    it("takes the event's id from the body: a repeat is a duplicate, a body without one a 400", async () => {
      const { id } = await application();
      await postWithToken(ctx.app, "crm", tokenEvent({ applicationId: id, stage: "contacted" }, "evt_same"));
      const before = await traces(store());
      const again = await postWithToken(
        ctx.app,
        "crm",
        tokenEvent({ applicationId: id, stage: "funded" }, "evt_same"),
      );
      expect(again.json()).toEqual({ duplicate: true, outcome: "applied", applicationId: id });
      expect(await traces(store())).toEqual(before);
      const { id: _omit, ...withoutId } = tokenEvent({ applicationId: id, stage: "qualified" });
      const missing = await postWithToken(ctx.app, "crm", withoutId);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ id: expect.any(String) });
      expect((await workOf(store(), id)).workStatus).toBe("contacted");
    });

    it("refuses an event whose own time is outside the tolerance, either way: 400, nothing stored", async () => {
      const { id } = await application();
      const before = await traces(store());
      for (const offset of [-6 * MINUTE, 6 * MINUTE]) {
        const response = await postWithToken(
          ctx.app,
          "crm",
          tokenEvent({ applicationId: id, stage: "qualified" }, undefined, at(offset)),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().errors).toEqual({ timestamp: expect.any(String) });
      }
      expect(await traces(store())).toEqual(before);
    });

    it("keeps the order rules: an older report after a newer one moves nothing", async () => {
      const { id } = await application();
      await postWithToken(
        ctx.app,
        "crm",
        tokenEvent({ applicationId: id, stage: "qualified" }, "evt_b", at(-MINUTE)),
      );
      const late = await postWithToken(
        ctx.app,
        "crm",
        tokenEvent({ applicationId: id, stage: "contacted" }, "evt_a", at(-2 * MINUTE)),
      );
      expect(late.json().outcome).toBe("not_applied");
      expect((await workOf(store(), id)).workStatus).toBe("qualified");
    });
  });
});
