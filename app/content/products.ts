/**
 * The product catalogue: the one source for product cards, product pages,
 * the comparison, breadcrumbs, routes, the sitemap and page metadata.
 * Ranges are numbers; the UI formats them ("$500K-$5M").
 */
import type { ContentIconName } from "./icons";

export const productSlugs = [
  "growth-capital",
  "revenue-based-financing",
  "bridge-funding",
  "strategic-financing",
  "real-estate-financing",
  "sba-loans",
] as const;

export type ProductSlug = (typeof productSlugs)[number];

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
  range: { min: number; max: number };
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

export function productPath(slug: ProductSlug): string {
  return `/products/${slug}`;
}

export function findProductByPath(pathname: string): Product | undefined {
  const normalized = pathname.replace(/\/+$/, "");
  return products.find((product) => productPath(product.slug) === normalized);
}

export const products: Product[] = [];
