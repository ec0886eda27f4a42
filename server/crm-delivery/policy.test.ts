import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, classify, parseRetryAfter } from "./policy";

describe("the CRM delivery policy", () => {
  it.each([
    [200, "delivered"],
    [204, "delivered"],
    [undefined, "retry"],
    [301, "retry"],
    [408, "retry"],
    [425, "retry"],
    [429, "retry"],
    [500, "retry"],
    [503, "retry"],
    [400, "dead"],
    [401, "dead"],
    [404, "dead"],
    [422, "dead"],
  ] as const)("classifies %s as %s", (status, outcome) => {
    expect(classify(status)).toBe(outcome);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:02:00 GMT", now)).toBe(120_000);
    expect(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("999999999", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
