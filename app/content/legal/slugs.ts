export const legalPageSlugs = ["privacy-policy", "terms-of-service", "cookie-policy"] as const;
export type LegalPageSlug = (typeof legalPageSlugs)[number];
