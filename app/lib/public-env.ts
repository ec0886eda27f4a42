/**
 * The site's public configuration, baked into the pages by the build
 * (vite.config.ts, scripts/public-env.mjs): where the site is served and where
 * the consultation booking calendar lives. The brand's own facts are in
 * #domain/site-facts, the same for every deployment.
 */
export const publicEnv = {
  siteUrl: import.meta.env.VITE_SITE_URL ?? "http://localhost:3000",
  bookingUrl: import.meta.env.VITE_BOOKING_URL ?? "",
} as const;

/** "/faq" -> "https://harborlinecapital.com/faq" on the configured site. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${publicEnv.siteUrl}/`).toString();
}
