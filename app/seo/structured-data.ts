import { siteFacts } from "#domain/site-facts";
import { absoluteUrl } from "~/lib/public-env";

const organizationId = () => absoluteUrl("/#organization");

/** schema.org FinancialService describing the provider; on every page. */
export function organizationJsonLd() {
  const sameAs = Object.values(siteFacts.social).filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "FinancialService",
    "@id": organizationId(),
    name: siteFacts.brand,
    legalName: siteFacts.legalName,
    description: siteFacts.description,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/logo.svg"),
    email: siteFacts.email,
    telephone: siteFacts.phone.e164,
    foundingDate: String(siteFacts.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: siteFacts.address.street,
      addressLocality: siteFacts.address.city,
      addressRegion: siteFacts.address.region,
      postalCode: siteFacts.address.postalCode,
      addressCountry: siteFacts.address.country,
    },
    areaServed: { "@type": "Country", name: "United States" },
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** A reference to the organization for use inside other JSON-LD objects. */
export function organizationRef() {
  return { "@type": "FinancialService", "@id": organizationId(), name: siteFacts.brand };
}
