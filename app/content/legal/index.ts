import { cookiePolicy } from "./cookie-policy";
import { privacyPolicy } from "./privacy-policy";
import { legalPageSlugs, type LegalPageSlug } from "./slugs";
import { termsOfService } from "./terms-of-service";
import type { LegalDocument } from "./types";

export { legalContact, legalDocumentPath, legalSectionId } from "./pages";
export type { LegalBlock, LegalDocument, LegalSection } from "./types";
export { cookieCategories, cookieCategoryHeading, type CookieCategory } from "./cookie-policy";

const bySlug: Record<LegalPageSlug, LegalDocument> = {
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
  "cookie-policy": cookiePolicy,
};

/** Every legal page, one per slug, in the order of `legalPageSlugs`. */
export const legalDocuments: readonly LegalDocument[] = legalPageSlugs.map((slug) => bySlug[slug]);

/** "/privacy-policy" or "/privacy-policy/" (static hosts add the slash) -> the Privacy Policy. */
export function findLegalDocumentByPath(pathname: string): LegalDocument | undefined {
  const slug = pathname.replace(/^\/+|\/+$/g, "");
  return legalDocuments.find((doc) => doc.slug === slug);
}
