/**
 * Name of the newsletter form's hidden field: people never see it, bots fill
 * it. The footer form sends it and POST /api/newsletter reads it. Kept out of
 * schema.ts so the form, on every page, does not load the validation library.
 */
export const NEWSLETTER_HONEYPOT = "website";
