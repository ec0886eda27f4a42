import { legalPagePath, legalPageSlugs } from "~/content/legal/slugs";
import { METHODOLOGY_PATH } from "~/content/methodology";
import { productPath, productSlugs } from "~/content/products";
import { TEXTING_PATH } from "~/content/texting-path";
import { absoluteUrl } from "~/lib/public-env";
import { OPT_OUT_PAGE_PATH } from "#domain/opt-out/form";

/** Every indexable page; prerendered to build/client/sitemap.xml. */
export function sitemapPaths(): string[] {
  return [
    "/",
    ...productSlugs.map(productPath),
    "/faq",
    METHODOLOGY_PATH,
    ...legalPageSlugs.map(legalPagePath),
    "/privacy-request",
    OPT_OUT_PAGE_PATH,
    TEXTING_PATH,
  ];
}

export function loader() {
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
