/**
 * Property-based: thousands of bad bodies through the real app (ctx.app.inject).
 * Whatever arrives, the answer is a 4xx (never a 5xx, never a stack trace),
 * and nothing is stored. Then text the store cannot hold (NULs and other
 * control characters, lone surrogates) in every field, nested attribution and
 * the newsletter too: a 2xx or a 4xx, and nothing of it reaches the store.
 */
import fc from "fast-check";
import { SMS_CONSENT_VERSION, applicationRequestSchema, applicationSchema } from "#domain/application/schema";
import { describe, expect, it } from "vitest";
import { ENGINES, useTestApp, validApplication } from "../../test/support/server";
import { hasUnsafeText } from "../clean-text";

const FIELDS = Object.keys(applicationSchema.shape);
const RUNS = { pglite: 2400, postgres: 2400 } as const;
const SOILED_RUNS = { pglite: 500, postgres: 500 } as const;

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

// ---------------------------------------------------------------------------
// Text with characters the store cannot hold.

/** One character a paste or a bot may send: C0 controls (NUL among them), DEL, lone surrogates, or ordinary text. */
const trickyChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom("\u0000", "\u007f", "😀", "é", " ", "a"),
);

/** `base` with one to four tricky characters inserted, or only tricky characters. */
const soiled = (base: string) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.array(fc.tuple(fc.nat(), trickyChar), { minLength: 1, maxLength: 4 }).map((inserts) =>
        inserts.reduce((text, [at, char]) => {
          const i = at % (text.length + 1);
          return text.slice(0, i) + char + text.slice(i);
        }, base),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: trickyChar, maxLength: 12 }) },
  );

const TOUCH = {
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "spring",
  utm_term: "funding",
  utm_content: "hero",
  gclid: "g-123",
  fbclid: "f-123",
  msclkid: "m-123",
  landingPage: "/products/growth-capital",
  referrer: "https://search.example/",
  at: "2024-05-01T12:00:00.000Z",
};

/** A valid application with every optional text filled in: the envelope, the honeypot, nested attribution. */
const fullApplication = () =>
  validApplication({
    consentVersion: SMS_CONSENT_VERSION,
    pageUrl: "http://localhost:3000/apply",
    companyWebsite: "",
    attribution: {
      firstTouch: { ...TOUCH },
      lastTouch: { ...TOUCH },
      referrer: "https://a.example/",
      landingPage: "/",
    },
  });

/** Paths to every string in a value ("attribution.firstTouch.gclid" as ["attribution", "firstTouch", "gclid"]). */
function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === "string") return [path];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
}

const APPLICATION_TEXT = stringPaths(fullApplication());

const holderOf = (body: Record<string, unknown>, path: string[]) =>
  path.slice(0, -1).reduce((holder, key) => holder[key] as Record<string, unknown>, body);

/** A full application with one to four of its strings soiled. */
const soiledApplication = fc
  .uniqueArray(fc.constantFrom(...APPLICATION_TEXT), { minLength: 1, maxLength: 4 })
  .chain((paths) => {
    const template = fullApplication();
    const texts = paths.map((path) => soiled(String(holderOf(template, path)[path.at(-1)!])));
    return fc.tuple(...texts).map((values) => {
      const body = fullApplication();
      paths.forEach((path, i) => (holderOf(body, path)[path.at(-1)!] = values[i]));
      return body;
    });
  });

const soiledSignup = fc.record({
  email: soiled("ann@example.com"),
  website: fc.option(soiled(""), { nil: undefined }),
});

/** Every string in a stored row (JSON columns parsed) that holds a character the cleaning removes. */
function unsafeStrings(value: unknown): string[] {
  if (typeof value === "string") return hasUnsafeText(value) ? [value] : [];
  if (typeof value !== "object" || value === null || value instanceof Date) return [];
  return Object.values(value).flatMap(unsafeStrings);
}

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

  it(`answers ${SOILED_RUNS[engine]} bodies with control characters and lone surrogates with 2xx or 4xx, and stores none`, async () => {
    await ctx.db.reset();
    const statuses = new Map<number, number>();
    const post = async (url: string, body: unknown) => {
      const response = await ctx.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      expect(response.statusCode, response.body).toBeLessThan(500);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 3, arbitrary: soiledApplication.map((body) => ["/api/applications", body] as const) },
          { weight: 1, arbitrary: soiledSignup.map((body) => ["/api/newsletter", body] as const) },
        ),
        ([url, body]) => post(url, body),
      ),
      { numRuns: SOILED_RUNS[engine] },
    );
    // Some were stored, some refused (a lone surrogate in an address, an option value …).
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([201, 400]));

    const rows = async (sql: string) => (await ctx.db.store.query<Record<string, unknown>>(sql)).rows;
    const stored = [
      ...(
        await rows(
          `SELECT a.*, a.payload::text AS payload, a.attribution::text AS attribution FROM applications a`,
        )
      ).map((row) => ({
        ...row,
        payload: JSON.parse(String(row.payload)),
        attribution: JSON.parse(String(row.attribution)),
      })),
      ...(await rows("SELECT * FROM consents")),
      ...(await rows("SELECT * FROM newsletter_subscribers")),
    ];
    expect(stored.length).toBeGreaterThan(SOILED_RUNS[engine] / 10);
    expect(stored.flatMap(unsafeStrings)).toEqual([]);
  }, 120_000);
});
