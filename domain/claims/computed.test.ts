/**
 * The computed claims' definitions and pure computation: each figure's
 * meaning, its least N and its rule written once; a share counts only the
 * cases whose outcome is known; the verdict per claim; the words the desk
 * and the opted-in site print.
 */
import { describe, expect, it } from "vitest";
import {
  COMPUTED_DEFINITIONS,
  COMPUTED_FIGURE_IDS,
  SHARE_MINIMUM_N,
  computeFigure,
  computedSentence,
  verdictOf,
  type ClockSample,
} from "./computed";
import { claimRecord, type ClaimId } from "./register";

const NOW = new Date("2026-12-07T12:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

/** `met` cases met by their deadline, `missed` past it unmet, `open` not yet due. */
function clockCases(met: number, missed: number, open = 0): ClockSample[] {
  return [
    ...Array.from({ length: met }, () => ({ dueAt: hoursAgo(1), metAt: hoursAgo(2) })),
    ...Array.from({ length: missed }, () => ({ dueAt: hoursAgo(1), metAt: null })),
    ...Array.from({ length: open }, () => ({ dueAt: hoursAgo(-5), metAt: null })),
  ];
}

describe("computed claims", () => {
  it("defines every figure once, backing a claim of the register, with a meaning, a least N and a rule", () => {
    for (const id of COMPUTED_FIGURE_IDS) {
      const definition = COMPUTED_DEFINITIONS[id];
      expect(definition.id).toBe(id);
      expect(claimRecord(definition.claim as ClaimId)).toBeDefined();
      expect(Object.values(definition.meaning).every((words) => words.length > 0)).toBe(true);
      expect(definition.minimumN).toBeGreaterThan(0);
      expect(definition.rule.words.length).toBeGreaterThan(0);
    }
  });

  it("says 71% of complete applications decided within 48 hours, N = 214, which does not back the 48-hour promise", () => {
    // 152 of 214 known cases met, 20 still open (not counted).
    const result = computeFigure({ figure: "decision-within-window", samples: clockCases(152, 62, 20) }, NOW);
    expect(result).toMatchObject({ n: 214, verdict: "does-not-support", periodEnd: NOW.toISOString() });
    expect(result.periodStart).toBe(new Date(NOW.getTime() - 90 * 86_400_000).toISOString());
    expect(computedSentence(result)).toBe(
      "71% of complete applications decided within 48 hours (last 90 days, N = 214)",
    );
  });

  it("backs a promise about time while at least 95% of its cases met it", () => {
    const kept = computeFigure({ figure: "review-within-window", samples: clockCases(95, 5) }, NOW);
    expect(kept.verdict).toBe("supports");
    expect(computeFigure({ figure: "review-within-window", samples: clockCases(94, 6) }, NOW).verdict).toBe(
      "does-not-support",
    );
    // A case met after its deadline is missed.
    const late = computeFigure(
      { figure: "review-within-window", samples: [{ dueAt: hoursAgo(5), metAt: hoursAgo(1) }] },
      NOW,
    );
    expect(late).toMatchObject({ value: 0, n: 1 });
  });

  it("says too little data below the least N, with no number", () => {
    const few = computeFigure(
      { figure: "review-within-window", samples: clockCases(SHARE_MINIMUM_N - 1, 0) },
      NOW,
    );
    expect(few.verdict).toBe("too-little-data");
    expect(computedSentence(few)).toBe(`Too little data: N = ${SHARE_MINIMUM_N - 1}, at least 30 needed`);
    expect(computeFigure({ figure: "average-rating", samples: [] }, NOW)).toMatchObject({
      value: null,
      n: 0,
      verdict: "too-little-data",
    });
  });

  it("averages days from application to funded, with the median, and backs 3 weeks while at most 21 days", () => {
    const samples = [3, 10, 20, 30, 11, 12, 13, 14, 15, 16].map((days, index) => ({
      receivedAt: new Date(NOW.getTime() - days * 86_400_000).toISOString(),
      fundedAt: NOW.toISOString(),
      amount: 1000,
      company: `Company ${index}`,
    }));
    const result = computeFigure({ figure: "application-to-funded", samples }, NOW);
    expect(result).toMatchObject({ n: 10, value: 14.4, median: 13.5, verdict: "supports" });
    expect(computedSentence(result)).toBe(
      "14.4 days on average from application to funded, median 13.5 days (last 365 days, N = 10)",
    );
  });

  it("counts a business once, whatever its case and spacing, and sums only the amounts reported", () => {
    const funded = (company: string, amount: number | null) => ({
      receivedAt: hoursAgo(48),
      fundedAt: hoursAgo(1),
      amount,
      company,
    });
    const samples = [funded("Acme Co", 100), funded(" ACME  co", 50.25), funded("Birch", null)];
    expect(computeFigure({ figure: "businesses-funded", samples }, NOW)).toMatchObject({ value: 2, n: 2 });
    expect(computeFigure({ figure: "amount-funded", samples }, NOW)).toMatchObject({ value: 150.25, n: 2 });
  });

  it("averages every rating and compares it to one decimal, as the site prints it", () => {
    const ratings = [...Array(18).fill(5), 4, 4] as number[]; // 4.9 exactly
    const result = computeFigure({ figure: "average-rating", samples: ratings }, NOW);
    expect(result).toMatchObject({ n: 20, verdict: "supports" });
    expect(computedSentence(result)).toBe("4.9/5 average over all 20 ratings");
    expect(verdictOf(COMPUTED_DEFINITIONS["average-rating"], 4.84, 20)).toBe("does-not-support");
    expect(verdictOf(COMPUTED_DEFINITIONS["average-rating"], 4.86, 20)).toBe("supports");
  });
});
