// Adds the public pages' script (app/page/main.ts, built by vite.page.config.ts
// under a hashed name) to every prerendered page that does not hydrate, then
// deletes the build's manifest, which only this step reads. A page that
// hydrates (React Router's SPA fallback, or a route with
// `handle: { hydrate: true }`) carries React Router's own scripts instead.
// Runs from scripts/postbuild.mjs before compression and CSP hashing.
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const PAGE_MANIFEST = "page-manifest.json";
const ENTRY = "app/page/main.ts";
/** React Router's hydration data: a page with it runs the framework, not the page script. */
const HYDRATING = "window.__reactRouterContext";

/** The entry's URL path ("/assets/page-abc123.js") from the Vite manifest's text. */
export function pageScriptPath(manifestText) {
  const entry = JSON.parse(manifestText)[ENTRY];
  if (!entry?.file) throw new Error(`${PAGE_MANIFEST} names no file for ${ENTRY}`);
  return `/${entry.file}`;
}

/** How long a page waits for its first contentful paint before loading its script anyway (ms). */
export const LOAD_BY_MS = 3000;

/**
 * The inline module that loads the page script once the page has painted its
 * first content (or after LOAD_BY_MS, where no paint is reported: a page
 * prerendered and never shown, or a browser without Paint Timing). Nothing on
 * the first screen needs script (every control is the browser's own), so the
 * script's download and its run never compete with the first paint, on a slow
 * phone's network and CPU alike. Hashed for the CSP like every inline script.
 */
export function pageScriptLoader(src) {
  return (
    `let d=0;const l=()=>{d||(d=1,import(${JSON.stringify(src)}))};` +
    `try{new PerformanceObserver((e,o)=>{e.getEntriesByName("first-contentful-paint").length&&(o.disconnect(),setTimeout(l))}).observe({type:"paint",buffered:true})}catch{}` +
    `setTimeout(l,${LOAD_BY_MS})`
  );
}

/** The page with its script's loader at the end of <head>; a hydrating page unchanged. */
export function addPageScript(html, src) {
  const loader = `<script type="module">${pageScriptLoader(src)}</script>`;
  if (html.includes(HYDRATING) || html.includes(loader)) return html;
  const at = html.indexOf("</head>");
  if (at < 0) throw new Error("page-script: a page has no </head>");
  return `${html.slice(0, at)}${loader}${html.slice(at)}`;
}

/** Adds the script to every given page; returns how many pages got it. */
export async function addPageScriptToFiles(clientDir, htmlFiles) {
  const manifestFile = join(clientDir, PAGE_MANIFEST);
  const src = pageScriptPath(await readFile(manifestFile, "utf8"));
  let added = 0;
  await Promise.all(
    htmlFiles.map(async (file) => {
      const html = await readFile(file, "utf8");
      const next = addPageScript(html, src);
      if (next === html) return;
      await writeFile(file, next);
      added++;
    }),
  );
  await rm(manifestFile);
  return { src, added };
}
