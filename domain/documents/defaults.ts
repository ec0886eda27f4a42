/**
 * The documents each funding type asks for by default, with where each
 * requirement comes from (checklist.ts makes one application's slots from
 * them). Staff can add requests beyond these to one application (the server
 * keeps those).
 *
 * Where the site has a product page for a funding type, its "Documentation"
 * list is the first source: the room must not ask for other documents than
 * the page the applicant read (app/content/products.ts; a test there holds
 * both to each other). Issue 42 sets the rest: bank statements, a voided
 * business check, an ID for each owner of 20% or more, and per product more.
 */
import type { FundingApplication } from "../application/schema";
import type { ProductSlug } from "../product-index";
import type { DocumentKind } from "./kinds";

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
