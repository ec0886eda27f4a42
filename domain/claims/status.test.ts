import { describe, expect, it } from "vitest";
import { claimShows, claimStatus, claimWordsShown } from "./status";

const backed = { evidence: [{ description: "The CRM's closed deals" }], reviewBy: "2027-06-30" };
const unbacked = { evidence: [], reviewBy: "2027-06-30" };

describe("a claim's status", () => {
  it("is supported while the review is more than 30 days away", () => {
    expect(claimStatus(backed, "2027-01-01")).toBe("supported");
    expect(claimStatus(backed, "2027-05-30")).toBe("supported");
  });
  it("is due within 30 days of the review, the review day included", () => {
    expect(claimStatus(backed, "2027-05-31")).toBe("due");
    expect(claimStatus(backed, "2027-06-30")).toBe("due");
  });
  it("is lapsed once the review day has passed", () => {
    expect(claimStatus(backed, "2027-07-01")).toBe("lapsed");
    expect(claimStatus(backed, "2030-01-01")).toBe("lapsed");
  });
  it("is unsupported without evidence, whatever the date", () => {
    expect(claimStatus(unbacked, "2027-01-01")).toBe("unsupported");
    expect(claimStatus(unbacked, "2027-07-01")).toBe("unsupported");
  });
});

describe("the words a claim shows", () => {
  const record = { ...backed, fallback: "Funding decisions are typically fast" };
  it("are always its own by default, lapsed or not", () => {
    for (const today of ["2027-01-01", "2027-07-01"])
      expect(claimWordsShown(record, "48 hours", { strict: false, today })).toBe("48 hours");
    expect(claimShows(unbacked, { strict: false, today: "2027-01-01" })).toBe("wording");
  });
  it("are the fallback in strict mode once the claim has lapsed or lacks evidence", () => {
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-07-01" })).toBe(record.fallback);
    expect(claimShows(unbacked, { strict: true, today: "2027-01-01" })).toBe("fallback");
  });
  it("stay its own in strict mode while it is supported or due", () => {
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-01-01" })).toBe("48 hours");
    expect(claimWordsShown(record, "48 hours", { strict: true, today: "2027-06-30" })).toBe("48 hours");
  });
});
