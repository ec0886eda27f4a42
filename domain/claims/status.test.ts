import { describe, expect, it } from "vitest";
import { claimShows, claimStatus, claimWordsShown } from "./status";

const record = {
  id: "decision-time",
  kind: "static" as const,
  reviewBy: "2027-06-30",
  fallback: "Funding decisions are typically fast",
};
const filed = { evidenceFiles: 1 };

describe("a claim's status", () => {
  it("is supported while a file backs it and the review is more than 30 days away", () => {
    expect(claimStatus(record, filed, "2027-01-01")).toBe("supported");
    expect(claimStatus(record, filed, "2027-05-30")).toBe("supported");
  });
  it("is due within 30 days of the review, the review day included", () => {
    expect(claimStatus(record, filed, "2027-05-31")).toBe("due");
    expect(claimStatus(record, filed, "2027-06-30")).toBe("due");
  });
  it("is lapsed once the review day has passed", () => {
    expect(claimStatus(record, filed, "2027-07-01")).toBe("lapsed");
    expect(claimStatus(record, filed, "2030-01-01")).toBe("lapsed");
  });
  it("is unsupported without a filed file, whatever the register describes and whatever the date", () => {
    expect(claimStatus(record, undefined, "2027-01-01")).toBe("unsupported");
    expect(claimStatus(record, { evidenceFiles: 0, reviewBy: "2028-01-01" }, "2027-07-01")).toBe(
      "unsupported",
    );
  });
  it("takes the latest recorded review's day over the register's", () => {
    const reviewed = { evidenceFiles: 2, reviewBy: "2028-06-30" };
    expect(claimStatus(record, reviewed, "2027-07-01")).toBe("supported");
    expect(claimStatus(record, reviewed, "2028-07-01")).toBe("lapsed");
    // A review can also bring the day nearer.
    expect(claimStatus(record, { evidenceFiles: 1, reviewBy: "2027-01-10" }, "2027-01-01")).toBe("due");
  });
  it("counts a computed claim's computation as its evidence", () => {
    expect(claimStatus({ ...record, kind: "computed" }, undefined, "2027-01-01")).toBe("supported");
  });
});

describe("the words a claim shows", () => {
  const state = { "decision-time": filed };
  it("are always its own by default, lapsed, unsupported or not", () => {
    for (const today of ["2027-01-01", "2027-07-01"]) {
      expect(claimWordsShown(record, "48 hours", { strict: false, today, state })).toBe("48 hours");
      expect(claimWordsShown(record, "48 hours", { strict: false, today })).toBe("48 hours");
    }
  });
  it("are the fallback in strict mode once the claim has lapsed or has nothing filed", () => {
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-07-01", state })).toBe(
      record.fallback,
    );
    expect(claimShows(record, { strict: true, today: "2027-01-01" })).toBe("fallback");
    expect(claimShows(record, { strict: true, today: "2027-01-01", state: {} })).toBe("fallback");
  });
  it("stay its own in strict mode while it is supported or due", () => {
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-01-01", state })).toBe(
      "48 hours",
    );
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-06-30", state })).toBe(
      "48 hours",
    );
  });
});
