// The routes to measure or look at: every page in the built sitemap (which
// the product and legal catalogues feed), plus one unknown path for the 404.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const NOT_FOUND_PROBE = "/this-page-does-not-exist";

export function siteRoutes(buildDir = process.env.RR_BUILD_DIR || "build") {
  const sitemap = readFileSync(join(buildDir, "client", "sitemap.xml"), "utf8");
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return [...paths, NOT_FOUND_PROBE];
}
