import { describe, expect, it } from "vitest";
import { claimPlain } from "#domain/claims/text";
import { allFaqItems, faqGroups } from "./faq";
import { products } from "./products";
import { siteFacts } from "#domain/site-facts";
import { formatUsdCompact } from "#domain/lib/format";

const answers = allFaqItems.map((item) => claimPlain(item.answer)).join("\n");

describe("FAQ content", () => {
  it("has four groups of four, in the published order", () => {
    expect(faqGroups.map((group) => group.title)).toEqual([
      "Getting Started",
      "Application Process",
      "Terms & Repayment",
      "Security & Trust",
    ]);
    for (const group of faqGroups) expect(group.items).toHaveLength(4);
    expect(allFaqItems).toHaveLength(16);
  });

  it("has unique questions, unique group ids and non-empty answers", () => {
    expect(new Set(allFaqItems.map((item) => item.question)).size).toBe(16);
    expect(new Set(faqGroups.map((group) => group.id)).size).toBe(4);
    for (const item of allFaqItems) {
      expect(item.question.endsWith("?")).toBe(true);
      expect(item.answer.length).toBeGreaterThan(80);
    }
  });

  it("states the published FAQ figures", () => {
    expect(answers).toContain("$500K-$10M");
    expect(answers).toContain("2-4 weeks");
    expect(answers).toContain("within 24 hours");
    expect(answers).toContain("within 48 hours");
    expect(answers).toContain("within 30 days");
  });

  it("stays coherent with the product catalogue's ranges", () => {
    const strategic = products.find((product) => product.slug === "strategic-financing")!;
    const realEstate = products.find((product) => product.slug === "real-estate-financing")!;
    expect(answers).toContain(`${strategic.title} starts at ${formatUsdCompact(strategic.range.min)}`);
    expect(answers).toContain(formatUsdCompact(realEstate.range.max));
    expect(formatUsdCompact(strategic.range.min)).toBe("$25K");
  });

  it("points privacy requests to the privacy address", () => {
    expect(answers).toContain(siteFacts.privacyEmail);
  });

  it("contains no placeholder text", () => {
    expect(answers).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b/i);
    expect(answers).not.toMatch(/\bundefined\b|\bNaN\b|\[object/);
  });
});
