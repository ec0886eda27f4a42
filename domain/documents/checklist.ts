/**
 * One application's checklist: the slots its funding type's defaults
 * (defaults.ts) make with its facts, how many owners and which months and
 * years are asked for on the day it is made.
 */
import { FUNDING_TYPE_CHECKLISTS, type FundingType, type Requirement } from "./defaults";
import { DOCUMENT_KIND_COPY, type DocumentKind } from "./kinds";

export { FUNDING_TYPE_CHECKLISTS, type FundingType, type Requirement } from "./defaults";

/** At most five people can each own 20% or more. */
export const MAX_OWNERS = 5;

/**
 * A month's statement is asked for from this many days after the month ends:
 * banks issue monthly statements within a few business days of the month's end.
 */
export const STATEMENT_READY_DAYS = 7;

export interface ChecklistFacts {
  /**
   * Owners of 20% or more, 1 to MAX_OWNERS. When nobody holds 20%, the person
   * applying stands in: the count is never below 1.
   */
  owners: number;
  /** The day the checklist is made, "YYYY-MM-DD" (the desk's time zone). */
  asOf: string;
}

export interface ChecklistSlot {
  /** Unique within one application: "bank-statement:2026-03", "personal-tax-return:owner-2:2024". */
  key: string;
  kind: DocumentKind;
  /** "Business bank statement: March 2026", "Photo ID: owner 2". */
  label: string;
  hint: string;
  /** "YYYY-MM", for a monthly statement. */
  month?: string;
  /** For a yearly document. */
  year?: number;
  /** 1-based, for an owner's document. */
  owner?: number;
  source: string;
}

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

interface Day {
  year: number;
  month: number; // 1-12
  day: number;
}

function parseDay(value: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  if (!match || !date || date.getUTCDate() !== +match[3] || date.getUTCMonth() !== +match[2] - 1) {
    throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${value}`);
  }
  return { year: +match[1], month: +match[2], day: +match[3] };
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-03" -> "March 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/**
 * The last `count` calendar months whose statements are out on `asOf`
 * (ended at least STATEMENT_READY_DAYS days before it), oldest first, as "YYYY-MM".
 */
export function statementMonths(asOf: string, count: number): string[] {
  const { year, month, day } = parseDay(asOf);
  const ready = new Date(Date.UTC(year, month - 1, day - STATEMENT_READY_DAYS));
  // The month before the one `ready` falls in is the newest that has ended by then.
  const newest = new Date(Date.UTC(ready.getUTCFullYear(), ready.getUTCMonth() - 1, 1));
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth() - (count - 1 - index), 1));
    return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
  });
}

/**
 * The last `count` tax years whose federal returns were due on `asOf`, oldest
 * first. A calendar year's returns are due by April 15 of the next year (March
 * 15 for partnerships and S corporations, IRS Publication 509); before April 15
 * the year just ended is not asked for. A return on extension is declared not
 * applicable by the applicant, with that reason.
 */
export function taxYears(asOf: string, count: number): number[] {
  const { year, month, day } = parseDay(asOf);
  const newest = month > 4 || (month === 4 && day >= 15) ? year - 1 : year - 2;
  return Array.from({ length: count }, (_, index) => newest - (count - 1 - index));
}

function checkFacts(facts: ChecklistFacts): void {
  if (!Number.isInteger(facts.owners) || facts.owners < 1 || facts.owners > MAX_OWNERS) {
    throw new RangeError(`owners must be a whole number from 1 to ${MAX_OWNERS}: ${facts.owners}`);
  }
  parseDay(facts.asOf);
}

/** One application's default checklist, in the order the room shows it. */
export function checklistFor(fundingType: FundingType, facts: ChecklistFacts): ChecklistSlot[] {
  checkFacts(facts);
  const checklist = FUNDING_TYPE_CHECKLISTS[fundingType];
  if (!checklist) throw new RangeError(`Unknown funding type: ${fundingType}`);
  return checklist.requirements.flatMap((requirement) => slotsOf(requirement, facts));
}

function slotsOf(requirement: Requirement, facts: ChecklistFacts): ChecklistSlot[] {
  const { kind, repeat, source } = requirement;
  const { label, hint } = DOCUMENT_KIND_COPY[kind];
  const owners = Array.from({ length: facts.owners }, (_, index) => index + 1);
  // With one owner the label needs no number.
  const ownerSuffix = (owner: number) => (facts.owners > 1 ? `owner ${owner}` : "");
  const slot = (key: string, parts: string[], extra: Partial<ChecklistSlot>): ChecklistSlot => {
    const detail = parts.filter(Boolean).join(", ");
    return { key, kind, label: detail ? `${label}: ${detail}` : label, hint, source, ...extra };
  };
  switch (repeat.per) {
    case "application":
      return [slot(kind, [], {})];
    case "owner":
      return owners.map((owner) => slot(`${kind}:owner-${owner}`, [ownerSuffix(owner)], { owner }));
    case "month":
      return statementMonths(facts.asOf, repeat.months).map((month) =>
        slot(`${kind}:${month}`, [monthLabel(month)], { month }),
      );
    case "tax-year":
      return taxYears(facts.asOf, repeat.years).map((year) =>
        slot(`${kind}:${year}`, [String(year)], { year }),
      );
    case "owner-tax-year":
      return owners.flatMap((owner) =>
        taxYears(facts.asOf, repeat.years).map((year) =>
          slot(`${kind}:owner-${owner}:${year}`, [String(year), ownerSuffix(owner)], { owner, year }),
        ),
      );
  }
}
