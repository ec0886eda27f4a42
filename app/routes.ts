import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { productPath, productSlugs } from "./content/products";
import { legalPageSlugs } from "./content/legal/slugs";

// Every URL is fixed (published links must keep working); products and legal pages come
// from their catalogues so a new entry gets its route, prerender and sitemap.
export default [
  index("routes/home.tsx"),
  route("faq", "routes/faq.tsx"),
  route("methodology", "routes/methodology.tsx"),
  route("opt-out", "routes/opt-out.tsx"),
  route("opt-out/received", "routes/opt-out-received.tsx"),
  route("texting", "routes/texting.tsx"),
  ...legalPageSlugs.map((slug) => route(slug, "routes/legal.tsx", { id: `legal/${slug}` })),
  route("privacy-request", "routes/privacy-request.tsx"),
  // The document room: "/documents" asks for a link; every "/documents/<token>" is served the
  // welcome prerendered at "/documents/open" (server/site/load-site.ts).
  route("documents", "routes/documents.tsx"),
  route("documents/open", "routes/document-room.tsx"),
  ...productSlugs.map((slug) =>
    route(productPath(slug).slice(1), "routes/product.tsx", { id: `product/${slug}` }),
  ),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
