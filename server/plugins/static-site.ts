import fastifyStatic from "@fastify/static";
import fp from "fastify-plugin";
import { ROOM_PAGE_PATH } from "#domain/documents/room-view";
import { NOT_FOUND_PAGE, type Site } from "../site/load-site";

/** The document room's pages: a link's token in the address, so it goes nowhere else and is kept nowhere. */
const isRoomPage = (pathname: string) =>
  pathname === ROOM_PAGE_PATH || pathname.startsWith(`${ROOM_PAGE_PATH}/`);

/** Picks the best encoding the client accepts among those we have. */
export function pickEncoding(header: string | undefined, available: { br?: unknown; gzip?: unknown }) {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.br && allows("br")) return "br" as const;
  if (available.gzip && allows("gzip")) return "gzip" as const;
  return undefined;
}

function requestPath(url: string): string | undefined {
  const raw = url.split("?")[0]?.split("#")[0] ?? "/";
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * The prerendered site: "/faq" serves faq/index.html, files are served as
 * they are (their .br/.gz twin when accepted), hashed assets cached for a
 * year, HTML revalidated. Unknown paths answer 404 with the site's 404 page.
 */
export default fp<{ site: Site }>(
  async (app, { site }) => {
    app.decorateReply("sendNotFoundPage", function () {
      const page = site.notFoundPage;
      const encoding = pickEncoding(this.request.headers["accept-encoding"], page);
      this.cspPage = NOT_FOUND_PAGE;
      this.code(404)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("vary", "accept-encoding");
      if (encoding) this.header("content-encoding", encoding);
      return this.send(encoding ? page[encoding] : page.identity);
    });

    if (!site.exists) {
      app.log.warn({ clientDir: site.clientDir }, "no built site found; run `npm run build`");
    }

    await app.register(fastifyStatic, {
      root: site.clientDir,
      serve: false,
      preCompressed: true,
      index: false,
      // Cache-Control is ours (set per file below).
      cacheControl: false,
    });

    app.get("/*", async (request, reply) => {
      const pathname = requestPath(request.url);
      if (pathname === undefined) return reply.sendNotFoundPage();
      if (pathname === "/api" || pathname.startsWith("/api/")) return reply.callNotFound();
      const found = site.resolve(pathname);
      if (found.kind === "redirect") {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
        return reply.redirect(found.location + query, 301);
      }
      if (found.kind === "missing") return reply.sendNotFoundPage();
      if (isRoomPage(pathname)) {
        reply
          .header("referrer-policy", "no-referrer")
          .header("x-robots-tag", "noindex, nofollow")
          .header("cache-control", "no-store");
      } else reply.header("cache-control", found.entry.cacheControl);
      if (found.entry.page) reply.cspPage = found.entry.page;
      return reply.sendFile(found.entry.file);
    });
  },
  { name: "static-site", dependencies: ["security-headers"] },
);
