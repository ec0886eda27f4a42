/**
 * The inbound webhook's settings: a secret or token that cannot work stops
 * the server at start-up naming its variable; a sender without either is
 * told so (404), and one that authenticates the way its source is not set up
 * for is told which way it is (401). None of these reach the store.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { CRM_SECRET, CRM_TOKEN, postSigned, postWithToken, stageEvent } from "../../test/support/inbound";
import { buildTestApp, stubStore, testConfig } from "../../test/support/server";

const configError = (env: Record<string, string>) => {
  try {
    testConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return undefined;
};

describe("inbound webhook settings", () => {
  it.each([
    ["CRM_WEBHOOK_SECRET", "not-a-secret"],
    ["CRM_WEBHOOK_SECRET", "whsec_"],
    ["CRM_WEBHOOK_SECRET", "whsec_c2hvcnQ="],
    ["CRM_WEBHOOK_SECRET", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS"],
    ["BOOKING_WEBHOOK_SECRET", "whsec_not base64 at all!!"],
    ["CRM_WEBHOOK_TOKEN", "short"],
    ["BOOKING_WEBHOOK_TOKEN", "a token with spaces in it"],
  ])("refuses %s=%s at start-up, naming it", (name, value) => {
    expect(configError({ [name]: value })).toEqual({ [name]: expect.stringMatching(/^must be/) });
  });

  it("takes a real secret and token (trimmed) and leaves an empty one unset", () => {
    const config = testConfig({
      CRM_WEBHOOK_SECRET: ` ${CRM_SECRET} `,
      CRM_WEBHOOK_TOKEN: CRM_TOKEN,
      BOOKING_WEBHOOK_SECRET: "",
      INBOUND_TOLERANCE: "2m",
    });
    expect(config.inbound).toEqual({
      crmSecret: CRM_SECRET,
      crmToken: CRM_TOKEN,
      bookingSecret: undefined,
      bookingToken: undefined,
      toleranceMs: 120_000,
    });
  });

  it("answers a sender with neither set 404, saying which settings the operator sets", async () => {
    const app = await buildTestApp({ store: stubStore() });
    try {
      for (const [source, settings] of [
        ["crm", /CRM_WEBHOOK_SECRET or CRM_WEBHOOK_TOKEN/],
        ["booking", /BOOKING_WEBHOOK_SECRET or BOOKING_WEBHOOK_TOKEN/],
        ["sms", /SMS_WEBHOOK_SECRET or SMS_WEBHOOK_TOKEN/],
      ] as const) {
        const response = await postSigned(app, source, stageEvent({ stage: "qualified" }));
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatch(settings);
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      const other = await postSigned(app, "crm", {}, {});
      expect(other.statusCode).toBe(404);
      const unknown = await app.inject({ method: "POST", url: "/api/inbound/fax", payload: {} });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: "Not Found" });
    } finally {
      await app.close();
    }
  });

  it("tells a sender using the way its source is not set up for which way it is (401)", async () => {
    const signedOnly = await buildTestApp({ store: stubStore(), env: { CRM_WEBHOOK_SECRET: CRM_SECRET } });
    const tokenOnly = await buildTestApp({ store: stubStore(), env: { CRM_WEBHOOK_TOKEN: CRM_TOKEN } });
    try {
      const bearer = await postWithToken(signedOnly, "crm", {
        id: "e1",
        ...stageEvent({ stage: "qualified" }),
      });
      expect(bearer.statusCode).toBe(401);
      expect(bearer.json().error).toMatch(/takes signed requests/);
      const signed = await postSigned(tokenOnly, "crm", stageEvent({ stage: "qualified" }));
      expect(signed.statusCode).toBe(401);
      expect(signed.json().error).toMatch(/takes a token/);
      const nothing = await tokenOnly.inject({
        method: "POST",
        url: "/api/inbound/crm",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      expect(nothing.json()).toEqual({ error: "Missing Authorization: Bearer <token>" });
    } finally {
      await signedOnly.close();
      await tokenOnly.close();
    }
  });
});
