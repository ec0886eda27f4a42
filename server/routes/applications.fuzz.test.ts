/**
 * Property-based: thousands of bad bodies through the real app (ctx.app.inject).
 * Whatever arrives, the answer is a 4xx (never a 5xx, never a stack trace),
 * and nothing is stored.
 */
import fc from "fast-check";
import { applicationRequestSchema, applicationSchema } from "~/features/application/schema";
import { describe, expect, it } from "vitest";
import { ENGINES, useTestApp, validApplication } from "../../test/support/server";

const FIELDS = Object.keys(applicationSchema.shape);
const RUNS = { pglite: 3000, postgres: 3000 } as const;

const isValid = (body: unknown) => applicationRequestSchema.safeParse(body).success;

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean().map((b) => !b && b),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
);
const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("", " ", "\u0000", "<script>alert(1)</script>", "' OR 1=1 --", "NaN", "Infinity", "1e309"),
  fc.nat({ max: 20_000 }).map((n) => "x".repeat(n)),
);

/** A valid application with one to three fields broken (removed, wrong type, odd or huge string). */
const mutatedApplication = fc
  .tuple(
    fc.array(
      fc.record({
        field: fc.constantFrom(...FIELDS, "submissionId", "consentVersion", "attribution", "companyWebsite"),
        how: fc.constantFrom("delete", "wrongType", "string"),
        wrong: wrongType,
        text: oddString,
      }),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([mutations]) => {
    const body: Record<string, unknown> = validApplication();
    for (const { field, how, wrong, text } of mutations) {
      if (how === "delete") delete body[field];
      else body[field] = how === "wrongType" ? wrong : text;
    }
    return body;
  })
  .filter((body) => !isValid(body));

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON"];
const ODD_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "application/json-patch+json",
  "text/json",
  "application/xml",
  "",
];

const request = fc.oneof(
  {
    weight: 3,
    arbitrary: mutatedApplication.map((body) => ({
      type: "application/json",
      payload: JSON.stringify(body),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...JSON_TYPES), fc.jsonValue())
      .filter(([, value]) => !isValid(value))
      .map(([type, value]) => ({ type, payload: JSON.stringify(value) ?? "null" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...JSON_TYPES),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.nat({ max: 40_000 }).map((n) => `{"companyName":"${"y".repeat(n)}`),
        ),
      )
      .map(([type, payload]) => ({ type, payload })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...ODD_TYPES),
        fc.oneof(fc.constant(JSON.stringify(validApplication())), fc.string()),
      )
      .map(([type, payload]) => ({ type, payload })),
  },
);

describe.each(ENGINES)("fuzzed bad input on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { RATE_LIMIT_MAX: "1000000" }, resetEach: false });

  const counts = async () =>
    (
      await ctx.db.store.query<{ a: string; c: string; o: string }>(
        `SELECT (SELECT count(*) FROM applications)::text AS a, (SELECT count(*) FROM consents)::text AS c,
                (SELECT count(*) FROM outbox)::text AS o`,
      )
    ).rows[0];

  it(`answers ${RUNS[engine]} bad bodies with 4xx only, and stores nothing`, async () => {
    await ctx.db.reset();
    const before = await counts();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ type, payload }) => {
        const response = await ctx.app.inject({
          method: "POST",
          url: "/api/applications",
          headers: type ? { "content-type": type } : {},
          payload,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
      }),
      { numRuns: RUNS[engine] },
    );
    expect(await counts()).toEqual(before);
    expect(before).toEqual({ a: "0", c: "0", o: "0" });
    // The run met every kind of refusal.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([400, 413, 415]));
  }, 120_000);
});
