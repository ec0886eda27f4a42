/**
 * The lead desk (built by `vite build -c vite.desk.config.ts` into
 * <build>/desk): /desk and every path under it answer the single page's
 * index.html (the desk routes in the browser), /desk/assets/* the hashed
 * files. Nothing under /desk is cached, except the hashed assets, and nothing
 * under it is for search engines. A missing build answers 503, plainly.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { pickEncoding } from "./static-site";

const NO_STORE = "no-store";
const IMMUTABLE = "public, max-age=31536000, immutable";
export const DESK_ROBOTS = "noindex, nofollow";
export const DESK_MISSING = "The lead desk is not built. Run `npm run build`, then restart the server.";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json; charset=utf-8",
};
const COMPRESSIBLE = new Set([".js", ".css", ".svg", ".json"]);

interface DeskFile {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
}

/** Every file of the built console, read once at start-up (a few hundred KB). */
export function loadDesk(deskDir: string): { index: Buffer; assets: Map<string, DeskFile> } | null {
  const indexFile = join(deskDir, "index.html");
  if (!existsSync(indexFile)) return null;
  const assets = new Map<string, DeskFile>();
  const assetsDir = join(deskDir, "assets");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const extension = extname(name);
        const identity = readFileSync(path);
        const gzip = COMPRESSIBLE.has(extension) ? gzipSync(identity, { level: 9 }) : undefined;
        assets.set(relative(assetsDir, path).split(sep).join("/"), {
          type: TYPES[extension] ?? "application/octet-stream",
          identity,
          gzip: gzip && gzip.length < identity.length ? gzip : undefined,
        });
      }
    }
  };
  if (existsSync(assetsDir)) walk(assetsDir);
  return { index: readFileSync(indexFile), assets };
}

export default fp<{ deskDir: string }>(
  async (app, { deskDir }) => {
    const desk = loadDesk(deskDir);
    if (!desk) app.log.warn({ deskDir }, "no built lead desk found; run `npm run build`");

    // Every /desk answer, whatever it is, stays out of caches and search engines.
    // (The security-headers plugin adds the site's CSP: with no hashes, as the
    // desk's HTML has no inline script.)
    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0];
      if (path === "/desk" || path.startsWith("/desk/")) {
        reply.header("x-robots-tag", DESK_ROBOTS).header("cache-control", NO_STORE);
      }
    });

    const page = async (_request: FastifyRequest, reply: FastifyReply) => {
      if (!desk) return reply.code(503).type("text/plain; charset=utf-8").send(DESK_MISSING);
      return reply.type("text/html; charset=utf-8").send(desk.index);
    };

    app.get("/desk", page);
    app.get("/desk/*", page);

    app.get<{ Params: { "*": string } }>("/desk/assets/*", async (request, reply) => {
      if (!desk) return reply.code(503).type("text/plain; charset=utf-8").send(DESK_MISSING);
      const file = desk.assets.get(request.params["*"]);
      if (!file) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
      const encoding = pickEncoding(request.headers["accept-encoding"], { gzip: file.gzip });
      reply.header("cache-control", IMMUTABLE).header("vary", "accept-encoding").type(file.type);
      if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(file.gzip);
      return reply.send(file.identity);
    });
  },
  { name: "desk-site", dependencies: ["security-headers"] },
);
