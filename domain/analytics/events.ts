/**
 * The words of the site's own analytics, defined once: what the browser may
 * report (the server accepts nothing else), what the server records itself,
 * and the application funnel's steps. Read by the browser's sender
 * (lib/analytics.ts, types only), the server (server/analytics) and the
 * desk's dashboard (whose report, AnalyticsReport, is #domain/desk/contract's).
 */

/** What the browser reports to POST /api/events. */
export const BROWSER_EVENTS = [
  "pageview",
  "step_viewed",
  "step_completed",
  "field_error",
  "submit_pressed",
  "consultation_opened",
  "booking_loaded",
  "newsletter_subscribed",
] as const;
export type BrowserEvent = (typeof BROWSER_EVENTS)[number];

/**
 * What the server records about POST /api/applications by itself, never on
 * the browser's word: stored (accepted or quarantined as suspected spam), a repeat of an
 * application already stored, refused (once per request, and once per field
 * and rule that failed).
 */
export const SERVER_EVENTS = [
  "application_accepted",
  "application_quarantined",
  "application_duplicate",
  "application_rejected",
  "server_field_error",
] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

/**
 * The codes a validation error may carry: zod's issue codes. Only the field's
 * name and this code are ever sent or stored, never what was typed.
 */
export const VALIDATION_CODES = [
  "invalid_type",
  "too_big",
  "too_small",
  "invalid_format",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_value",
  "custom",
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/**
 * The application funnel, in order. A visitor counts at a step when they did
 * it after the step before, on the same day (the visitor key is daily).
 * "Submitted" is step 4 completed: the review confirmed and the form's own
 * checks passed. Accepted and delivered are the server's records.
 */
export const FUNNEL_STEPS = [
  { id: "step1_viewed", label: "Viewed step 1" },
  { id: "step1_completed", label: "Completed step 1" },
  { id: "step2_completed", label: "Completed step 2" },
  { id: "step3_completed", label: "Completed step 3" },
  { id: "submitted", label: "Submitted" },
  { id: "accepted", label: "Accepted" },
  { id: "delivered", label: "Delivered to the CRM" },
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number]["id"];

/** Other things visitors do that the dashboard counts (times, or visitors for product_to_application). */
export const INTENTS = [
  { id: "consultation_opened", label: "Consultation dialog opened" },
  { id: "booking_loaded", label: "Booking calendar loaded" },
  { id: "newsletter_subscribed", label: "Newsletter sign-ups" },
  { id: "product_to_application", label: "Product page to application (visitors)" },
  { id: "submit_pressed", label: "Submit pressed" },
] as const;
export type Intent = (typeof INTENTS)[number]["id"];

/** The application's outcomes on the server, as the dashboard counts them. */
export const OUTCOMES = [
  { id: "application_accepted", label: "Accepted" },
  { id: "application_quarantined", label: "Quarantined" },
  { id: "application_rejected", label: "Refused (400)" },
  { id: "application_duplicate", label: "Sent twice (same submission)" },
] as const;

/** How the browser names where a visit came from when there is no referrer or campaign. */
export const DIRECT_SOURCE = "(direct)";

/** The largest request body POST /api/events accepts; the sender splits its batches below it. */
export const EVENTS_BODY_LIMIT = 8 * 1024;
