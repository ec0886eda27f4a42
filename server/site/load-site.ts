import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { ROOM_PAGE_PATH, ROOM_PAGE_TEMPLATE } from "#domain/documents/room-view";
import { managedBuildOf, markInUse, releaseInUse } from "./build-dirs.mjs";
import { collectCspHashes, htmlUrlPath, listFiles } from "./csp-hashes.mjs";

export interface SiteFile {
  /** Path relative to the client dir, "/"-separated, as reply.sendFile wants it. */
  file: string;
  cacheControl: string;
  /** For HTML: the page whose CSP hashes apply ("/", "/faq"). */
  page?: string;
}

export type Resolution =
  { kind: "file"; entry: SiteFile } | { kind: "redirect"; location: string } | { kind: "missing" };

export interface NotFoundPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export interface Site {
  clientDir: string;
  exists: boolean;
  cspHashes: Record<string, string[]>;
  notFoundPage: NotFoundPage;
  resolve(pathname: string): Resolution;
}

export const NOT_FOUND_PAGE = "/404";

/**
 * Pages whose last segment is the visitor's own (a link's token): every
 * `<under><segment>` is served the one prerendered `template`, whose script
 * reads the segment from the address.
 */
const TEMPLATE_PAGES = [{ under: `${ROOM_PAGE_PATH}/`, template: ROOM_PAGE_TEMPLATE }];
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

// Served only when the build lacks its 404 page (never in a real build).
const FALLBACK_404 =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
  '<body><main><h1>Oops! Page not found</h1><p><a href="/">Return to Home</a></p></main></body></html>';

/**
 * Pins the build: `<build>/client` is a symlink through `<build>/current`,
 * which the next build replaces (server/site/build-dirs.mjs). The site is
 * served from the folder the link names now, marked in use for as long as
 * this process lives, so its pages, assets and CSP hashes stay one build.
 */
function pinBuild(clientDir: string): string {
  const build = managedBuildOf(clientDir);
  if (!build) return clientDir;
  markInUse(build, process.pid);
  process.once("exit", () => releaseInUse(build, process.pid));
  return join(build, basename(clientDir));
}

/**
 * Indexes the prerendered site once at start-up: only files that exist in
 * the build can be served, so no request path reaches the file system.
 */
export function loadSite(givenClientDir: string): Site {
  const clientDir = pinBuild(givenClientDir);
  const exists =
    existsSync(join(clientDir, "index.html")) || existsSync(join(clientDir, "404", "index.html"));
  const routes = new Map<string, SiteFile>();
  const pages = new Set<string>();
  if (existsSync(clientDir)) {
    for (const absolute of listFiles(clientDir)) {
      const file = relative(clientDir, absolute).split(sep).join("/");
      if (/\.(br|gz)$/.test(file) || file.startsWith(".")) continue;
      const isHtml = file.endsWith(".html");
      const page = isHtml ? htmlUrlPath(file) : undefined;
      if (page === NOT_FOUND_PAGE) continue;
      const entry: SiteFile = {
        file,
        cacheControl: file.startsWith("assets/") ? IMMUTABLE : REVALIDATE,
        page,
      };
      routes.set(`/${file}`, entry);
      if (page) {
        routes.set(page, entry);
        pages.add(page);
      }
    }
  }

  const hashesFile = join(dirname(clientDir), "csp-hashes.json");
  const cspHashes: Record<string, string[]> = existsSync(hashesFile)
    ? JSON.parse(readFileSync(hashesFile, "utf8"))
    : existsSync(clientDir)
      ? collectCspHashes(clientDir)
      : {};

  const notFoundFile = join(clientDir, "404", "index.html");
  const variant = (suffix: string) =>
    existsSync(notFoundFile + suffix) ? readFileSync(notFoundFile + suffix) : undefined;
  const notFoundPage: NotFoundPage = existsSync(notFoundFile)
    ? { identity: readFileSync(notFoundFile), br: variant(".br"), gzip: variant(".gz") }
    : { identity: Buffer.from(FALLBACK_404) };

  return {
    clientDir,
    exists,
    cspHashes,
    notFoundPage,
    resolve(pathname) {
      const entry = routes.get(pathname);
      if (entry) return { kind: "file", entry };
      for (const { under, template } of TEMPLATE_PAGES) {
        const segment = pathname.startsWith(under) ? pathname.slice(under.length) : "";
        const page = routes.get(template);
        if (page && segment && !segment.includes("/")) return { kind: "file", entry: page };
      }
      // "/faq/" is spelled "/faq": one URL per page.
      if (pathname.length > 1 && pathname.endsWith("/")) {
        const location = pathname.replace(/\/+$/, "") || "/";
        if (pages.has(location)) return { kind: "redirect", location };
      }
      return { kind: "missing" };
    },
  };
}
