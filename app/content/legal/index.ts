import { siteFacts } from "~/content/site-facts";
import { cookiePolicy } from "./cookie-policy";
import { privacyPolicy } from "./privacy-policy";
import { legalPageSlugs, type LegalPageSlug } from "./slugs";
import { termsOfService } from "./terms-of-service";
import type { LegalDocument } from "./types";

export type { LegalBlock, LegalDocument, LegalSection } from "./types";
export { cookieCategories, cookieCategoryHeading, type CookieCategory } from "./cookie-policy";

const bySlug: Record<LegalPageSlug, LegalDocument> = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
};

/** Every legal page, one per slug, in the order of `legalPageSlugs`. */
export const legalDocuments: readonly LegalDocument[] = legalPageSlugs.map((slug) => bySlug[slug]);

export function legalDocumentPath(doc: Pick<LegalDocument, "slug">): string {
  return `/${doc.slug}`;
}

/** "/privacy-policy" or "/privacy-policy/" (static hosts add the slash) -> the Privacy Policy. */
export function findLegalDocumentByPath(pathname: string): LegalDocument | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, "");
  return legalDocuments.find((doc) => doc.slug === slug);
}

/** Anchor id for a section: "California privacy rights (CCPA/CPRA)" -> "california-privacy-rights-ccpa-cpra". */
export function legalSectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Who answers questions about a document: the privacy team for privacy and cookies, the main desk for the terms. */
export function legalContact(doc: Pick<LegalDocument, "slug">): {
  heading: string;
  text: string;
  email: string;
} {
  if (doc.slug === "terms-of-service") {
    return {
      heading: "Questions about these terms?",
      text: "Our team is happy to explain any part of these terms before you apply.",
      email: siteFacts.email,
    };
  }
  return {
    heading: "Questions about your privacy?",
    text: "Our privacy team answers every inquiry within 30 days, usually much sooner.",
    email: siteFacts.privacyEmail,
  };
}
