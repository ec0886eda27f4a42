/**
 * The longest text the desk's free-text inputs take (characters): the server's
 * schemas refuse more (domain/desk/inputs.ts) and the desk's fields stop there
 * and say so with the same words. Change one here and both follow.
 */

/** A note on an application, alone or with a logged contact. */
export const NOTE_MAX = 5000;
/** Why staff did something the audit log keeps (send again, quarantine, release, a legal hold). */
export const REASON_MAX = 500;
/** The inbox's search box. */
export const SEARCH_MAX = 200;
/** What staff write when completing or refusing a privacy request. */
export const RESOLUTION_MAX = 2000;
/** A staff member's name, as they give it when accepting an invitation. */
export const STAFF_NAME_MAX = 100;
/** A document staff ask one application for, beyond its checklist: its name, and what to send. */
export const DOCUMENT_REQUEST_LABEL_MAX = 200;
export const DOCUMENT_REQUEST_DETAIL_MAX = 1000;
