/**
 * The product catalogue: the one source for product cards, product pages,
 * the comparison, breadcrumbs, routes, the sitemap and page metadata.
 * Ranges are numbers; the UI formats them ("$500K-$5M").
 */
// Relative import: app/routes.ts loads this module outside Vite's alias resolution.
import { formatUsdCompact, formatUsdRange } from "#domain/lib/format";
import type { ContentIconName } from "./icons";
import { productPath, productSlugs, productTitles, type ProductSlug } from "#domain/product-index";
import { siteFacts } from "#domain/site-facts";
import {
  bridgeFastestFundingDays,
  figures,
  productRanges,
  productSpeeds,
  productStepDurations,
  productTerms,
} from "#domain/claims/figures";
import {
  claimIn,
  productRangeClaimId,
  productSpeedClaimId,
  productStepClaimId,
  type ProductTermClaimId,
} from "#domain/claims/register";
import { notAClaim } from "#domain/claims/text";

export { productPath, productSlugs, type ProductSlug };
export { productPageCopy } from "./product-page-copy";

export interface Product {
  slug: ProductSlug;
  /** "Growth Capital"; also the breadcrumb label. */
  title: string;
  icon: ContentIconName;
  /** One-line promise under the title on the product page hero. */
  subtitle: string;
  /** Card text on the home page (one or two sentences). */
  cardDescription: string;
  /** Longer intro paragraph on the product page. */
  description: string;
  /** The published range, and its notation ("$500K-$5M", marked as the range claim) for the UI. */
  range: { min: number; max: number; label: string };
  /** Card feature bullets (four). */
  features: string[];
  /** Exactly three hero chips. */
  chips: [string, string, string];
  /** For the comparison: how fast it typically funds, and who it suits. */
  typicalSpeed: string;
  bestFor: string;
  benefits: { icon: ContentIconName; title: string; description: string }[];
  steps: { title: string; description: string; duration: string }[];
  requirements: { category: string; items: string[] }[];
  disqualifiers: string[];
  seo: { title: string; description: string };
}

export function findProductByPath(pathname: string): Product | undefined {
  const normalized = pathname.replace(/\/+$/, "");
  return products.find((product) => productPath(product.slug) === normalized);
}

const brand = siteFacts.brand;

// The revenue the eligibility of Growth Capital and 0% Strategic Financing requires; each product's
// "best for" line states the same floor.
const growthCapitalMinArrUsd = 1_000_000;
const strategicMinRevenueUsd = 500_000;

// Each product's funding range is published in the claim register (domain/claims/figures.ts);
// page titles, cards, SEO descriptions and the comparison derive from it.
const ranges = productRanges;

/** The range, marked as the product's range claim: "$500K-$5M". */
const range = (slug: ProductSlug) => claimIn(productRangeClaimId(slug), formatUsdRange(ranges[slug]));
/** One end of a product's range, marked as its range claim: "$500K". */
const rangeEnd = (slug: ProductSlug, end: "min" | "max") =>
  claimIn(productRangeClaimId(slug), formatUsdCompact(ranges[slug][end]));
/** The range in words, for prose: "from $500K to $5M". */
const fromTo = (slug: ProductSlug) => `from ${rangeEnd(slug, "min")} to ${rangeEnd(slug, "max")}`;
/** How fast the product typically funds, marked as its speed claim: "2-3 weeks". */
const speed = (slug: ProductSlug) => claimIn(productSpeedClaimId(slug), productSpeeds[slug]);
const rangeOf = (slug: ProductSlug): Product["range"] => ({ ...ranges[slug], label: range(slug) });
/** How long a product's step takes, marked as its step claim: "1-2 days". */
const stepTime = (slug: ProductSlug, step: 1 | 2 | 3 | 4) =>
  claimIn(productStepClaimId(slug, step), productStepDurations[slug][step - 1]);
/** A term or rate the product offers, in the words the sentence needs, marked as its claim. */
const term = (id: ProductTermClaimId, text: string) => claimIn(id, text);
const terms = productTerms;
const span = (range: { min: number; max: number }) => `${range.min}-${range.max}`;
const gcTermMonths = span(terms["growth-capital"].termMonths);
const gcInterestOnly = term(
  "terms-growth-capital-interest-only",
  `${terms["growth-capital"].interestOnlyMonthsMax} months`,
);
const rbfShare = term(
  "terms-revenue-based-financing-revenue-share",
  `${span(terms["revenue-based-financing"].revenueSharePercent)}%`,
);
const rbfFee = term(
  "terms-revenue-based-financing-fee",
  `${span(terms["revenue-based-financing"].feePercent)}%`,
);
const bridgeTerm = terms["bridge-funding"].termMonths;
const bridgeTermMonth = term("terms-bridge-funding-term", `${span(bridgeTerm)} month`);
const bridgeFastest = claimIn("bridge-fastest-funding", `${bridgeFastestFundingDays} days`);
const introRate = term(
  "terms-strategic-financing-intro-rate",
  `${terms["strategic-financing"].introRatePercent}%`,
);
const introMonths = term(
  "terms-strategic-financing-intro-period",
  `${span(terms["strategic-financing"].introMonths)} months`,
);
const realEstate = terms["real-estate-financing"];
const ltv = term("terms-real-estate-financing-ltv", `${realEstate.ltvPercentMax}%`);
const reAmortisation = term(
  "terms-real-estate-financing-amortisation",
  `${realEstate.amortisationYearsMax} years`,
);
const sba = terms["sba-loans"];
const sbaDown = term("terms-sba-loans-down-payment", `${sba.downPaymentPercentMin}%`);
const sbaRealEstateYears = term("terms-sba-loans-real-estate-term", `${sba.realEstateYearsMax} years`);
/** Who a product suits, by the revenue its eligibility requires: a requirement, not a claim (docs/claims.md). */
const revenueFloor = (usd: number) => notAClaim("requirement", `${formatUsdCompact(usd)}+`);

export const products: Product[] = [
  {
    slug: "growth-capital",
    title: productTitles["growth-capital"],
    icon: "trending-up",
    range: rangeOf("growth-capital"),
    subtitle: `Non-dilutive capital to scale a recurring-revenue business, funded in as little as ${claimIn("funding-speed")}.`,
    cardDescription:
      "Term capital for recurring-revenue companies ready to scale sales, product and hiring without selling equity.",
    description: `Growth Capital is a senior term facility sized to your recurring revenue, built for companies that have found product-market fit and need fuel rather than a new shareholder. You keep ${claimIn("equity-kept")} of your equity and every board seat; ${brand} is paid back on a fixed schedule from the growth the capital creates.`,
    features: [
      "No equity dilution or board seats",
      `Funding in as little as ${claimIn("funding-speed")}`,
      `${term("terms-growth-capital-term", `${gcTermMonths} month`)} terms, interest-only options`,
      "Draw in tranches as you hit milestones",
    ],
    chips: ["No equity dilution", "No board seats", claimIn("decision-time", "Decision within 48 hours")],
    typicalSpeed: speed("growth-capital"),
    bestFor: `SaaS and subscription companies with ${revenueFloor(growthCapitalMinArrUsd)} in annual recurring revenue`,
    benefits: [
      {
        icon: "shield-check",
        title: "Keep your equity",
        description:
          "No warrants on standard facilities, no valuation negotiation and no dilution. Your cap table stays exactly as it is.",
      },
      {
        icon: "users",
        title: "Keep control",
        description:
          "No board seats, no observer rights and no say over your roadmap. Reporting is a short monthly financial update.",
      },
      {
        icon: "layers",
        title: "Draw as you grow",
        description:
          "Take a first tranche at closing and draw the rest as you hit agreed revenue milestones, so you only pay for capital you use.",
      },
      {
        icon: "calendar",
        title: "Interest-only runway",
        description: `Up to ${gcInterestOnly} of interest-only payments lets the capital work before principal repayment starts.`,
      },
      {
        icon: "zap",
        title: "Venture-speed process",
        description: `A decision within ${claimIn("decision-time")} of a complete application and funds typically in ${speed("growth-capital")}, not the months an equity round takes.`,
      },
      {
        icon: "handshake",
        title: "A partner for the next round",
        description:
          "Facilities can be resized as your ARR grows, and we coordinate with existing investors and lenders so intercreditor terms are clean.",
      },
    ],
    steps: [
      {
        title: "Apply and connect your data",
        description: `Complete the ${claimIn("application-time", `${figures.applicationMinutes}-minute`)} application and securely connect your accounting, billing and bank accounts.`,
        duration: stepTime("growth-capital", 1),
      },
      {
        title: "Underwriting review",
        description:
          "Our analysts review revenue quality, growth, retention and burn, then confirm indicative terms on a call.",
        duration: stepTime("growth-capital", 2),
      },
      {
        title: "Term sheet and diligence",
        description: `You receive a term sheet within ${claimIn("decision-time")} of a complete file; confirmatory diligence covers contracts and financial statements.`,
        duration: stepTime("growth-capital", 3),
      },
      {
        title: "Close and fund",
        description: "Sign the loan documents electronically and receive the first tranche by wire.",
        duration: stepTime("growth-capital", 4),
      },
    ],
    requirements: [
      {
        category: "Financial",
        items: [
          `At least ${formatUsdCompact(growthCapitalMinArrUsd)} in annual recurring revenue (ARR)`,
          "5%+ average monthly revenue growth over the last 6 months",
          "At least 6 months of cash runway at closing",
          "Gross margin of 60% or higher",
        ],
      },
      {
        category: "Operating history",
        items: [
          "At least 2 years operating with revenue",
          "Net revenue retention of 90% or more",
          "US-incorporated business with a US bank account",
        ],
      },
      {
        category: "Documentation",
        items: [
          "Last 24 months of monthly financial statements (P&L and balance sheet)",
          "Current cap table and existing debt schedule",
          "Last 12 months of bank statements",
        ],
      },
    ],
    disqualifiers: [
      "Customer concentration above 40% (one customer providing more than 40% of revenue)",
      "Less than 6 months of cash runway with no funded plan to extend it",
      "Declining revenue over the last two quarters",
      "Open bankruptcy, or an unresolved tax lien or judgment",
      "Existing senior lenders who will not subordinate or share collateral",
    ],
    seo: {
      title: `Growth Capital: ${range("growth-capital")} non-dilutive funding | ${brand}`,
      description: `Growth capital ${fromTo("growth-capital")} for recurring-revenue companies. No equity dilution, no board seats, a decision within ${claimIn("decision-time")} and funding in ${claimIn("funding-speed")}.`,
    },
  },
  {
    slug: "revenue-based-financing",
    title: productTitles["revenue-based-financing"],
    icon: "line-chart",
    range: rangeOf("revenue-based-financing"),
    subtitle: "Capital repaid as a share of monthly revenue, so payments flex with your business.",
    cardDescription:
      "Funding repaid as a fixed share of monthly revenue: payments shrink in a slow month and rise when sales grow.",
    description:
      "Revenue-Based Financing gives you an upfront sum for a single, fixed fee and collects a small agreed percentage of monthly revenue until that total is repaid. There is no interest rate that compounds, no personal guarantee on standard deals and no equity, which makes it a natural fit for marketing, inventory and other spend that pays back quickly.",
    features: [
      `Repay ${rbfShare} of monthly revenue`,
      "One flat fee, no compounding interest",
      "No personal guarantee on standard deals",
      `Offer within ${claimIn("decision-time")} of linking accounts`,
    ],
    chips: ["Payments flex with revenue", "One flat fee", "No personal guarantee"],
    typicalSpeed: speed("revenue-based-financing"),
    bestFor: "E-commerce, SaaS and service businesses with steady monthly revenue",
    benefits: [
      {
        icon: "repeat",
        title: "Payments follow revenue",
        description: `You remit an agreed ${rbfShare} of monthly revenue. In a slow month you pay less; there is no fixed installment to miss.`,
      },
      {
        icon: "percent",
        title: "A flat, transparent fee",
        description: `One fee agreed upfront, typically ${rbfFee} of the amount funded. You know the total cost on day one, however long repayment takes.`,
      },
      {
        icon: "shield-check",
        title: "No equity, no guarantee",
        description:
          "No dilution, no warrants and no personal guarantee on standard facilities. The financing is underwritten on your revenue.",
      },
      {
        icon: "zap",
        title: "Fast, data-driven decisions",
        description: `Link your bank, payments and accounting accounts and receive an offer within ${claimIn("decision-time")}, often the same day.`,
      },
      {
        icon: "target",
        title: "Built for payback spend",
        description:
          "Ideal for ad spend, inventory and hiring that returns cash within months, so the financing pays for itself.",
      },
      {
        icon: "rocket",
        title: "Top up as you grow",
        description:
          "Once half of a facility is repaid you can apply for a top-up sized to your new revenue, without starting over.",
      },
    ],
    steps: [
      {
        title: "Apply and link accounts",
        description:
          "Submit the short application and connect your bank, payment processor and accounting software read-only.",
        duration: stepTime("revenue-based-financing", 1),
      },
      {
        title: "Revenue analysis",
        description: `We analyse ${notAClaim("requirement", "12 months")} of revenue, seasonality and customer mix to size the facility and the revenue share.`,
        duration: stepTime("revenue-based-financing", 2),
      },
      {
        title: "Offer and agreement",
        description:
          "Review the offer with a funding specialist, choose the amount and sign the agreement electronically.",
        duration: stepTime("revenue-based-financing", 3),
      },
      {
        title: "Funding",
        description: "Funds arrive by wire, and remittances start with your next monthly revenue report.",
        duration: stepTime("revenue-based-financing", 4),
      },
    ],
    requirements: [
      {
        category: "Financial",
        items: [
          "At least $25K in monthly revenue",
          "No single customer above 30% of revenue",
          "Gross margin of 40% or higher",
        ],
      },
      {
        category: "Operating history",
        items: [
          "At least 12 months of revenue history",
          "Revenue collected through a business bank account or payment processor",
          "US-based business entity (LLC, C corp or S corp)",
        ],
      },
      {
        category: "Documentation",
        items: [
          "Read-only access to your business bank and payment accounts",
          "Last 12 months of bank statements",
          "Year-to-date P&L",
        ],
      },
    ],
    disqualifiers: [
      "Monthly revenue below $25K",
      "Less than 12 months of revenue history",
      "A single customer above 30% of revenue",
      "Revenue down more than 25% over the last 6 months",
      "Existing revenue-share or merchant cash advance obligations that cannot be refinanced",
    ],
    seo: {
      title: `Revenue-Based Financing: ${range("revenue-based-financing")} that flexes with revenue | ${brand}`,
      description: `Revenue-based financing ${fromTo("revenue-based-financing")}, repaid as a share of monthly revenue. One flat fee, no equity and no personal guarantee on standard deals.`,
    },
  },
  {
    slug: "bridge-funding",
    title: productTitles["bridge-funding"],
    icon: "zap",
    range: rangeOf("bridge-funding"),
    subtitle: "Short-term capital that carries you to your next round, sale or refinance.",
    cardDescription:
      "Short-term capital to cover the gap before a funding round, a large receivable, an acquisition close or a refinance.",
    description: `Bridge Funding is short-term financing with ${bridgeTermMonth} terms for companies with a clear, near-term source of repayment. It keeps payroll and growth on track while a round closes, a contract pays out or a property sale completes, without a discounted equity bridge that dilutes existing holders.`,
    features: [
      `${bridgeTermMonth} terms`,
      `Funding in as little as ${bridgeFastest}`,
      "Interest-only payments available",
      "No prepayment penalty",
    ],
    chips: [`Funds in as little as ${bridgeFastest}`, `${bridgeTermMonth} terms`, "No prepayment penalty"],
    typicalSpeed: speed("bridge-funding"),
    bestFor: "Companies with a defined repayment event: a round, a sale, a receivable or a refinance",
    benefits: [
      {
        icon: "clock",
        title: "Speed when timing matters",
        description: `Decisions within ${claimIn("decision-time")} and funds in as little as ${bridgeFastest}, so a delayed round or late payment does not stall the business.`,
      },
      {
        icon: "calendar",
        title: "Terms sized to the gap",
        description: `Choose a term from ${term("terms-bridge-funding-term", `${bridgeTerm.min} to ${bridgeTerm.max} months`)} to match your expected repayment event, with interest-only payments until then.`,
      },
      {
        icon: "shield-check",
        title: "No dilutive bridge note",
        description:
          "Avoid convertible notes with discounts and caps that reprice your next round. Your existing investors are not diluted.",
      },
      {
        icon: "banknote",
        title: "Repay early, pay less",
        description:
          "No prepayment penalty: when your round closes early, repay and stop paying interest that day.",
      },
      {
        icon: "briefcase",
        title: "Flexible use of funds",
        description:
          "Cover payroll, inventory, a supplier deposit or a down payment. We underwrite the repayment event, not the spend.",
      },
      {
        icon: "handshake",
        title: "Investor-friendly structure",
        description:
          "We coordinate with your lead investor or buyer, and terms are designed to sit cleanly alongside the coming round.",
      },
    ],
    steps: [
      {
        title: "Apply online",
        description: "Tell us how much you need, for how long, and what event will repay the bridge.",
        duration: stepTime("bridge-funding", 1),
      },
      {
        title: "Repayment event review",
        description:
          "We verify the repayment source: a term sheet, signed purchase agreement, receivable or refinance commitment.",
        duration: stepTime("bridge-funding", 2),
      },
      {
        title: "Term sheet",
        description: "Receive a term sheet with the amount, term, rate and security, and agree final terms.",
        duration: stepTime("bridge-funding", 3),
      },
      {
        title: "Close and fund",
        description: "Sign electronically and receive funds by wire.",
        duration: stepTime("bridge-funding", 4),
      },
    ],
    requirements: [
      {
        category: "Repayment",
        items: [
          "Terms from 6-18 months",
          "A documented source of repayment within 18 months (signed term sheet, purchase agreement, receivable or refinance commitment)",
          "Repayment event independently verifiable by our underwriters",
        ],
      },
      {
        category: "Financial",
        items: [
          "At least $250K in annual revenue, or a committed lead investor",
          "At least 3 months of cash runway at closing",
        ],
      },
      {
        category: "Documentation",
        items: [
          "Evidence of the repayment event (term sheet, LOI, contract or invoice)",
          "Last 6 months of bank statements",
          "Current cap table and debt schedule",
        ],
      },
    ],
    disqualifiers: [
      "No identifiable source of repayment within 18 months",
      "A repayment event that depends on a round without a signed term sheet or committed lead",
      "Funds needed for a term longer than 18 months (see Growth Capital or SBA Loans)",
      "Open bankruptcy, or an unresolved tax lien or judgment",
    ],
    seo: {
      title: `Bridge Funding: ${range("bridge-funding")} short-term capital | ${brand}`,
      description: `Bridge funding ${fromTo("bridge-funding")} with ${bridgeTermMonth} terms to carry your business to its next round, sale or refinance. Funds in as little as ${bridgeFastest}.`,
    },
  },
  {
    slug: "strategic-financing",
    title: productTitles["strategic-financing"],
    icon: "percent",
    range: rangeOf("strategic-financing"),
    subtitle: `Business credit at ${introRate} introductory interest, arranged and structured by our team.`,
    cardDescription: `${introRate} introductory-rate business credit lines arranged across our lender network, for working capital that costs nothing while you grow.`,
    description: `0% Strategic Financing combines ${introRate} introductory-rate business credit lines from our partner banks into one working-capital plan. ${brand} handles the applications, sequencing and limits, then gives you a repayment plan so balances are cleared or refinanced before promotional periods end.`,
    features: [
      `${introRate} introductory interest for ${introMonths}`,
      "No collateral required",
      "Builds your business credit profile",
      "One application across partner banks",
    ],
    chips: [`${introRate} intro interest`, "No collateral", "Builds business credit"],
    typicalSpeed: speed("strategic-financing"),
    bestFor: `Established small businesses with strong owner credit and ${revenueFloor(strategicMinRevenueUsd)} revenue`,
    benefits: [
      {
        icon: "percent",
        title: `${introRate} interest to start`,
        description: `Promotional periods of ${introMonths} at ${introRate} interest, so working capital costs nothing while it generates a return.`,
      },
      {
        icon: "lock",
        title: "No collateral",
        description:
          "Unsecured lines: no liens on equipment, receivables or property and no equity given up.",
      },
      {
        icon: "layers",
        title: "One plan, several lenders",
        description:
          "We sequence applications across partner banks to maximise approved limits and protect your credit profile.",
      },
      {
        icon: "line-chart",
        title: "Builds business credit",
        description:
          "On-time use reports to business credit bureaus, strengthening your profile for larger facilities later.",
      },
      {
        icon: "piggy-bank",
        title: "Pay only for what you use",
        description: "Draw as needed. There is nothing to pay on a limit you do not use.",
      },
      {
        icon: "scale",
        title: "A repayment plan up front",
        description:
          "Before you draw, we map a plan to repay or refinance each balance ahead of its promotional end date.",
      },
    ],
    steps: [
      {
        title: "Apply and credit review",
        description:
          "A short application and a soft credit review confirm your eligibility and likely limits.",
        duration: stepTime("strategic-financing", 1),
      },
      {
        title: "Strategy session",
        description:
          "A funding specialist designs the lender sequence, target limits and a repayment plan with you.",
        duration: stepTime("strategic-financing", 2),
      },
      {
        title: "Lender applications",
        description:
          "We prepare and submit applications to partner banks in the planned order and track each decision.",
        duration: stepTime("strategic-financing", 3),
      },
      {
        title: "Activate your lines",
        description:
          "Cards and lines are issued and activated, and we review the plan with you before first use.",
        duration: stepTime("strategic-financing", 4),
      },
    ],
    requirements: [
      {
        category: "Financial",
        items: [
          `At least ${formatUsdCompact(strategicMinRevenueUsd)} in annual revenue`,
          "Owner personal credit score of 680 or higher",
          "Credit utilisation below 30% on existing cards",
        ],
      },
      {
        category: "Operating history",
        items: [
          "At least 2 years in business",
          "A registered US business entity with an EIN",
          "No more than 3 new credit inquiries in the last 6 months",
        ],
      },
      {
        category: "Documentation",
        items: [
          "Most recent business tax return",
          "Last 3 months of business bank statements",
          "Government-issued ID for each applying owner",
        ],
      },
    ],
    disqualifiers: [
      "Annual revenue below $500K",
      "Owner credit score below 680",
      "Bankruptcy in the last 7 years",
      "Recent late payments (30+ days) on credit accounts",
      "More than 3 new credit inquiries in the last 6 months",
    ],
    seo: {
      title: `0% Strategic Financing: ${range("strategic-financing")} at ${introRate} intro interest | ${brand}`,
      description: `0% strategic financing ${fromTo("strategic-financing")}: business credit lines at ${introRate} introductory interest, arranged across partner banks with no collateral required.`,
    },
  },
  {
    slug: "real-estate-financing",
    title: productTitles["real-estate-financing"],
    icon: "building",
    range: rangeOf("real-estate-financing"),
    subtitle: "Commercial property loans to buy, refinance or improve the space your business runs on.",
    cardDescription:
      "Commercial mortgages for owner-occupied and investment property: acquisition, refinance, cash-out and renovation.",
    description:
      "Real Estate Financing covers owner-occupied and income-producing commercial property, from a first office or warehouse to a multi-property portfolio. Our team structures the loan, works with appraisers and closing counsel, and places the deal with the lender best suited to your property type.",
    features: [
      `Up to ${ltv} loan-to-value`,
      `Terms up to ${reAmortisation}`,
      "Fixed and floating rate options",
      "Acquisition, refinance and cash-out",
    ],
    chips: [`Up to ${ltv} LTV`, `Terms up to ${reAmortisation}`, "Fixed or floating rates"],
    typicalSpeed: speed("real-estate-financing"),
    bestFor: "Owners buying, refinancing or improving commercial property",
    benefits: [
      {
        icon: "building",
        title: "Every commercial property type",
        description:
          "Office, industrial, retail, mixed-use, multifamily and owner-occupied special-purpose property.",
      },
      {
        icon: "home",
        title: "Own instead of rent",
        description:
          "Lock in occupancy costs and build equity in the property your business already pays for every month.",
      },
      {
        icon: "scale",
        title: `Leverage up to ${ltv} LTV`,
        description: `Borrow up to ${ltv} of the appraised value with ${term("terms-real-estate-financing-down-payment", `${span(realEstate.downPaymentPercent)}%`)} down, preserving cash for operations.`,
      },
      {
        icon: "calendar",
        title: "Long, predictable terms",
        description: `Amortisation up to ${reAmortisation} with fixed-rate periods of ${term("terms-real-estate-financing-fixed-rate", `${realEstate.fixedRateYears.slice(0, -1).join(", ")} or ${realEstate.fixedRateYears.at(-1)} years`)}.`,
      },
      {
        icon: "key",
        title: "Cash-out refinance",
        description:
          "Release equity from property you already own to fund expansion, equipment or acquisitions.",
      },
      {
        icon: "landmark",
        title: "Lender network",
        description:
          "We place your loan with banks, life companies and debt funds, and negotiate terms on your behalf.",
      },
    ],
    steps: [
      {
        title: "Apply and share property details",
        description:
          "Tell us about the property, purchase price or current value, rent roll and how your business uses it.",
        duration: stepTime("real-estate-financing", 1),
      },
      {
        title: "Term sheet",
        description: "We size the loan against value and cash flow and issue a term sheet with rate options.",
        duration: stepTime("real-estate-financing", 2),
      },
      {
        title: "Appraisal and underwriting",
        description:
          "Third-party appraisal, environmental and title reports are ordered while underwriting completes.",
        duration: stepTime("real-estate-financing", 3),
      },
      {
        title: "Commitment and closing",
        description: "Receive the commitment letter, then close with counsel and fund at the title company.",
        duration: stepTime("real-estate-financing", 4),
      },
    ],
    requirements: [
      {
        category: "Property",
        items: [
          "Loan-to-value (LTV) up to 80% of appraised value",
          "Satisfactory appraisal, title and Phase I environmental report",
          "Commercial, mixed-use or 5+ unit residential property",
        ],
      },
      {
        category: "Financial",
        items: [
          "20-25% down payment from the borrower's own funds",
          "Debt service coverage ratio (DSCR) of at least 1.25x",
          "Post-closing liquidity of at least 6 months of debt service",
        ],
      },
      {
        category: "Documentation",
        items: [
          "Purchase agreement or current mortgage statement",
          "Rent roll and 2 years of property operating statements",
          "2 years of business and personal tax returns",
        ],
      },
    ],
    disqualifiers: [
      "Requested loan above 80% loan-to-value",
      "Debt service coverage below 1.25x",
      "Less than 20% down payment available",
      "Unresolved environmental or title issues",
      "Raw land or speculative construction without pre-leasing",
    ],
    seo: {
      title: `Real Estate Financing: ${range("real-estate-financing")} commercial property loans | ${brand}`,
      description: `Commercial real estate financing ${fromTo("real-estate-financing")}: acquisitions, refinance and cash-out with up to ${ltv} LTV and terms up to ${reAmortisation}. Get terms in days.`,
    },
  },
  {
    slug: "sba-loans",
    title: productTitles["sba-loans"],
    icon: "landmark",
    range: rangeOf("sba-loans"),
    subtitle:
      "Government-backed loans with low down payments and the longest terms available to small businesses.",
    cardDescription:
      "SBA 7(a) and 504 loans with long terms and low down payments for working capital, equipment, acquisitions and property.",
    description:
      "SBA Loans are made by our partner lenders and partially guaranteed by the US Small Business Administration, which keeps down payments low and terms long. Our team prepares your SBA package, matches you with a preferred lender and manages the file through approval and closing.",
    features: [
      `As little as ${sbaDown} down`,
      `Terms up to ${sbaRealEstateYears}`,
      "Capped, competitive interest rates",
      "Working capital, equipment, real estate, acquisitions",
    ],
    chips: [
      `${sbaDown} down minimum`,
      `Up to ${term("terms-sba-loans-real-estate-term", `${sba.realEstateYearsMax}-year`)} terms`,
      "Government-backed",
    ],
    typicalSpeed: speed("sba-loans"),
    bestFor: "Profitable small businesses wanting the lowest payment over the longest term",
    benefits: [
      {
        icon: "piggy-bank",
        title: "Low down payment",
        description: `As little as ${sbaDown} down keeps cash in the business for operations and growth.`,
      },
      {
        icon: "calendar",
        title: "The longest terms",
        description: `Up to ${sbaRealEstateYears} for real estate and up to ${term("terms-sba-loans-other-term", `${sba.otherUsesYearsMax} years`)} for working capital and equipment, for lower monthly payments.`,
      },
      {
        icon: "percent",
        title: "Rates capped by the SBA",
        description:
          "Maximum rates are set by SBA rules as a spread over the prime rate, so pricing stays competitive.",
      },
      {
        icon: "briefcase",
        title: "Broad use of funds",
        description:
          "Working capital, equipment, inventory, business acquisitions, partner buyouts, refinancing and real estate.",
      },
      {
        icon: "file-check",
        title: "Package prepared for you",
        description:
          "We assemble the SBA forms, projections and supporting documents, so your file reaches the lender complete.",
      },
      {
        icon: "badge-check",
        title: "Preferred lender network",
        description:
          "We work with SBA Preferred Lenders who can approve loans in-house, without waiting for an SBA review.",
      },
    ],
    steps: [
      {
        title: "Prequalification",
        description:
          "A short application and call confirm SBA eligibility, the right program (7(a) or 504) and the likely amount.",
        duration: stepTime("sba-loans", 1),
      },
      {
        title: "Package preparation",
        description:
          "We gather tax returns, financial statements, projections and SBA forms into a complete lender package.",
        duration: stepTime("sba-loans", 2),
      },
      {
        title: "Lender underwriting and approval",
        description: "A preferred lender underwrites the loan and issues the SBA-guaranteed commitment.",
        duration: stepTime("sba-loans", 3),
      },
      {
        title: "Closing and disbursement",
        description:
          "Sign loan documents with the lender and receive funds, or draw them as a project progresses.",
        duration: stepTime("sba-loans", 4),
      },
    ],
    requirements: [
      {
        category: "Financial",
        items: [
          "10% down minimum (equity injection) on acquisitions, real estate and start-up uses",
          "Cash flow covering proposed debt payments at 1.15x or more",
          "Owner personal credit score of 650 or higher",
        ],
      },
      {
        category: "Ownership and guarantees",
        items: [
          "For-profit US business meeting SBA size standards",
          "Owners with 20%+ ownership must provide a personal guarantee",
          "Owners are US citizens or lawful permanent residents",
        ],
      },
      {
        category: "Loan terms",
        items: [
          "Up to 25 years for real estate",
          "Up to 10 years for working capital, equipment and other uses",
        ],
      },
      {
        category: "Documentation",
        items: [
          "3 years of business and personal tax returns",
          "Year-to-date P&L and balance sheet",
          "Personal financial statement (SBA Form 413) for each 20%+ owner",
        ],
      },
    ],
    disqualifiers: [
      "Less than 10% down available where an equity injection is required",
      "An owner with 20%+ ownership unwilling to guarantee the loan",
      "Past default on a government-backed loan",
      "Ineligible businesses: passive real estate investment, lending and speculative activities",
      "Owners currently on parole or probation",
    ],
    seo: {
      title: `SBA Loans: ${range("sba-loans")} with as little as ${sbaDown} down | ${brand}`,
      description: `SBA 7(a) and 504 loans ${fromTo("sba-loans")} with as little as ${sbaDown} down and terms up to ${sbaRealEstateYears}. We prepare your package and match you with a preferred lender.`,
    },
  },
];

/** What a home-page product card and the comparison dialog beside the cards show. */
export type ProductCardData = Pick<
  Product,
  "slug" | "icon" | "title" | "cardDescription" | "range" | "features" | "typicalSpeed" | "bestFor"
>;

export function productCards(): ProductCardData[] {
  return products.map(({ slug, icon, title, cardDescription, range, features, typicalSpeed, bestFor }) => ({
    slug,
    icon,
    title,
    cardDescription,
    range,
    features,
    typicalSpeed,
    bestFor,
  }));
}

const slugsByMin = [...productSlugs].sort((a, b) => ranges[a].min - ranges[b].min);
const slugsByMax = [...productSlugs].sort((a, b) => ranges[b].max - ranges[a].max);

/** Copy of the home page's products section and its comparison dialog. */
export type ProductsSectionCopy = typeof productsSectionCopy;
export const productsSectionCopy = {
  eyebrow: "Funding solutions",
  title: "Capital structured around how your business grows",
  description: `Six non-dilutive funding options from ${rangeEnd(slugsByMin[0], "min")} to ${rangeEnd(slugsByMax[0], "max")}. Keep your equity and your board, and get a decision within ${claimIn("decision-time")}.`,
  rangeLabel: "Funding range",
  compare: {
    trigger: "Compare All Options",
    title: "Compare funding options",
    description:
      "All six products side by side. Not sure which fits? Apply once and a funding specialist will recommend the right structure.",
    columns: {
      product: "Product",
      range: "Funding range",
      speed: "Typical time to fund",
      bestFor: "Best for",
    },
    detailsLink: "Details",
  },
  apply: "Start Your Application",
  learnMore: "Learn More",
} as const;
