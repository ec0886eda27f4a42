/**
 * What marketing attribution records, and how long each value may be: read
 * by the capture code in the browser (attribution.ts, zod-free) and by the
 * schema the server checks it with (schema.ts).
 */

/** The campaign parameters kept from a landing URL: UTM tags and the ad networks' click ids. */
export const CAMPAIGN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "fbclid",
  "msclkid",
] as const;

export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];

/** Longest kept value of each kind; longer ones are cut, never refused. */
export const ATTRIBUTION_LIMITS = {
  /** A campaign parameter's value. */
  value: 500,
  /** A page address or referrer. */
  url: 2000,
  /** A touch's ISO timestamp. */
  timestamp: 40,
} as const;
