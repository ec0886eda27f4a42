export const legalPageSlugs = ["privacy-policy", "terms-of-service", "cookie-policy"] as const;
export type LegalPageSlug = (typeof legalPageSlugs)[number];

/** Each legal page's title; other legal pages' copy links to a page where it names it. */
export const legalPageTitles: Record<LegalPageSlug, string> = {
  "privacy-policy": "Privacy Policy",
  "terms-of-service": "Terms of Service",
  "cookie-policy": "Cookie Policy",
};

export function legalPagePath(slug: LegalPageSlug): string {
  return `/${slug}`;
}
