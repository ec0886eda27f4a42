import { describe, expect, it } from "vitest";
import { productSlugs } from "../product-index";
import { claimIn, claimRecord, claimRegister, claimWording, productRangeClaimId } from "./register";
import { claimIdsIn, claimParts, claimPlain } from "./text";

const FIGURE = /\d/;

describe("the claim register", () => {
  it("has one record per id", () => {
    const ids = claimRegister.map((record) => record.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names an approver other than the owner for every claim", () => {
    for (const record of claimRegister) {
      expect(record.owner, record.id).not.toBe("");
      expect(record.approver, `${record.id}: approver`).not.toBe(record.owner);
    }
  });

  it("says what each claim means, what backs it and when it is reviewed again", () => {
    for (const record of claimRegister) {
      for (const [part, words] of Object.entries(record.meaning))
        expect(words, `${record.id}.${part}`).not.toBe("");
      expect(record.evidence.length, record.id).toBeGreaterThan(0);
      expect(record.reviewBy, record.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(record.reviewBy)), record.id).toBe(false);
      expect(["static", "computed"]).toContain(record.kind);
    }
  });

  it("keeps each figure in its wording, and a fallback that states no figure", () => {
    for (const record of claimRegister) {
      expect(record.wording.toLowerCase(), record.id).toContain(record.figure.toLowerCase());
      expect(record.fallback, record.id).not.toMatch(FIGURE);
      expect(record.fallback, record.id).not.toBe("");
    }
  });

  it("gives ratings and testimonials their source, count and period", () => {
    for (const id of [
      "average-rating",
      "testimonial-closed-in-18-days",
      "testimonial-accelerated-6-months",
    ] as const) {
      const { source } = claimRecord(id);
      expect(source?.name, id).toBeTruthy();
      expect(source?.count, id).toBeGreaterThan(0);
      expect(source?.period, id).toBeTruthy();
    }
  });

  it("states the published figures", () => {
    expect(claimRecord("businesses-funded").wording).toBe("200+ businesses funded");
    expect(claimRecord("capital-deployed").wording).toBe("$500M+ capital deployed");
    expect(claimRecord("average-funding-time").wording).toBe("3 weeks average funding time");
    expect(claimRecord("client-success-rate").wording).toBe("95% client success rate");
    expect(claimRecord("average-rating").figure).toBe("4.9/5");
    expect(claimRecord("decision-time").wording).toBe("Funding decision within 48 hours");
    expect(claimRecord("review-time").wording).toBe("Application review within 24 hours");
    expect(claimRecord(productRangeClaimId("growth-capital")).figure).toBe("$500K-$5M");
  });

  it("has a range claim for every product", () => {
    for (const slug of productSlugs) expect(claimRecord(productRangeClaimId(slug)).figure).toMatch(/^\$/);
  });
});

describe("claims in sentences", () => {
  const sentence = `Get a decision within ${claimIn("decision-time")}, ${claimWording("review-time")}.`;

  it("reads as plain words where no element can go", () => {
    expect(claimPlain(sentence)).toBe("Get a decision within 48 hours, Application review within 24 hours.");
  });

  it("splits into plain runs and claims, in order", () => {
    expect(claimParts(sentence)).toEqual([
      "Get a decision within ",
      { id: "decision-time", text: "48 hours" },
      ", ",
      { id: "review-time", text: "Application review within 24 hours" },
      ".",
    ]);
    expect(claimIdsIn(sentence)).toEqual(["decision-time", "review-time"]);
    expect(claimParts("No figures here.")).toEqual(["No figures here."]);
  });
});
