import type { MetaDescriptor } from "react-router";
import { siteFacts } from "#domain/site-facts";
import { absoluteUrl } from "~/lib/public-env";
import { organizationJsonLd } from "./structured-data";

export interface PageMetaInput {
  /** Full document title, unique per route. */
  title: string;
  description: string;
  /** Path of the canonical URL ("/faq"). */
  path: string;
  /** Extra JSON-LD objects for this page (Organization is always added). */
  structuredData?: object[];
  ogType?: "website" | "article";
  /** Pages like the 404 must not be indexed. */
  noindex?: boolean;
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function pageMeta({
  title,
  description,
  path,
  structuredData = [],
  ogType = "website",
  noindex = false,
}: PageMetaInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl("/og-image.png");
  return [
    { title },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: ogType },
    { property: "og:site_name", content: siteFacts.brand },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${siteFacts.brand}: ${siteFacts.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd() },
    ...structuredData.map((data) => ({ "script:ld+json": data })),
  ];
}
