import { describe, expect, it } from "vitest";
import { formatUsd, formatUsdAsEntered, formatUsdCompact, formatUsdRange, hyphenToTitleCase } from "./format";

describe("formatUsd", () => {
  it("formats whole US dollars with separators and no decimals", () => {
    expect(formatUsd(250000)).toBe("$250,000");
    expect(formatUsd(1_500_000)).toBe("$1,500,000");
    expect(formatUsd(0)).toBe("$0");
    expect(formatUsd(999)).toBe("$999");
  });

  it("rounds fractions away", () => {
    expect(formatUsd(1234.4)).toBe("$1,234");
    expect(formatUsd(1234.5)).toBe("$1,235");
  });
});

describe("formatUsdAsEntered", () => {
  it("keeps cents when there are any, and whole dollars without", () => {
    expect(formatUsdAsEntered(350000.5)).toBe("$350,000.50");
    expect(formatUsdAsEntered(148500.75)).toBe("$148,500.75");
    expect(formatUsdAsEntered(0.01)).toBe("$0.01");
    expect(formatUsdAsEntered(250000)).toBe("$250,000");
    expect(formatUsdAsEntered(250000.0)).toBe("$250,000");
  });
});

describe("formatUsdRange", () => {
  it("uses the site's compact range notation", () => {
    expect(formatUsdRange({ min: 500_000, max: 5_000_000 })).toBe("$500K-$5M");
    expect(formatUsdRange({ min: 100_000, max: 2_000_000 })).toBe("$100K-$2M");
    expect(formatUsdRange({ min: 50_000, max: 1_000_000 })).toBe("$50K-$1M");
    expect(formatUsdRange({ min: 25_000, max: 500_000 })).toBe("$25K-$500K");
    expect(formatUsdRange({ min: 1_000_000, max: 50_000_000 })).toBe("$1M-$50M");
  });

  it("keeps one decimal where needed", () => {
    expect(formatUsdCompact(2_500_000)).toBe("$2.5M");
    expect(formatUsdCompact(750)).toBe("$750");
  });
});

describe("hyphenToTitleCase", () => {
  it("turns hyphenated values into Title Case words", () => {
    expect(hyphenToTitleCase("real-estate")).toBe("Real Estate");
    expect(hyphenToTitleCase("working-capital")).toBe("Working Capital");
    expect(hyphenToTitleCase("debt-consolidation")).toBe("Debt Consolidation");
    expect(hyphenToTitleCase("technology")).toBe("Technology");
    expect(hyphenToTitleCase("6-months+")).toBe("6 Months+");
    expect(hyphenToTitleCase("")).toBe("");
  });
});
