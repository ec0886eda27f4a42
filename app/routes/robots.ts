import { absoluteUrl } from "~/content/site-facts";

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl("/sitemap.xml")}\n`;
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
