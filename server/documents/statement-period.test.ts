/**
 * The statement period found in a statement's text, as PDF.js gives it back
 * (runs of text, line breaks where the lines end), in the forms banks print:
 * only one unambiguous period is read, anything else is null, never a guess.
 */
import { describe, expect, it } from "vitest";
import { MAX_TEXT_CHARS, findStatementPeriod } from "./statement-period";

const january = { from: "2026-01-01", to: "2026-01-31" };

describe("the statement period", () => {
  it.each([
    [
      "a labelled numeric range",
      `Harbor Community Bank
       Business Checking Statement
       Statement Period 01/01/2026 - 01/31/2026
       Account Number XXXXXX4821          Page 1 of 4
       01/05 DEPOSIT 2,450.00
       01/09 ACH DEBIT PAYROLL -1,830.12`,
    ],
    [
      "a range in words, 'through' (a large national bank's header)",
      `January 1, 2026 through January 31, 2026
       Account Number: 000000123456789
       CHECKING SUMMARY Chase Business Complete Checking
       Beginning Balance $12,480.55
       Deposits and Additions 31,002.10
       Ending Balance $9,311.40`,
    ],
    [
      "'For the period ... to ...' with short months",
      "Your business statement\nFor the period Jan 1, 2026 to Jan 31, 2026\nAccount summary",
    ],
    [
      "'for ... to ...' after the account's name",
      "Business Advantage Fundamentals Banking for January 1, 2026 to January 31, 2026 Account number: 4350 1234 5678",
    ],
    ["a range whose first end has no year", "Statement Period: Jan 1 - Jan 31, 2026\nPrimary Account 1234"],
    ["dates with two-digit years and no spaces", "STATEMENT PERIOD 01/01/26-01/31/26 PAGE 1"],
    ["ISO dates", "Statement 2026-01\nPeriod: 2026-01-01 to 2026-01-31\nOpening balance USD 4,200.00"],
    [
      "an en dash between day-first dates",
      "Account statement\n1 January 2026 – 31 January 2026\nSort code 12-34-56",
    ],
    [
      "a beginning and an ending balance, each with its date",
      `Summary of your account
       Beginning Balance on Jan 1, 2026          $8,200.00
       Deposits and other credits                 14,035.21
       Withdrawals and other debits              -12,880.00
       Ending Balance on Jan 31, 2026            $9,355.21`,
    ],
    [
      "the same range on every page, and balances that agree with it",
      `Statement Period 01/01/2026 - 01/31/2026 Page 1 of 2
       Beginning balance as of 01/01/2026 $500.00
       Ending balance as of 01/31/2026 $750.00
       Statement Period 01/01/2026 - 01/31/2026 Page 2 of 2`,
    ],
    [
      "a year-to-date summary beside the period",
      `Statement Period: January 1, 2026 through January 31, 2026
       Year-to-date interest paid 01/01/2026 - 01/31/2026 $0.42
       Year to date summary 01/01/2025 - 12/31/2025`,
    ],
  ])("reads %s", (_form, text) => {
    expect(findStatementPeriod(text)).toEqual(january);
  });

  it("reads a statement of two months, and one across the year's end", () => {
    expect(
      findStatementPeriod("Statement Period: February 1, 2026 through March 31, 2026\nPage 1 of 6"),
    ).toEqual({ from: "2026-02-01", to: "2026-03-31" });
    expect(findStatementPeriod("Statement dates Dec 15 - Jan 14, 2026")).toEqual({
      from: "2025-12-15",
      to: "2026-01-14",
    });
  });

  it.each([
    ["no period at all", "Statement date 01/31/2026\nAccount 1234\nBalance 1,000.00"],
    ["a scanned statement with no text", ""],
    [
      "two periods that disagree",
      "Statement Period 01/01/2026 - 01/31/2026\nStatement Period 02/01/2026 - 02/28/2026",
    ],
    [
      "a range and balances that disagree",
      "Statement Period 01/01/2026 - 01/31/2026\nBeginning Balance on Dec 1, 2025 $1.00\nEnding Balance on Dec 31, 2025 $2.00",
    ],
    [
      "two accounts' balances on different days",
      "Beginning balance on 01/01/2026 $1.00 Ending balance on 01/31/2026 $2.00 Beginning balance on 01/15/2026 $3.00 Ending balance on 02/14/2026 $4.00",
    ],
    ["only a beginning balance", "Beginning Balance on Jan 1, 2026 $8,200.00"],
    ["a range that ends before it starts", "Statement Period 01/31/2026 - 01/01/2026"],
    ["a whole year (a summary, not a statement)", "Annual summary 01/01/2025 - 12/31/2025"],
    ["day-first numeric dates a US reading cannot take", "Statement period 15/01/2026 - 14/02/2026"],
    ["dates that are not calendar days", "Statement Period 02/30/2026 - 03/31/2026"],
    ["a balance line without a year", "Beginning balance on 1/1 $8,200.00\nEnding balance on 1/31 $9,355.21"],
  ])("reads nothing from %s", (_case, text) => {
    expect(findStatementPeriod(text)).toBeNull();
  });

  it("searches no further than its limit", () => {
    const far = `${"x".repeat(MAX_TEXT_CHARS)} Statement Period 01/01/2026 - 01/31/2026`;
    expect(findStatementPeriod(far)).toBeNull();
  });
});
