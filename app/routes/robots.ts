import { absoluteUrl } from "~/lib/public-env";

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
