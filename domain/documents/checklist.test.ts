import { describe, expect, it } from "vitest";
import { fundingTypeOptions } from "../application/schema";
import {
  FUNDING_TYPE_CHECKLISTS,
  MAX_OWNERS,
  checklistFor,
  monthLabel,
  statementMonths,
  taxYears,
  type FundingType,
} from "./checklist";
import { DOCUMENT_KINDS, DOCUMENT_KIND_COPY } from "./kinds";

const asOf = "2026-12-08";
const keys = (fundingType: FundingType, owners = 1, day = asOf) =>
  checklistFor(fundingType, { owners, asOf: day }).map((slot) => slot.key);

describe("the default checklist of each funding type the form offers", () => {
  it("covers every funding type of the form, and only those", () => {
    expect(Object.keys(FUNDING_TYPE_CHECKLISTS).sort()).toEqual(
      fundingTypeOptions.map((option) => option.value).sort(),
    );
  });

  it("gives every requirement a source and every kind its words", () => {
    for (const { requirements } of Object.values(FUNDING_TYPE_CHECKLISTS)) {
      for (const requirement of requirements) expect(requirement.source.length).toBeGreaterThan(20);
    }
    for (const kind of DOCUMENT_KINDS) {
      expect(DOCUMENT_KIND_COPY[kind].label).not.toBe("");
      expect(DOCUMENT_KIND_COPY[kind].hint).toMatch(/\.$/);
    }
  });

  it("revenue-based: twelve monthly statements (the product page), the P&L, a voided check, an ID", () => {
    expect(keys("revenue-based")).toEqual([
      "bank-statement:2025-12",
      "bank-statement:2026-01",
      "bank-statement:2026-02",
      "bank-statement:2026-03",
      "bank-statement:2026-04",
      "bank-statement:2026-05",
      "bank-statement:2026-06",
      "bank-statement:2026-07",
      "bank-statement:2026-08",
      "bank-statement:2026-09",
      "bank-statement:2026-10",
      "bank-statement:2026-11",
      "interim-financials",
      "voided-check",
      "government-id:owner-1",
    ]);
  });

  it("asset-based: the agings, inventory and interim statements, four statements, an ID per owner", () => {
    expect(keys("asset-based", 2)).toEqual([
      "receivables-aging",
      "payables-aging",
      "inventory-report",
      "interim-financials",
      "bank-statement:2026-08",
      "bank-statement:2026-09",
      "bank-statement:2026-10",
      "bank-statement:2026-11",
      "government-id:owner-1",
      "government-id:owner-2",
    ]);
  });

  it("venture debt: financials, cap table, debt schedule, investor update, the general three", () => {
    expect(keys("venture-debt")).toEqual([
      "interim-financials",
      "cap-table",
      "debt-schedule",
      "investor-update",
      "bank-statement:2026-08",
      "bank-statement:2026-09",
      "bank-statement:2026-10",
      "bank-statement:2026-11",
      "voided-check",
      "government-id:owner-1",
    ]);
  });

  it("0% strategic financing: the latest business return, three statements, an ID per owner", () => {
    expect(keys("strategic-financing", 2)).toEqual([
      "business-tax-return:2025",
      "bank-statement:2026-09",
      "bank-statement:2026-10",
      "bank-statement:2026-11",
      "government-id:owner-1",
      "government-id:owner-2",
    ]);
  });

  it("real estate: purchase agreement, rent roll, two years of statements and returns, appraisal, IDs", () => {
    expect(keys("real-estate", 2)).toEqual([
      "purchase-agreement",
      "rent-roll",
      "property-operating-statement:2024",
      "property-operating-statement:2025",
      "business-tax-return:2024",
      "business-tax-return:2025",
      "personal-tax-return:owner-1:2024",
      "personal-tax-return:owner-1:2025",
      "personal-tax-return:owner-2:2024",
      "personal-tax-return:owner-2:2025",
      "appraisal",
      "government-id:owner-1",
      "government-id:owner-2",
    ]);
  });

  it("SBA: Forms 1919, 413 per owner and 4506-C, three years of returns, interim statements, debt schedule, IDs", () => {
    expect(keys("sba-loan", 2)).toEqual([
      "sba-form-1919",
      "sba-form-413:owner-1",
      "sba-form-413:owner-2",
      "irs-form-4506-c",
      "business-tax-return:2023",
      "business-tax-return:2024",
      "business-tax-return:2025",
      "personal-tax-return:owner-1:2023",
      "personal-tax-return:owner-1:2024",
      "personal-tax-return:owner-1:2025",
      "personal-tax-return:owner-2:2023",
      "personal-tax-return:owner-2:2024",
      "personal-tax-return:owner-2:2025",
      "interim-financials",
      "debt-schedule",
      "government-id:owner-1",
      "government-id:owner-2",
    ]);
  });

  it.each(["working-capital", "other"] as const)(
    "%s: issue 42's three (four statements, a voided check, IDs)",
    (type) => {
      expect(keys(type)).toEqual([
        "bank-statement:2026-08",
        "bank-statement:2026-09",
        "bank-statement:2026-10",
        "bank-statement:2026-11",
        "voided-check",
        "government-id:owner-1",
      ]);
    },
  );

  it("equipment: the quote, then the general three", () => {
    expect(keys("equipment-financing")).toEqual([
      "equipment-quote",
      "bank-statement:2026-08",
      "bank-statement:2026-09",
      "bank-statement:2026-10",
      "bank-statement:2026-11",
      "voided-check",
      "government-id:owner-1",
    ]);
  });

  it("keys are unique within every checklist, at every owner count", () => {
    for (const type of fundingTypeOptions.map((option) => option.value)) {
      for (let owners = 1; owners <= MAX_OWNERS; owners++) {
        const list = keys(type, owners);
        expect(new Set(list).size).toBe(list.length);
      }
    }
  });
});

describe("an application's slots", () => {
  it("names the month, the year and the owner in the label", () => {
    const slots = checklistFor("sba-loan", { owners: 2, asOf });
    const label = (key: string) => slots.find((slot) => slot.key === key)?.label;
    expect(label("personal-tax-return:owner-2:2024")).toBe("Personal tax return: 2024, owner 2");
    expect(label("government-id:owner-1")).toBe("Photo ID: owner 1");
    expect(label("sba-form-1919")).toBe("SBA Form 1919 (Borrower Information Form)");
    const statement = checklistFor("other", { owners: 1, asOf }).find((slot) => slot.month === "2026-11");
    expect(statement).toMatchObject({
      label: "Business bank statement: November 2026",
      kind: "bank-statement",
    });
  });

  it("numbers no owner when there is one", () => {
    const slots = checklistFor("real-estate", { owners: 1, asOf });
    expect(slots.find((slot) => slot.key === "government-id:owner-1")?.label).toBe("Photo ID");
    expect(slots.find((slot) => slot.key === "personal-tax-return:owner-1:2025")?.label).toBe(
      "Personal tax return: 2025",
    );
  });

  it("one ID per owner, from one to five owners", () => {
    for (let owners = 1; owners <= MAX_OWNERS; owners++) {
      expect(keys("other", owners).filter((key) => key.startsWith("government-id:"))).toHaveLength(owners);
    }
  });

  it.each([0, 6, 1.5, Number.NaN])("refuses %s owners", (owners) => {
    expect(() => checklistFor("other", { owners, asOf })).toThrow(
      /owners must be a whole number from 1 to 5/,
    );
  });

  it.each(["2026-02-30", "2026-13-01", "8 Dec 2026", ""])("refuses the day %j", (day) => {
    expect(() => checklistFor("other", { owners: 1, asOf: day })).toThrow(/Not a calendar day/);
  });
});

describe("which months and years are asked for", () => {
  it("asks for a month's statement from the 8th of the month after", () => {
    expect(statementMonths("2026-12-07", 1)).toEqual(["2026-10"]);
    expect(statementMonths("2026-12-08", 1)).toEqual(["2026-11"]);
    expect(statementMonths("2026-12-31", 1)).toEqual(["2026-11"]);
  });

  it("crosses years and February", () => {
    expect(statementMonths("2027-01-08", 4)).toEqual(["2026-09", "2026-10", "2026-11", "2026-12"]);
    expect(statementMonths("2027-01-07", 2)).toEqual(["2026-10", "2026-11"]);
    expect(statementMonths("2026-03-07", 2)).toEqual(["2025-12", "2026-01"]);
    expect(statementMonths("2026-03-08", 2)).toEqual(["2026-01", "2026-02"]);
    expect(statementMonths("2028-03-08", 1)).toEqual(["2028-02"]);
  });

  it("asks for the year just ended from April 15, when its returns were due", () => {
    expect(taxYears("2026-04-14", 3)).toEqual([2022, 2023, 2024]);
    expect(taxYears("2026-04-15", 3)).toEqual([2023, 2024, 2025]);
    expect(taxYears("2026-12-31", 1)).toEqual([2025]);
    expect(taxYears("2027-01-01", 1)).toEqual([2025]);
  });

  it("the checklist made on another day follows", () => {
    expect(keys("strategic-financing", 1, "2027-04-15")).toEqual([
      "business-tax-return:2026",
      "bank-statement:2027-01",
      "bank-statement:2027-02",
      "bank-statement:2027-03",
      "government-id:owner-1",
    ]);
  });

  it("writes a month in words", () => {
    expect(monthLabel("2026-03")).toBe("March 2026");
    expect(monthLabel("2027-12")).toBe("December 2027");
  });
});
