/**
 * The inbound webhook through real HTTP (app.inject), on both engines, as the
 * CRM, the booking service and an attacker see it: signatures (the
 * `standardwebhooks` library signs), tokens, replays, stale and future
 * times, reports out of order, funded and lost, closed applications, unknown
 * applications, and the timeline staff then read in the desk.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import { deskClient, placeAt, submit } from "../../test/support/desk-applications";
import {
  BOOKING_SECRET,
  CRM_SECRET,
  CRM_TOKEN,
  INBOUND_ENV,
  postSigned,
  postWithToken,
  signedHeaders,
  stageEvent,
  traces,
  workOf,
} from "../../test/support/inbound";
import { ENGINES, useTestApp } from "../../test/support/server";

const MINUTE = 60_000;
const SIGNED_HEADERS_LEFT_OUT = {
  "webhook-id": undefined,
  "webhook-timestamp": undefined,
  "webhook-signature": undefined,
};
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(ENGINES)("the inbound webhook on %s", (engine) => {
  const ctx = useTestApp(engine, { env: INBOUND_ENV, resetEach: false });
  const store = () => ctx.db.store;
  let staff: { cookie: string };
  const desk = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );

  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());

  /** An application a visitor submitted an hour ago: its id and reference. */
  async function application() {
    const id = await submit(ctx.app);
    await placeAt(store(), id, at(-60 * MINUTE));
    const { rows } = await store().query<{ reference: string }>(
      "SELECT reference FROM applications WHERE id = $1",
      [id],
    );
    return { id, reference: rows[0].reference };
  }

  const timeline = async (id: string) => {
    const response = await desk.get(`/api/desk/applications/${id}`);
    expect(response.statusCode).toBe(200);
    return (response.json().timeline as { kind: string; activity?: string }[]).filter(
      (entry) => entry.kind === "activity",
    );
  };

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
      const valid = signedHeaders(CRM_SECRET, "msg_rotating", new Date(), JSON.stringify(body));
      const response = await postSigned(ctx.app, "crm", body, {
        id: "msg_rotating",
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
          data: { reference: booking.reference, scheduledAt: at(86_400_000) },
        },
        { id: "msg_once" },
      );
      expect(other.json()).toMatchObject({ duplicate: false, outcome: "booked" });
    });
  });

  describe("order", () => {
    it("never moves an application backwards: qualified at t2, then contacted at t1, stays qualified", async () => {
      const { id } = await application();
      const t1 = at(-4 * MINUTE);
      const t2 = at(-2 * MINUTE);
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "qualified" }, t2));
      const late = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, t1),
      );
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ duplicate: false, outcome: "not_applied" });
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "qualified",
        stageReportedAt: t2,
        firstTouchedAt: t1,
      });
      // The clock stopped at the earlier report. Both on the timeline, in their
      // own order; the late one moved nothing.
      expect(await timeline(id)).toEqual([
        expect.objectContaining({ at: t1, stage: "contacted", workStatus: null }),
        expect.objectContaining({ at: t2, stage: "qualified", workStatus: "qualified" }),
      ]);
    });

    it("applies neither a lower stage reported later nor a higher one older than the newest applied", async () => {
      const { id } = await application();
      await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "qualified" }, at(-2 * MINUTE)),
      );
      const lower = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, at(-MINUTE)),
      );
      const older = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "funded", amount: 1000 }, at(-3 * MINUTE)),
      );
      expect([lower.json().outcome, older.json().outcome]).toEqual(["not_applied", "not_applied"]);
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "qualified",
        closeReason: null,
        fundedAmount: null,
      });
    });

    it("does not move an application staff already took further (handed to underwriting)", async () => {
      const { id } = await application();
      await store().query("UPDATE applications SET work_status = 'underwriting' WHERE id = $1", [id]);
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "qualified" }),
      );
      expect(response.json().outcome).toBe("not_applied");
      expect((await workOf(store(), id)).workStatus).toBe("underwriting");
    });

    it("closes as funded with the amount, in cents", async () => {
      const { id } = await application();
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "funded", amount: 250_000.504 }),
      );
      expect(response.json().outcome).toBe("applied");
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "closed",
        closeReason: "funded",
        fundedAmount: 250_000.5,
      });
      const detail = (await desk.get(`/api/desk/applications/${id}`)).json();
      expect(detail).toMatchObject({
        workStatus: "closed",
        closeReason: "funded",
        fundedAmount: "250000.5",
      });
    });

    it("closes as lost with the reason given, else not qualified", async () => {
      const withReason = await application();
      const without = await application();
      await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: withReason.id, stage: "lost", reason: "chose_another_provider" }),
      );
      await postSigned(
        ctx.app,
        "crm",
        stageEvent({ reference: without.reference, stage: "lost", reason: null }),
      );
      expect(await workOf(store(), withReason.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "chose_another_provider",
      });
      expect(await workOf(store(), without.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "not_qualified",
      });
    });

    it("never reopens a closed application, whoever closed it", async () => {
      const byCrm = await application();
      const byStaff = await application();
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: byCrm.id, stage: "lost" }, at(-MINUTE)));
      await store().query(
        "UPDATE applications SET work_status = 'closed', close_reason = 'no_response' WHERE id = $1",
        [byStaff.id],
      );
      for (const { id } of [byCrm, byStaff]) {
        for (const [stage, extra] of [
          ["qualified", {}],
          ["funded", { amount: 5000 }],
        ] as const) {
          const response = await postSigned(
            ctx.app,
            "crm",
            stageEvent({ applicationId: id, stage, ...extra }),
          );
          expect(response.json().outcome).toBe("not_applied");
        }
      }
      expect(await workOf(store(), byCrm.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "not_qualified",
      });
      expect(await workOf(store(), byStaff.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "no_response",
        fundedAmount: null,
      });
    });

    it("stops the clock at the first touch only: a later report leaves first_touched_at alone", async () => {
      const { id } = await application();
      const first = at(-3 * MINUTE);
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "contacted" }, first));
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "qualified" }, at(-MINUTE)));
      expect((await workOf(store(), id)).firstTouchedAt).toBe(first);
    });

    it("puts a report dated before the application arrived at its arrival, on the clock and the timeline", async () => {
      const { id } = await application();
      const { rows } = await store().query<{ created_at: Date | string }>(
        "SELECT created_at FROM applications WHERE id = $1",
        [id],
      );
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, at(-MINUTE * 90)),
      );
      expect(response.json().outcome).toBe("applied");
      expect((await workOf(store(), id)).firstTouchedAt).toBe(new Date(rows[0].created_at).toISOString());
    });
  });

  describe("unknown applications and bad bodies", () => {
    it.each([
      ["an id", () => ({ applicationId: randomUUID() }), "data.applicationId"],
      ["a reference", () => ({ reference: "HL-00000000" }), "data.reference"],
    ])("answers an unknown application (%s) 404, nothing changed", async (_, match, field) => {
      await application();
      const before = await traces(store());
      const response = await postSigned(ctx.app, "crm", stageEvent({ ...match(), stage: "qualified" }));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: `${field} matches no application`,
        errors: { [field]: "matches no application" },
      });
      expect(await traces(store())).toEqual(before);
    });

    it("answers 404 when an id and a reference name two different applications", async () => {
      const one = await application();
      const two = await application();
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: one.id, reference: two.reference, stage: "qualified" }),
      );
      expect(response.statusCode).toBe(404);
      expect((await workOf(store(), one.id)).workStatus).toBe("new");
    });

    it("names the field a bad body gets wrong, 400, nothing stored", async () => {
      const { id } = await application();
      const cases: [unknown, string][] = [
        [{ ...stageEvent({ applicationId: id, stage: "won" }) }, "data.stage"],
        [{ ...stageEvent({ stage: "qualified" }) }, "data.applicationId"],
        [{ ...stageEvent({ applicationId: "not-a-uuid", stage: "qualified" }) }, "data.applicationId"],
        [{ ...stageEvent({ reference: "HL-XYZ", stage: "qualified" }) }, "data.reference"],
        [{ ...stageEvent({ applicationId: id, stage: "qualified", amount: 10 }) }, "data.amount"],
        [{ ...stageEvent({ applicationId: id, stage: "funded", amount: "10" }) }, "data.amount"],
        [{ ...stageEvent({ applicationId: id, stage: "funded", amount: -5 }) }, "data.amount"],
        [{ ...stageEvent({ applicationId: id, stage: "funded", amount: 1e300 }) }, "data.amount"],
        [{ ...stageEvent({ applicationId: id, stage: "lost", reason: "funded" }) }, "data.reason"],
        [{ ...stageEvent({ applicationId: id, stage: "contacted", reason: "duplicate" }) }, "data.reason"],
        [{ type: "application.stage", timestamp: at(0), data: [] }, "data"],
        [{ type: "application.stage", timestamp: at(0) }, "data"],
        [
          {
            type: "application.stage",
            timestamp: "yesterday",
            data: { applicationId: id, stage: "contacted" },
          },
          "timestamp",
        ],
        [{ type: "application.stage", timestamp: "2026-02-30T10:00:00Z", data: {} }, "timestamp"],
        [{ type: "application.stage", timestamp: "0000-01-01T00:00:00Z", data: {} }, "timestamp"],
        [{ type: "application.stage", data: { applicationId: id, stage: "contacted" } }, "timestamp"],
        [{ type: "call.booked", timestamp: at(0), data: {} }, "type"],
        [{ type: 7, timestamp: at(0), data: {} }, "type"],
        [{ timestamp: at(0), data: {} }, "type"],
      ];
      const before = await traces(store());
      for (const [body, field] of cases) {
        const response = await postSigned(ctx.app, "crm", body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().errors, JSON.stringify(body)).toHaveProperty([field]);
        expect(response.json().error).toMatch(new RegExp(`^${field.replace(".", "\\.")} `));
      }
      expect(await traces(store())).toEqual(before);
      expect((await workOf(store(), id)).workStatus).toBe("new");
    });

    it("answers bodies of every odd shape with a 4xx, never a 5xx, and stores nothing", async () => {
      const { id, reference } = await application();
      const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
      const raws = [
        "",
        " ",
        "null",
        "true",
        "0",
        '"text"',
        "[]",
        "[1,2,3]",
        "{",
        '{"type":',
        nested(5000),
        `{"type":"application.stage","timestamp":"${at(0)}","data":${nested(3000)}}`,
        "{}",
        '{"type":null,"timestamp":null,"data":null}',
        `{"type":"application.stage","timestamp":"${at(0)}","data":null}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":"qualified"}`,
        `{"type":"application.stage","timestamp":${Date.now()},"data":{"applicationId":"${id}","stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":"${id}","stage":["qualified"]}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":["${id}"],"stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":{"id":"${id}"},"stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"reference":"${reference}\\u0000","stage":"qualified","amount":1e999}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"reference":"\\ud800","stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":"${id}","stage":"funded","amount":123456789012345678901234567890}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":"${id}","stage":"funded","amount":-0}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":"${id}","stage":"funded","amount":true}}`,
        `{"type":"application.stage","timestamp":"9999-12-31T23:59:59Z","data":{"applicationId":"${id}","stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"applicationId":"${"f".repeat(10_000)}","stage":"qualified"}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"reference":"${"HL-".repeat(5000)}","stage":"qualified"}}`,
        `{"type":"${"x".repeat(20_000)}","timestamp":"${at(0)}","data":{}}`,
        `{"__proto__":{"type":"application.stage"},"timestamp":"${at(0)}","data":{}}`,
        `{"type":"application.stage","timestamp":"${at(0)}","data":{"__proto__":{"stage":"funded"},"applicationId":"${id}"}}`,
        "\u0000\u0001\u0002",
        "\uFEFF{}",
        Buffer.from([0xff, 0xfe, 0xfd]).toString("latin1"),
      ];
      const before = await traces(store());
      for (const raw of raws) {
        const response = await postSigned(ctx.app, "crm", undefined, { raw });
        expect(response.statusCode, raw.slice(0, 120)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, raw.slice(0, 120)).toBeLessThan(500);
        expect(response.json().error, raw.slice(0, 120)).toEqual(expect.any(String));
        expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
      }
      expect(await traces(store())).toEqual(before);
      expect((await workOf(store(), id)).workStatus).toBe("new");
    });

    it("answers random breakages of a valid event (wrong types, odd text, huge numbers) below 500, storing nothing when it refuses", async () => {
      const { id, reference } = await application();
      const odd = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.string({ maxLength: 40 }),
        fc.constantFrom("", "\u0000", "HL-\u0000", "' OR 1=1 --", "1e309", "NaN", "2026-02-30T00:00:00Z"),
        fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER, 0, -0, 0.001, 2 ** 64),
        fc.nat({ max: 30_000 }).map((n) => "x".repeat(n)),
      );
      const paths = [
        "type",
        "timestamp",
        "data",
        "data.applicationId",
        "data.reference",
        "data.stage",
        "data.amount",
        "data.reason",
        "extra",
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...paths), odd), { minLength: 1, maxLength: 3 }),
          async (breaks) => {
            const body: Record<string, unknown> = stageEvent({
              applicationId: id,
              reference,
              stage: "funded",
              amount: 10,
            });
            for (const [path, value] of breaks) {
              const [head, key] = path.split(".");
              if (
                key &&
                typeof body[head] === "object" &&
                body[head] !== null &&
                !Array.isArray(body[head])
              ) {
                (body[head] as Record<string, unknown>)[key] = value;
              } else if (!key) body[head] = value;
            }
            const before = await traces(store());
            const response = await postSigned(ctx.app, "crm", body);
            expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(response.json().error).toEqual(expect.any(String));
              expect(await traces(store())).toEqual(before);
            }
          },
        ),
        { numRuns: 150 },
      );
    }, 120_000);

    it("drops control characters from a signed body's text once it is verified, as everywhere else", async () => {
      const { id } = await application();
      const raw = `{"type":"application.stage\\u0000","timestamp":"${at(0)}\\u0007","data":{"applicationId":"${id}","stage":"qual\\u0000ified"}}`;
      const response = await postSigned(ctx.app, "crm", undefined, { raw });
      expect(response.statusCode).toBe(200);
      expect((await workOf(store(), id)).workStatus).toBe("qualified");
    });

    it("answers a body over 64 KiB 413 and a form post 415; takes a large one under the limit", async () => {
      const { id } = await application();
      const padded = (size: number) => ({
        ...stageEvent({ applicationId: id, stage: "contacted" }),
        notes: "x".repeat(size),
      });
      const tooLarge = await postSigned(ctx.app, "crm", padded(64 * 1024));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({ error: "Request body is too large" });
      const form = await ctx.app.inject({
        method: "POST",
        url: "/api/inbound/crm",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "type=application.stage",
      });
      expect(form.statusCode).toBe(415);
      expect((await workOf(store(), id)).workStatus).toBe("new");
      const large = await postSigned(ctx.app, "crm", padded(60 * 1024));
      expect(large.statusCode).toBe(200);
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

  describe("booked calls", () => {
    it("puts a booked call on the application's timeline, by reference, without stopping the clock", async () => {
      const { id, reference } = await application();
      const scheduledAt = "2030-01-15T15:30:00-05:00";
      const response = await postSigned(ctx.app, "booking", {
        type: "call.booked",
        timestamp: at(-MINUTE),
        data: { reference, scheduledAt, name: "Avery Applicant", email: "avery@example.test" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ duplicate: false, outcome: "booked", applicationId: id });
      expect(await timeline(id)).toEqual([
        expect.objectContaining({ activity: "booking", by: null, scheduledAt: "2030-01-15T20:30:00.000Z" }),
      ]);
      expect(await workOf(store(), id)).toMatchObject({ workStatus: "new", firstTouchedAt: null });
      const audit = await store().query<{ details: Record<string, unknown> }>(
        "SELECT details FROM desk_audit_log WHERE target = $1 AND action = 'application.call-booked'",
        [id],
      );
      expect(audit.rows).toEqual([
        { details: expect.objectContaining({ source: "booking", scheduledAt: "2030-01-15T20:30:00.000Z" }) },
      ]);
    });

    it("takes a booking service's token too, and refuses a stage report sent to the booking URL", async () => {
      const { id, reference } = await application();
      const booked = await postWithToken(ctx.app, "booking", {
        id: "booking-42",
        type: "call.booked",
        timestamp: at(0),
        data: { reference, scheduledAt: at(86_400_000) },
      });
      expect(booked.json()).toMatchObject({ outcome: "booked" });
      const stage = await postSigned(ctx.app, "booking", stageEvent({ applicationId: id, stage: "funded" }));
      expect(stage.statusCode).toBe(400);
      expect(stage.json().errors).toEqual({ type: "must be one of call.booked" });
      const byId = await postSigned(ctx.app, "booking", {
        type: "call.booked",
        timestamp: at(0),
        data: { applicationId: id, scheduledAt: at(86_400_000) },
      });
      expect(byId.statusCode).toBe(400);
      expect(byId.json().errors).toHaveProperty(["data.reference"]);
    });

    it("answers an unknown reference 404", async () => {
      const response = await postSigned(ctx.app, "booking", {
        type: "call.booked",
        timestamp: at(0),
        data: { reference: "HL-ZZZZZZZZ", scheduledAt: at(86_400_000) },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
