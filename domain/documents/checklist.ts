/**
 * The documents each funding type asks for by default, with where each
 * requirement comes from, and the checklist one application gets from its
 * funding type and facts (how many owners, which months and years). Staff can
 * add requests beyond these to one application (the server keeps those).
 *
 * Where the site has a product page for a funding type, its "Documentation"
 * list is the first source: the room must not ask for other documents than
 * the page the applicant read (app/content/products.ts; a test there holds
 * both to each other). Issue 42 sets the rest: bank statements, a voided
 * business check, an ID for each owner of 20% or more, and per product more.
 */
import type { FundingApplication } from "../application/schema";
import type { ProductSlug } from "../product-index";
import { DOCUMENT_KIND_COPY, type DocumentKind } from "./kinds";

export type FundingType = FundingApplication["fundingType"];

/** How many slots a requirement makes for one application. */
export type Repeat =
  | { per: "application" }
  /** One per owner of 20% or more. */
  | { per: "owner" }
  /** One per calendar month, the last `months` whose statements are out (statementMonths). */
  | { per: "month"; months: number }
  /** One per tax year, the last `years` whose returns were due (taxYears). */
  | { per: "tax-year"; years: number }
  /** One per owner and tax year. */
  | { per: "owner-tax-year"; years: number };

export interface Requirement {
  kind: DocumentKind;
  repeat: Repeat;
  /** Where the requirement comes from, in a sentence. */
  source: string;
}

export interface FundingTypeChecklist {
  /** The product page the form's funding type corresponds to, if the site has one. */
  productPage: ProductSlug | null;
  requirements: Requirement[];
}

const ISSUE_42 = "Issue 42: the documents every lender asks for before a decision";
const page = (slug: ProductSlug, item: string) => `Product page /products/${slug}, Documentation: "${item}"`;
const once = { per: "application" } as const;
const perOwner = { per: "owner" } as const;
const perMonth = (count: number) => ({ per: "month", months: count }) as const;
const perTaxYear = (count: number) => ({ per: "tax-year", years: count }) as const;

/** Issue 42's three, for the funding types without a product page of their own. */
const GENERAL_STATEMENT_MONTHS = 4;
const general: Requirement[] = [
  {
    kind: "bank-statement",
    repeat: perMonth(GENERAL_STATEMENT_MONTHS),
    source: `${ISSUE_42}: "the last 3 to 6 months of business bank statements"; four, as its revenue-based example asks`,
  },
  {
    kind: "voided-check",
    repeat: once,
    source: `${ISSUE_42}: "a voided business check" (the account payments are drawn from)`,
  },
  {
    kind: "government-id",
    repeat: perOwner,
    source: `${ISSUE_42}: "an ID for each owner of 20% or more"`,
  },
];
const [generalStatements, voidedCheck, ownerIds] = general;

export const FUNDING_TYPE_CHECKLISTS: Record<FundingType, FundingTypeChecklist> = {
  "revenue-based": {
    productPage: "revenue-based-financing",
    // The page's "Read-only access to your business bank and payment accounts" is a
    // connection, not a document: it is not asked for in the room.
    requirements: [
      {
        kind: "bank-statement",
        repeat: perMonth(12),
        source: `${page("revenue-based-financing", "Last 12 months of bank statements")} (issue 42's example said four; the page the applicant read says twelve)`,
      },
      {
        kind: "interim-financials",
        repeat: once,
        source: page("revenue-based-financing", "Year-to-date P&L"),
      },
      { ...voidedCheck, source: `${voidedCheck.source}; repayments are a share of revenue drawn from it` },
      ownerIds,
    ],
  },
  "asset-based": {
    productPage: null,
    requirements: [
      {
        kind: "receivables-aging",
        repeat: once,
        source:
          "Asset-based lenders advance against a borrowing base of eligible receivables and inventory (OCC Comptroller's Handbook, Asset-Based Lending): the aging shows which receivables count",
      },
      {
        kind: "payables-aging",
        repeat: once,
        source: "The same handbook: payables past due reduce what the borrowing base can carry",
      },
      {
        kind: "inventory-report",
        repeat: once,
        source: "The same handbook: inventory is the borrowing base's other half",
      },
      {
        kind: "interim-financials",
        repeat: once,
        source: "The same handbook: current financial statements alongside the collateral reports",
      },
      generalStatements,
      ownerIds,
    ],
  },
  "venture-debt": {
    productPage: null,
    requirements: [
      {
        kind: "interim-financials",
        repeat: once,
        source:
          'No product page of its own; the closest, /products/growth-capital (term debt beside equity), asks for "monthly financial statements (P&L and balance sheet)"',
      },
      {
        kind: "cap-table",
        repeat: once,
        source:
          'Product page /products/growth-capital, Documentation: "Current cap table and existing debt schedule"',
      },
      {
        kind: "debt-schedule",
        repeat: once,
        source:
          'Product page /products/growth-capital, Documentation: "Current cap table and existing debt schedule"',
      },
      {
        kind: "investor-update",
        repeat: once,
        source: "Venture lenders lend against the equity behind the company: its latest report to investors",
      },
      generalStatements,
      voidedCheck,
      ownerIds,
    ],
  },
  "strategic-financing": {
    productPage: "strategic-financing",
    requirements: [
      {
        kind: "business-tax-return",
        repeat: perTaxYear(1),
        source: page("strategic-financing", "Most recent business tax return"),
      },
      {
        kind: "bank-statement",
        repeat: perMonth(3),
        source: page("strategic-financing", "Last 3 months of business bank statements"),
      },
      {
        kind: "government-id",
        repeat: perOwner,
        source: page("strategic-financing", "Government-issued ID for each applying owner"),
      },
    ],
  },
  "real-estate": {
    productPage: "real-estate-financing",
    requirements: [
      {
        kind: "purchase-agreement",
        repeat: once,
        source: page("real-estate-financing", "Purchase agreement or current mortgage statement"),
      },
      {
        kind: "rent-roll",
        repeat: once,
        source: page("real-estate-financing", "Rent roll and 2 years of property operating statements"),
      },
      {
        kind: "property-operating-statement",
        repeat: perTaxYear(2),
        source: `${page("real-estate-financing", "Rent roll and 2 years of property operating statements")}; the same years as the returns`,
      },
      {
        kind: "business-tax-return",
        repeat: perTaxYear(2),
        source: page("real-estate-financing", "2 years of business and personal tax returns"),
      },
      {
        kind: "personal-tax-return",
        repeat: { per: "owner-tax-year", years: 2 },
        source: `${page("real-estate-financing", "2 years of business and personal tax returns")}; each owner of 20% or more`,
      },
      {
        kind: "appraisal",
        repeat: once,
        source: `${ISSUE_42}: "real estate: purchase agreement, rent roll, appraisal"; the page names a "satisfactory appraisal", which the lender orders when there is none`,
      },
      ownerIds,
    ],
  },
  "sba-loan": {
    productPage: "sba-loans",
    requirements: [
      {
        kind: "sba-form-1919",
        repeat: once,
        source: `${ISSUE_42}: "SBA: Forms 1919, 413 and 4506-C"; the form's instructions: Section I for the business, Section II for each owner of 20% or more`,
      },
      {
        kind: "sba-form-413",
        repeat: perOwner,
        source: page("sba-loans", "Personal financial statement (SBA Form 413) for each 20%+ owner"),
      },
      {
        kind: "irs-form-4506-c",
        repeat: once,
        source: `${ISSUE_42}: "SBA: Forms 1919, 413 and 4506-C" (the lender verifies the business's returns with the IRS)`,
      },
      {
        kind: "business-tax-return",
        repeat: perTaxYear(3),
        source: page("sba-loans", "3 years of business and personal tax returns"),
      },
      {
        kind: "personal-tax-return",
        repeat: { per: "owner-tax-year", years: 3 },
        source: `${page("sba-loans", "3 years of business and personal tax returns")}; each owner of 20% or more, who guarantees the loan (13 CFR 120.160)`,
      },
      {
        kind: "interim-financials",
        repeat: once,
        source: page("sba-loans", "Year-to-date P&L and balance sheet"),
      },
      {
        kind: "debt-schedule",
        repeat: once,
        source: `${ISSUE_42}: "a debt schedule"; SBA 7(a) lenders' checklists ask for it with the interim statements`,
      },
      ownerIds,
    ],
  },
  "working-capital": { productPage: null, requirements: general },
  "equipment-financing": {
    productPage: null,
    requirements: [
      {
        kind: "equipment-quote",
        repeat: once,
        source: `${ISSUE_42}: "equipment: the quote" (what is financed, and its price)`,
      },
      ...general,
    ],
  },
  other: { productPage: null, requirements: general },
};

// ---------------------------------------------------------------------------
// One application's checklist.

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
