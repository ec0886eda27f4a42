import { legalPageSlugs } from "~/content/legal/slugs";
import { productPath, products } from "~/content/products";

export interface PageUnderTest {
  path: string;
  h1: string | RegExp;
  /** JSON-LD @type values the page must carry besides the organization. */
  jsonLdTypes: string[];
  breadcrumb?: string;
}

const legalH1: Record<(typeof legalPageSlugs)[number], string> = {
  "privacy-policy": "Privacy Policy",
  "terms-of-service": "Terms of Service",
  "cookie-policy": "Cookie Policy",
};

/** Every public route: the home page, the FAQ, the methodology page, the legal pages, the privacy request form, the opt-out and texting pages and each product page. */
export const pages: PageUnderTest[] = [
  { path: "/", h1: "Scale your business without limits", jsonLdTypes: ["Review"] },
  { path: "/faq", h1: "Frequently Asked Questions", jsonLdTypes: ["FAQPage"], breadcrumb: "FAQ" },
  { path: "/methodology", h1: "How we count our figures", jsonLdTypes: [], breadcrumb: "How we count" },
  ...legalPageSlugs.map((slug) => ({ path: `/${slug}`, h1: legalH1[slug], jsonLdTypes: [] })),
  { path: "/privacy-request", h1: "Privacy request", jsonLdTypes: [], breadcrumb: "Privacy request" },
  { path: "/opt-out", h1: "Stop texts and marketing e-mail", jsonLdTypes: [], breadcrumb: "Opt out" },
  {
    path: "/texting",
    h1: "Text messages from us, and how you agree to them",
    jsonLdTypes: [],
    breadcrumb: "Text messages",
  },
  ...products.map((product) => ({
    path: productPath(product.slug),
    h1: product.title,
    jsonLdTypes: ["Service"],
    breadcrumb: product.title,
  })),
];
