/**
 * Where the footer's newsletter form posts as a plain HTML form: before its
 * code has arrived, or with JavaScript off, the browser sends it here
 * (application/x-www-form-urlencoded, in the body, never in the URL) and the
 * server answers with a page. With its code the form posts JSON to
 * /api/newsletter instead. Kept out of schema.ts so the form, on every page,
 * does not load the validation library.
 */
export const NEWSLETTER_FORM_ACTION = "/api/newsletter/form";
