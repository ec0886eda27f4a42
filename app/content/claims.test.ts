import { describe, expect, it } from "vitest";
import { claimIdsIn, claimPlain } from "#domain/claims/text";
import { about, claims, figures, ratingClaim, speedClaims, valueProps } from "./claims";
import { dashboardSample, hero } from "./hero";
import { institutions, institutionsIntro } from "./institutions";
import { formatUsdCompact } from "#domain/lib/format";

describe("claims", () => {
  // As the page shows them: the words, with each claim's marker taken off.
  const byId = Object.fromEntries(
    claims.map((claim) => [
      claim.id,
      { ...claim, value: claimPlain(claim.value), detail: claimPlain(claim.detail) },
    ]),
  );

  it("states every published figure", () => {
    expect(byId["businesses-funded"]).toMatchObject({ value: "200+", label: "Businesses funded" });
    expect(byId["capital-deployed"]).toMatchObject({ value: "$500M+", label: "Capital deployed" });
    expect(byId["average-funding-time"]).toMatchObject({ value: "3 weeks", label: "Average funding time" });
    expect(byId["combined-experience"]).toMatchObject({ value: "15+ years", label: "Combined experience" });
    expect(byId["client-success-rate"]).toMatchObject({ value: "95%", label: "Client success rate" });
    expect(byId["average-rating"]).toMatchObject({ value: "4.9/5", label: "Average rating" });
    expect(byId["average-rating"].detail).toContain("200+ funded clients");
    expect(claimPlain(ratingClaim)).toBe("4.9/5 average rating from 200+ funded clients");
  });

  it("promises review in 24 hours and a decision in 48 hours", () => {
    expect(claimPlain(speedClaims.review)).toBe("Application review within 24 hours");
    expect(claimPlain(speedClaims.decision)).toBe("Funding decision within 48 hours");
    const reasons = about.reasons.map((reason) => claimPlain(reason.title));
    expect(reasons).toEqual(expect.arrayContaining(["Decision in 48 hours", "Review in 24 hours"]));
  });

  it("carries the value props: 3 weeks, no dilution, no board seats", () => {
    expect(valueProps.map(claimPlain)).toEqual([
      "Growth capital in 3 weeks",
      "No equity dilution",
      "No board seats",
    ]);
  });

  it("marks each figure as its claim", () => {
    for (const claim of claims) expect(claimIdsIn(claim.value)).toEqual([claim.id]);
    expect(claimIdsIn(ratingClaim)).toEqual(["average-rating"]);
  });

  it("has unique ids", () => {
    expect(new Set(claims.map((claim) => claim.id)).size).toBe(claims.length);
  });
});

describe("hero", () => {
  it("uses the published headline", () => {
    expect(hero.headline).toBe("Scale your business without limits");
    expect(hero.primaryCta).toBe("Get Funding Now");
    expect(hero.secondaryCta).toBe("Learn More");
  });

  it("shows the sample figures, labelled as illustrative", () => {
    expect(formatUsdCompact(dashboardSample.monthlyRevenue.amountUsd)).toBe("$847K");
    expect(dashboardSample.monthlyRevenue.change).toBe("+24%");
    expect(dashboardSample.yearOverYearGrowthPercent).toBe(127);
    expect(dashboardSample.round.label).toMatch(/round closed/i);
    expect(dashboardSample.label).toMatch(/illustrative/i);
  });

  it("draws a trend that ends on the headline figure and matches +24% on the quarter", () => {
    const trend = dashboardSample.revenueTrendUsd;
    expect(trend).toHaveLength(12);
    expect(trend.at(-1)).toBe(dashboardSample.monthlyRevenue.amountUsd);
    const quarterGrowth = Math.round((trend[11] / trend[8] - 1) * 100);
    expect(`+${quarterGrowth}%`).toBe(dashboardSample.monthlyRevenue.change);
  });
});

describe("institutions strip", () => {
  it("lists five or six fictional capital partners, framed as partners", () => {
    expect(institutions.length).toBeGreaterThanOrEqual(5);
    expect(institutions.length).toBeLessThanOrEqual(6);
    expect(institutionsIntro).toMatch(/capital partners/i);
  });

  it("names no real bank (no false endorsement)", () => {
    const realBanks =
      /JPMorgan|Chase|Goldman|Morgan Stanley|Wells Fargo|Citi|Bank of America|Barclays|HSBC|Silicon Valley|SVB|PNC|U\.?S\.? Bank|Capital One|Truist|BNY|State Street/i;
    for (const institution of institutions) expect(institution.name).not.toMatch(realBanks);
  });
});

describe("figures", () => {
  it("keeps the numeric rating consistent with the display", () => {
    expect(figures.averageRating).toBe(4.9);
    expect(figures.ratingScale).toBe(5);
  });
});
