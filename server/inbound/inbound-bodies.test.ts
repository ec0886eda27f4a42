/**
 * What the inbound webhook refuses in a body, through real HTTP on both
 * engines: unknown applications (404), every field wrong in turn (400 naming
 * it), odd shapes and random breakages (never a 5xx), sizes and content
 * types. Nothing refused leaves a trace.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { at, postSigned, stageEvent, traces, useInboundApp, workOf } from "../../test/support/inbound";
import { ENGINES } from "../../test/support/server";

describe.each(ENGINES)("bad inbound bodies on %s", (engine) => {
  const { ctx, store, application } = useInboundApp(engine);

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
});
