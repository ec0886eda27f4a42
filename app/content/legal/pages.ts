// What the legal pages' components need besides a document itself; apart from
// the documents so that a page's JavaScript does not carry all three texts.
import { siteFacts } from "#domain/site-facts";
import { legalPagePath, type LegalPageSlug } from "./slugs";

export function legalDocumentPath(doc: { slug: LegalPageSlug }): string {
  return legalPagePath(doc.slug);
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
export function legalContact(doc: { slug: LegalPageSlug }): {
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
