/**
 * The product catalogue's index: slugs, titles and paths. Kept apart from the
 * full catalogue (products.ts) so the footer's product links on every page do
 * not load every product's page copy.
 */
export const productSlugs = [
  "growth-capital",
  "revenue-based-financing",
  "bridge-funding",
  "strategic-financing",
  "real-estate-financing",
  "sba-loans",
] as const;

export type ProductSlug = (typeof productSlugs)[number];

/** "Growth Capital"; also the breadcrumb label and the footer link. */
export const productTitles: Record<ProductSlug, string> = {
  "growth-capital": "Growth Capital",
  "revenue-based-financing": "Revenue-Based Financing",
  "bridge-funding": "Bridge Funding",
  "strategic-financing": "0% Strategic Financing",
  "real-estate-financing": "Real Estate Financing",
  "sba-loans": "SBA Loans",
};

export function productPath(slug: ProductSlug): string {
  return `/products/${slug}`;
}
