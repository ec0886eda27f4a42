import { describe, expect, it } from "vitest";
import { claimIdsIn, claimPlain } from "#domain/claims/text";
import { formatUsdRange } from "#domain/lib/format";
import { contentIconNames } from "./icons";
import { findProductByPath, productPath, products, productSlugs, type ProductSlug } from "./products";

/** Everything the product page shows for eligibility, as one searchable string. */
function eligibilityText(slug: ProductSlug): string {
  const product = products.find((entry) => entry.slug === slug);
  if (!product) throw new Error(`missing product ${slug}`);
  return [...product.requirements.flatMap((group) => group.items), ...product.disqualifiers].join("\n");
}

describe("product catalogue", () => {
  it("lists the six products in the published order with their published ranges", () => {
    expect(products.map((product) => [product.title, formatUsdRange(product.range)])).toEqual([
      ["Growth Capital", "$500K-$5M"],
      ["Revenue-Based Financing", "$100K-$2M"],
      ["Bridge Funding", "$50K-$1M"],
      ["0% Strategic Financing", "$25K-$500K"],
      ["Real Estate Financing", "$1M-$50M"],
      ["SBA Loans", "$50K-$5M"],
    ]);
    expect(products.map((product) => product.slug)).toEqual([...productSlugs]);
  });

  it("has unique slugs, titles and SEO titles", () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(products.map((product) => product.slug))).toBe(true);
    expect(unique(products.map((product) => product.title))).toBe(true);
    expect(unique(products.map((product) => product.seo.title))).toBe(true);
  });

  it.each(products)("$title has complete page content", (product) => {
    expect(product.chips).toHaveLength(3);
    expect(product.features).toHaveLength(4);
    expect(product.benefits).toHaveLength(6);
    expect(product.steps).toHaveLength(4);
    product.steps.forEach((step, index) => {
      expect(claimPlain(step.duration)).toMatch(/^\d+(-\d+)? (day|days|week|weeks)$/);
      expect(claimIdsIn(step.duration)).toEqual([`step-${product.slug}-${index + 1}`]);
    });
    expect(product.requirements.length).toBeGreaterThan(0);
    for (const group of product.requirements) {
      expect(group.category).not.toBe("");
      expect(group.items.length).toBeGreaterThan(0);
    }
    expect(product.disqualifiers.length).toBeGreaterThan(0);
    for (const benefit of product.benefits) {
      expect(contentIconNames).toContain(benefit.icon);
    }
    expect(product.range.min).toBeLessThan(product.range.max);
    expect(product.typicalSpeed).not.toBe("");
    expect(product.bestFor).not.toBe("");
  });

  it.each(products)("$title has SEO metadata with the brand and range", (product) => {
    expect(product.seo.title).toContain(product.title);
    expect(claimPlain(product.seo.title)).toContain(formatUsdRange(product.range));
    expect(product.seo.title).toContain("Harborline Capital");
    expect(claimPlain(product.seo.description).length).toBeGreaterThanOrEqual(120);
    expect(claimPlain(product.seo.description).length).toBeLessThanOrEqual(160);
  });

  it("writes each SEO description around its product's range", () => {
    expect(
      Object.fromEntries(products.map((product) => [product.slug, claimPlain(product.seo.description)])),
    ).toEqual({
      "growth-capital":
        "Growth capital from $500K to $5M for recurring-revenue companies. No equity dilution, no board seats, a decision within 48 hours and funding in 3 weeks.",
      "revenue-based-financing":
        "Revenue-based financing from $100K to $2M, repaid as a share of monthly revenue. One flat fee, no equity and no personal guarantee on standard deals.",
      "bridge-funding":
        "Bridge funding from $50K to $1M with 6-18 month terms to carry your business to its next round, sale or refinance. Funds in as little as 7 days.",
      "strategic-financing":
        "0% strategic financing from $25K to $500K: business credit lines at 0% introductory interest, arranged across partner banks with no collateral required.",
      "real-estate-financing":
        "Commercial real estate financing from $1M to $50M: acquisitions, refinance and cash-out with up to 80% LTV and terms up to 25 years. Get terms in days.",
      "sba-loans":
        "SBA 7(a) and 504 loans from $50K to $5M with as little as 10% down and terms up to 25 years. We prepare your package and match you with a preferred lender.",
    });
  });

  it("shows every published eligibility figure on its product's page", () => {
    const expected: Record<ProductSlug, string[]> = {
      "growth-capital": [
        "$1M in annual recurring revenue",
        "2 years operating",
        "5%+ average monthly revenue growth",
        "6 months of cash runway",
        "Customer concentration above 40%",
      ],
      "revenue-based-financing": [
        "$25K in monthly revenue",
        "12 months of revenue history",
        "No single customer above 30%",
      ],
      "bridge-funding": ["6-18 months", "repayment within 18 months"],
      "strategic-financing": ["$500K in annual revenue"],
      "real-estate-financing": ["Loan-to-value (LTV) up to 80%", "20-25% down payment", "1.25x"],
      "sba-loans": [
        "10% down minimum",
        "Up to 25 years for real estate",
        "Up to 10 years",
        "20%+ ownership must provide a personal guarantee",
      ],
    };
    for (const slug of productSlugs) {
      const text = eligibilityText(slug);
      for (const figure of expected[slug]) {
        expect(text, `${slug}: ${figure}`).toContain(figure);
      }
    }
  });

  it("finds products by path, with or without a trailing slash", () => {
    expect(findProductByPath("/products/sba-loans")?.title).toBe("SBA Loans");
    expect(findProductByPath("/products/bridge-funding/")?.title).toBe("Bridge Funding");
    expect(findProductByPath("/products/unknown")).toBeUndefined();
    expect(productPath("growth-capital")).toBe("/products/growth-capital");
  });
});
