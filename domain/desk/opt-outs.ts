/**
 * The opt-out ledger's words (docs/consent-withdrawals.md): what can be opted
 * out of, how an opt-out reaches us, and the limits staff work within. The
 * server validates with them and the desk shows their labels.
 */

/** What an opt-out stops: text messages to a number, or e-mail to an address. */
export const OPT_OUT_CHANNELS = ["sms", "email"] as const;
export type OptOutChannel = (typeof OPT_OUT_CHANNELS)[number];

/**
 * How it reached us. Staff record the first two in the desk; the others are
 * the system's own sources: a STOP reply the texting platform relays and the
 * CRM's report (the inbound webhook), the site's form.
 */
export const OPT_OUT_SOURCES = ["phone", "email", "sms-reply", "crm", "web-form"] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** What staff may record in the desk: an opt-out told to them by phone or e-mail. */
export const STAFF_OPT_OUT_SOURCES = ["phone", "email"] as const satisfies readonly OptOutSource[];
export type StaffOptOutSource = (typeof STAFF_OPT_OUT_SOURCES)[number];

export const OPT_OUT_CHANNEL_LABELS: Record<OptOutChannel, string> = {
  sms: "Text messages (SMS)",
  email: "E-mail",
};

export const OPT_OUT_SOURCE_LABELS: Record<OptOutSource, string> = {
  phone: "By phone",
  email: "By e-mail",
  "sms-reply": "STOP reply to a text",
  crm: "From the CRM",
  "web-form": "The site's opt-out form",
};

/** The longest note staff may add (characters). */
export const OPT_OUT_NOTE_MAX = 1000;

/** An opt-out is honoured within this many business days (Monday to Friday) of its receipt. */
export const HONOUR_WITHIN_BUSINESS_DAYS = 10;

/**
 * Where an opt-out stands with the CRM: waiting (queued, being sent or
 * retried), delivered, refused (the CRM answered a final 4xx: someone must
 * look), from-crm (the CRM reported it: nothing to send).
 */
export const OPT_OUT_CRM_STATUSES = ["waiting", "delivered", "refused", "from-crm"] as const;
export type OptOutCrmStatus = (typeof OPT_OUT_CRM_STATUSES)[number];

export const OPT_OUT_CRM_LABELS: Record<OptOutCrmStatus, string> = {
  waiting: "Waiting for the CRM",
  delivered: "With the CRM",
  refused: "Refused by the CRM",
  "from-crm": "Reported by the CRM",
};
