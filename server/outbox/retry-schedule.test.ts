import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { BACKOFF_MULTIPLIERS, JITTER, nominalDelayMs, retryDelayMs, retryWindowMs } from "./retry-schedule";

const production = loadConfig({}).delivery;

describe("the outboxes' retry schedule", () => {
  it("has production defaults: 10 s timeout, a longer lease, twelve attempts", () => {
    expect(production).toMatchObject({ timeoutMs: 10_000, backoffBaseMs: 10_000, maxAttempts: 12 });
    expect(production.leaseMs).toBeGreaterThan(production.timeoutMs * 2);
  });

  it("retries for more than a day, even with the shortest jitter", () => {
    const delays = Array.from({ length: production.maxAttempts - 1 }, (_, i) =>
      nominalDelayMs(i + 1, production),
    );
    expect(delays.slice(0, 5)).toEqual([10_000, 30_000, 120_000, 600_000, 1_800_000]);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total * (1 - JITTER)).toBeGreaterThan(24 * 3_600_000);
    expect(total / 3_600_000).toBeCloseTo(31.7, 1);
    expect(retryWindowMs(production)).toBe(total);
    // Each delay is at least the one before (exponential, then flat at 8 h).
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(Math.max(...delays)).toBe(8 * 3_600_000);
    expect(BACKOFF_MULTIPLIERS.length).toBe(production.maxAttempts - 1);
  });

  it("tells the retry window of a configured schedule", () => {
    expect(retryWindowMs({ backoffBaseMs: 1000, backoffMaxMs: 60_000, maxAttempts: 4 })).toBe(
      1000 + 3000 + 12_000,
    );
    expect(retryWindowMs({ backoffBaseMs: 1000, backoffMaxMs: 2000, maxAttempts: 4 })).toBe(
      1000 + 2000 + 2000,
    );
    expect(retryWindowMs({ ...production, maxAttempts: 1 })).toBe(0);
  });

  it("jitters each delay within ±20% and caps it", () => {
    expect(retryDelayMs(1, production, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, production, () => 1)).toBe(12_000);
    const samples = new Set(Array.from({ length: 50 }, () => retryDelayMs(3, production)));
    expect(samples.size).toBeGreaterThan(10);
    expect(nominalDelayMs(9, { backoffBaseMs: 40, backoffMaxMs: 300 })).toBe(300);
    expect(nominalDelayMs(99, production)).toBe(8 * 3_600_000);
  });

  it("refuses a lease shorter than twice the timeout", () => {
    expect(() => loadConfig({ DELIVERY_TIMEOUT_MS: "10000", DELIVERY_LEASE_MS: "15000" })).toThrow(
      /DELIVERY_LEASE_MS/,
    );
  });
});
