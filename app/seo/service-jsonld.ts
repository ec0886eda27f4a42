import type { Product } from "~/content/products";
import { productPath } from "#domain/product-index";
import { absoluteUrl } from "~/lib/public-env";
import { organizationRef } from "./structured-data";

/**
 * schema.org Service for one product page. The funding range is expressed
 * through an Offer of a LoanOrCredit whose amount is a USD MonetaryAmount.
 */
export function serviceJsonLd(product: Product) {
  const url = absoluteUrl(productPath(product.slug));
  const areaServed = { "@type": "Country", name: "United States" };
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: product.title,
    description: product.description,
    serviceType: "Business financing",
    url,
    provider: organizationRef(),
    areaServed,
    audience: { "@type": "BusinessAudience", audienceType: product.bestFor },
    offers: {
      "@type": "Offer",
      url,
      areaServed,
      itemOffered: {
        "@type": "LoanOrCredit",
        name: product.title,
        amount: {
          "@type": "MonetaryAmount",
          currency: "USD",
          minValue: product.range.min,
          maxValue: product.range.max,
        },
      },
    },
  };
}

export interface BreadcrumbJsonLdItem {
  name: string;
  /** Site path ("/faq"); made absolute against the site URL. */
  path: string;
}

/**
 * schema.org BreadcrumbList matching the visible Breadcrumbs: "Home" first,
 * then the given items in order.
 */
export function breadcrumbJsonLd(items: BreadcrumbJsonLdItem[]) {
  const trail: BreadcrumbJsonLdItem[] = [{ name: "Home", path: "/" }, ...items];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path),
    })),
  };
}
