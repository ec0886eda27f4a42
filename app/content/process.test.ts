import { describe, expect, it } from "vitest";
import { claimIdsIn, claimPlain } from "#domain/claims/text";
import { processSteps, processSummary } from "./process";

describe("how it works", () => {
  it("has four numbered steps with the published titles and timelines", () => {
    expect(
      processSteps.map(({ number, title, timeline }) => ({ number, title, timeline: claimPlain(timeline) })),
    ).toEqual([
      { number: 1, title: "Application", timeline: "Day 1" },
      { number: 2, title: "Consultation", timeline: "Day 2-3" },
      { number: 3, title: "Due Diligence", timeline: "Day 4-10" },
      { number: 4, title: "Funding", timeline: "Day 14-21" },
    ]);
  });

  it("says the application takes about 10 minutes", () => {
    expect(claimPlain(processSteps[0].description)).toContain("about 10 minutes");
    expect(claimIdsIn(processSteps[0].description)).toEqual(["application-time", "review-time"]);
  });

  it("gives every step a description", () => {
    for (const step of processSteps) expect(step.description.length).toBeGreaterThan(40);
  });

  it("promises funding in as little as 3 weeks", () => {
    expect(claimPlain(processSummary)).toBe("From application to funding in as little as 3 weeks");
  });
});
