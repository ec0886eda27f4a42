// Content-Security-Policy hashes for the inline scripts of every prerendered
// page: the Speculation Rules on each page, the home page's arrival scroll,
// and React Router's hydration scripts on a page that hydrates (only its SPA
// fallback does). The server owns its CSP, so this lives here;
// the build (scripts/postbuild.mjs) imports it to write <build>/csp-hashes.json,
// and the server hashes the served files itself when that file is missing.
// Plain ESM (.mjs) so the build scripts can run it without a TypeScript loader.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** CSP source expressions ('sha256-…') for the inline scripts of one HTML document. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // Data blocks never execute, so the policy does not need them.
    if (/\btype\s*=\s*["']?application\/ld\+json/i.test(attributes)) continue;
    const digest = createHash("sha256").update(body, "utf8").digest("base64");
    const source = `'sha256-${digest}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/** The URL path a prerendered HTML file answers: "faq/index.html" -> "/faq". */
export function htmlUrlPath(relativeFile) {
  const file = relativeFile.split(sep).join("/");
  if (file === "index.html") return "/";
  if (file.endsWith("/index.html")) return `/${file.slice(0, -"/index.html".length)}`;
  return `/${file}`;
}

export function listFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/** { "/": ["'sha256-…'", …], "/faq": […], … } for every HTML file under clientDir. */
export function collectCspHashes(clientDir) {
  const map = {};
  for (const file of listFiles(clientDir).sort()) {
    if (!file.endsWith(".html")) continue;
    map[htmlUrlPath(relative(clientDir, file))] = inlineScriptHashes(readFileSync(file, "utf8"));
  }
  return map;
}
