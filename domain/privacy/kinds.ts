/**
 * A privacy request's words and limits (docs/privacy-requests.md), shared by
 * the public form at /privacy-request, the server and the desk. No
 * validation library here, so the public page's script stays small; the
 * schema is in ./request.ts.
 */
/** What may be asked: a copy, a correction, erasure, or an end to texts or e-mail. */
export const PRIVACY_REQUEST_KINDS = ["access", "correct", "delete", "stop-sms", "stop-email"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: "Send me a copy of my data",
  correct: "Correct my data",
  delete: "Delete my data",
  "stop-sms": "Stop text messages",
  "stop-email": "Stop e-mail",
};

/** Where a request stands. `unverified` ones never reach the desk; they expire. */
export const PRIVACY_REQUEST_STATUSES = ["unverified", "new", "in_progress", "completed", "refused"] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** The limits of the form's fields (characters). */
export const PRIVACY_NAME_MAX = 200;
export const PRIVACY_DETAILS_MAX = 2000;

/** An unverified request's link works this long; then the request is removed. */
export const PRIVACY_VERIFY_TTL_HOURS = 24;
/** The link to an access request's copy of the data works this long. */
export const PRIVACY_PACKAGE_TTL_DAYS = 7;
/** A verified request is answered within this many calendar days. */
export const PRIVACY_ANSWER_WITHIN_DAYS = 30;
