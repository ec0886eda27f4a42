// A control for the benchmarks: an almost empty page (a heading and a
// paragraph, no stylesheet, no script), measured in the same browser and run
// as the site's routes. What Lighthouse reports for it is the machine's and
// the browser's share (a new renderer starting, Lighthouse's own work), which
// no change to a page can take out; a route's figure above it is the page's.
// For Lighthouse it is served twice: with the headers the site sends on its
// pages, and without Cross-Origin-Opener-Policy, which makes Chromium start a
// new renderer for the page (a browsing context group of its own) instead of
// reusing one. For the tap benchmark, /control-taps adds a popover menu, a
// modal dialog and an in-page link that scrolls smoothly to a form far below,
// the site's kinds of native control, with nothing around; /control-apply
// has a link to /control-form that Chromium prerenders (Speculation Rules),
// as a product page's Apply Now has the home page.
import { createHash } from "node:crypto";
import { createServer } from "node:http";

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Control page</title><meta name="description" content="An almost empty page: what the machine alone costs.">
</head><body><main><h1>Control page</h1><p>One paragraph of text, nothing else.</p></main></body></html>`;

/** A form as the home page has it, under the id the site's links name (the benchmark's checks look for it). */
const FORM = `<section id="funding-form"><form><label>Name <input name="name"></label></form></section>`;

/**
 * The same page with the site's native controls, for the tap benchmark: a popover menu, a modal
 * dialog, and an in-page link to a form 3,000 px below, scrolled to smoothly (as Get Funding Now).
 */
const TAPS_HTML = HTML.replace("</head>", `<style>html{scroll-behavior:smooth}</style></head>`).replace(
  "<p>One paragraph of text, nothing else.</p>",
  `<p>Three native controls, no script.</p>
<button type="button" popovertarget="menu">Open menu</button>
<nav aria-label="Mobile" id="menu" popover><a href="#top">First link</a></nav>
<button type="button" commandfor="dialog" command="show-modal">Open dialog</button>
<dialog id="dialog" aria-label="Control dialog"><p>A dialog.</p><button type="button" commandfor="dialog" command="close">Close</button></dialog>
<p><a href="#funding-form">Go to the form</a></p><div style="height:3000px"></div>${FORM}`,
);

/** Speculation Rules that prerender /control-form at once, as a product page does the home page. */
const PRERENDER_RULES = JSON.stringify({
  prerender: [{ where: { href_matches: { pathname: "/control-form" } }, eagerness: "immediate" }],
});

/** A page whose link Chromium prerenders, and the almost empty page with a form it leads to. */
const APPLY_HTML = HTML.replace(
  "</head>",
  `<script type="speculationrules">${PRERENDER_RULES}</script></head>`,
).replace(
  "<p>One paragraph of text, nothing else.</p>",
  `<p><a href="/control-form#funding-form">Apply Now</a></p>`,
);
const FORM_HTML = HTML.replace("<p>One paragraph of text, nothing else.</p>", FORM);

/** A CSP source for an inline script: its SHA-256, as the site's build hashes its own. */
const hashSource = (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/** Each page: its HTML, and the site's header it is sent without, if one. */
const PAGES = {
  "/control": { html: HTML },
  "/control-without-coop": { html: HTML, without: "cross-origin-opener-policy" },
  "/control-taps": { html: TAPS_HTML },
  "/control-apply": { html: APPLY_HTML, scripts: [PRERENDER_RULES] },
  "/control-form": { html: FORM_HTML },
};

/** The Lighthouse benchmark's control rows: path and label. */
export const CONTROL_ROUTES = {
  "/control": "(control) empty page, the site's headers",
  "/control-without-coop": "(control) the same without Cross-Origin-Opener-Policy",
};

/**
 * Starts the control server on a free loopback port with the security headers
 * `siteOrigin` sends on its home page; returns its origin and `close()`.
 */
export async function startControlServer(siteOrigin) {
  const site = await fetch(`${siteOrigin}/`);
  const names = [
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "permissions-policy",
    "cross-origin-opener-policy",
  ];
  const siteHeaders = Object.fromEntries(
    names.filter((name) => site.headers.has(name)).map((name) => [name, site.headers.get(name)]),
  );
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://control").pathname;
    if (!Object.hasOwn(PAGES, path)) {
      response.writeHead(404).end();
      return;
    }
    const { html, without, scripts = [] } = PAGES[path];
    const headers = {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache",
      ...siteHeaders,
    };
    if (without) delete headers[without];
    // The site's policy allows its own inline scripts by hash; this page's are added the same way.
    const csp = headers["content-security-policy"];
    if (csp && scripts.length)
      headers["content-security-policy"] = csp.replace(
        /script-src ([^;]*)/,
        (_, sources) => `script-src ${sources} ${scripts.map(hashSource).join(" ")}`,
      );
    response.writeHead(200, headers).end(html);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
