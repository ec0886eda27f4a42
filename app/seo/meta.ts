import type { MetaDescriptor } from "react-router";
import { claimParts, claimPlain } from "#domain/claims/text";
import { siteFacts } from "#domain/site-facts";
import { absoluteUrl } from "~/lib/public-env";
import { organizationJsonLd } from "./structured-data";

export interface PageMetaInput {
  /** Full document title, unique per route. Claims in it and in the description are marked (domain/claims/text.ts). */
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

/**
 * The claims a page's text-only parts use (title, description, JSON-LD), as
 * [id, words] pairs: none of them can hold a `data-claim` element, so the page
 * names them in `<meta name="claims">` for the build's check (docs/claims.md).
 */
function textOnlyClaims(...texts: string[]): [string, string][] {
  const pairs = texts.flatMap((text) =>
    claimParts(text).flatMap((part) =>
      typeof part !== "string" && "id" in part ? [[part.id, part.text]] : [],
    ),
  );
  return [...new Map(pairs.map((pair) => [pair.join("\n"), pair as [string, string]])).values()];
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const { path, ogType = "website", noindex = false } = input;
  const ldJson = JSON.stringify(input.structuredData ?? []);
  const claims = textOnlyClaims(input.title, input.description, ldJson);
  const title = claimPlain(input.title);
  const description = claimPlain(input.description);
  const structuredData = JSON.parse(claimPlain(ldJson)) as object[];
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
    ...(claims.length > 0 ? [{ name: "claims", content: JSON.stringify(claims) }] : []),
  ];
}
