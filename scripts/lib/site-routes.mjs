// The routes to measure or look at: every page in the built sitemap (which
// the product and legal catalogues feed), the document room's two pages (kept
// out of the sitemap: they are noindex), plus one unknown path for the 404.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const NOT_FOUND_PROBE = "/this-page-does-not-exist";

/**
 * The room's pages: asking for a link, and a room link as the receipt e-mail
 * carries one (a token of the right shape that opens nothing: the page is the
 * same welcome for every token until "Open my documents" is pressed).
 */
export const ROOM_PROBES = ["/documents", `/documents/${"x".repeat(43)}`];

export function siteRoutes(buildDir = process.env.RR_BUILD_DIR || "build") {
  const sitemap = readFileSync(join(buildDir, "client", "sitemap.xml"), "utf8");
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return [...paths, ...ROOM_PROBES, NOT_FOUND_PROBE];
}
