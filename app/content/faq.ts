/**
 * FAQ page content: four groups of four questions. Figures come from the
 * claims, the product catalogue and the site facts, never retyped here.
 */
import { formatUsdCompact } from "#domain/lib/format";
import { figures, ratingClaim } from "./claims";
import { claimIn, claimWording, productRangeClaimId } from "#domain/claims/register";
import { notAClaim } from "#domain/claims/text";
import { METHODOLOGY_PATH } from "./methodology";
import { products, type ProductSlug } from "./products";
import { siteFacts } from "#domain/site-facts";

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqGroup {
  /** Anchor on the FAQ page ("getting-started"). */
  id: string;
  title: string;
  items: FaqItem[];
}

function product(slug: ProductSlug) {
  const found = products.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`FAQ refers to a product missing from the catalogue: ${slug}`);
  return found;
}

const strategic = product("strategic-financing");
const realEstate = product("real-estate-financing");
const sba = product("sba-loans");
const { brand } = siteFacts;
const typicalWeeks = claimIn("typical-funding-time");

export const faqGroups: FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    items: [
      {
        question: "What is non-dilutive funding?",
        answer: `Non-dilutive funding is capital you repay rather than pay for with ownership. You do not issue shares, give up equity or add investors to your board. Once the funding is repaid, ${brand} has no further claim on your business, and every dollar of upside stays with you and your team.`,
      },
      {
        question: "How much funding can my business receive?",
        answer: `Most funding packages we arrange range from ${claimIn("typical-package")}. Individual programs span wider: ${strategic.title} starts at ${claimIn(productRangeClaimId(strategic.slug), formatUsdCompact(strategic.range.min))} for smaller needs, and ${realEstate.title} reaches ${claimIn(productRangeClaimId(realEstate.slug), formatUsdCompact(realEstate.range.max))}. We size every offer to your revenue and your capacity to repay, not to a fixed ticket.`,
      },
      {
        question: "Which businesses are a good fit?",
        answer:
          "We work with established, revenue-generating companies that are growing: software and services, healthcare, manufacturing, retail, real estate and more. Lenders look for consistent revenue, a track record of operating, and a clear plan for the capital. Each product page lists its exact eligibility requirements and the most common reasons an application is declined.",
      },
      {
        question: "Do I have to give up equity or a board seat?",
        answer: `No. Our funding is structured as debt or revenue-based financing, so you keep ${claimIn("equity-kept")} of your equity and full control of your company. We take no board seats, no observer rights and no say in how you run the business.`,
      },
    ],
  },
  {
    id: "application-process",
    title: "Application Process",
    items: [
      {
        question: "How do I apply?",
        answer: `Complete the online application on our home page. It has four short steps (company information, funding details, contact information, review and submit) and takes about ${claimIn("application-time")}. You can also book a free consultation first if you prefer to talk it through with a funding specialist.`,
      },
      {
        question: "How long does the process take?",
        answer: `Funding typically takes ${typicalWeeks} from application, and our average is ${claimIn("average-funding-time")}. We review every application within ${claimIn("review-time")} and give you a funding decision within ${claimIn("decision-time")}. Having your documents ready is the biggest thing you can do to speed up due diligence.`,
      },
      {
        question: "What documents will I need?",
        answer: `To start, only the application. For due diligence we usually ask for the last ${notAClaim("requirement", "12 months")} of business bank statements, your most recent financial statements (profit and loss and balance sheet), business tax returns and, where relevant, accounts receivable aging and a current cap table. Your funding specialist will confirm the exact list for your program.`,
      },
      {
        question: "Will applying affect my credit score?",
        answer:
          "No. Submitting an application and receiving a decision does not involve a hard credit inquiry. A full credit check happens only later in due diligence, and only after you have reviewed your term sheet and given your consent.",
      },
    ],
  },
  {
    id: "terms-and-repayment",
    title: "Terms & Repayment",
    items: [
      {
        question: "How does repayment work?",
        answer:
          "It depends on the program. Term loans and growth capital are repaid in fixed monthly installments, sometimes after an interest-only period. Revenue-based financing is repaid as a fixed share of your monthly revenue, so payments rise and fall with your sales. Your term sheet shows the full repayment schedule before you sign.",
      },
      {
        question: "What does the funding cost?",
        answer: `Pricing depends on the program, the amount, the term and the strength of your business. Every offer states the total cost of capital in writing, including any fees, before you commit: no hidden charges and no surprises at closing. Qualified businesses may also be eligible for ${strategic.title}.`,
      },
      {
        question: "Can I repay early?",
        answer:
          "Yes. Most of our programs allow early repayment, and many carry no prepayment penalty. Where a program does include prepayment terms, they are spelled out in your term sheet so you can compare offers on a like-for-like basis.",
      },
      {
        question: "Do you require collateral or a personal guarantee?",
        answer: `Many of our programs are secured by business assets or future receivables rather than personal property. Some require more: for ${sba.title}, for example, every owner with ${notAClaim("requirement", "20% or more")} of the business must provide a personal guarantee. Your specialist will explain exactly what is required before you apply for a term sheet.`,
      },
    ],
  },
  {
    id: "security-and-trust",
    title: "Security & Trust",
    items: [
      {
        question: "How do you protect my information?",
        answer:
          "Your application and documents are encrypted in transit and at rest, and access is limited to the people working on your funding. We never sell your personal or business information, and we share it only as needed to evaluate and fund your application.",
      },
      {
        question: "Who will see my financial data?",
        answer:
          "Your funding specialist and our underwriting team. If a capital partner is the best fit for your request, we tell you who they are and share your file with them only with your permission.",
      },
      {
        question: "How do I access, correct or delete my data?",
        answer: `Email ${siteFacts.privacyEmail} with your request. We answer privacy inquiries within ${claimIn("privacy-response-time")}. Some records must be kept for a period to meet lending and anti-fraud regulations; if so, we will tell you which ones and for how long.`,
      },
      {
        question: `Why should I trust ${brand}?`,
        answer: `Our team has funded ${claimIn("businesses-funded")} growing businesses and deployed more than ${claimIn("capital-deployed", formatUsdCompact(figures.capitalDeployedUsd))} in capital, with a ${claimWording("client-success-rate")} and a ${ratingClaim}. We bring ${claimWording("combined-experience")} in commercial lending and private credit, and every offer comes with clear written terms.`,
      },
    ],
  },
];

/** Every question and answer, in page order (for the FAQPage structured data). */
export const allFaqItems: FaqItem[] = faqGroups.flatMap((group) => group.items);

export const faqIntro = {
  eyebrow: "Help center",
  title: "Frequently Asked Questions",
  description: `Straight answers about non-dilutive funding, our application process, terms and how we protect your data. We review every application within ${claimIn("review-time")} and decide within ${claimIn("decision-time")}.`,
} as const;

export const faqContact = {
  title: "Still have questions?",
  description: "Talk to a funding specialist by email or phone,",
} as const;

export const faqSeo = {
  title: `Frequently Asked Questions | ${brand}`,
  description: `How non-dilutive funding works at ${brand}: amounts from ${claimIn("typical-package")}, funding in ${typicalWeeks}, review in ${claimIn("review-time")}, decisions in ${claimIn("decision-time")}, repayment terms and data security.`,
} as const;

export interface FaqPageContent {
  intro: { eyebrow: string; title: string; description: string };
  groups: FaqGroup[];
  contact: { title: string; description: string };
  /** The link at the page's end to the methodology page. */
  methodology: { text: string; label: string; href: string };
  seo: { title: string; description: string };
}

/** Everything the FAQ route shows, handed to the page by its build-time loader. */
export const faqPageContent: FaqPageContent = {
  intro: faqIntro,
  groups: faqGroups,
  contact: faqContact,
  methodology: {
    text: "What each figure on this site counts, and where it comes from:",
    label: "How we count",
    href: METHODOLOGY_PATH,
  },
  seo: faqSeo,
};
