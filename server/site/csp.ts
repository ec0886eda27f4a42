/**
 * The Content-Security-Policy: no inline script runs unless its hash is
 * listed for the page that carries it (server/site/csp-hashes.mjs computes them
 * at build time); frames only from the booking provider.
 */
export function buildCsp({
  scriptHashes,
  frameSrc,
}: {
  scriptHashes: readonly string[];
  frameSrc: string;
}): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    // React and Radix set style attributes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // Kept although WebKit does not know it (it logs "Unrecognized Content-Security-Policy directive
    // 'manifest-src'" once per page, harmlessly): under default-src 'none', Chromium and Firefox
    // would otherwise refuse the web app manifest.
    "manifest-src 'self'",
    `frame-src ${frameSrc}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The booking widget's origin, or 'none' when there is no booking URL. */
export function frameSource(bookingUrl: string | undefined): string {
  return bookingUrl ? new URL(bookingUrl).origin : "'none'";
}
