/**
 * Sends a completed application to our server. The response decides what the
 * wizard does next; nothing here touches the UI.
 */
import { readAttribution } from "~/lib/attribution-capture";
import { HONEYPOT_FIELD, SMS_CONSENT_VERSION, type FundingApplication } from "#domain/application/schema";
import type { ApplicationField } from "#domain/application/steps";

export const APPLICATIONS_ENDPOINT = "/api/applications";

export type SubmitResult =
  | {
      kind: "success";
      id?: string;
      reference: string | null;
      bookingToken: string | null;
      /** The application's document room (its link carries the room's token); none for a resend. */
      roomLink: string | null;
    }
  | { kind: "invalid"; errors: Partial<Record<ApplicationField, string>>; status: number }
  | { kind: "failed"; status?: number; error?: unknown };

export function buildRequestBody(
  values: FundingApplication,
  envelope: { submissionId: string; honeypot: string; pageUrl: string },
) {
  return {
    ...values,
    submissionId: envelope.submissionId,
    consentVersion: SMS_CONSENT_VERSION,
    pageUrl: envelope.pageUrl,
    attribution: readAttribution(),
    [HONEYPOT_FIELD]: envelope.honeypot,
  };
}

export async function submitApplication(
  body: ReturnType<typeof buildRequestBody>,
  knownFields: readonly string[],
): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await fetch(APPLICATIONS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { kind: "failed", error };
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const id = isRecord(payload) && typeof payload.id === "string" ? payload.id : undefined;
    // The receipt's number (HL-…), for the booking offer; none when the server sends no e-mail.
    const reference = isRecord(payload) && typeof payload.reference === "string" ? payload.reference : null;
    // The booking link's token: the booking service hands it back with the booked call.
    const bookingToken =
      isRecord(payload) && typeof payload.bookingToken === "string" ? payload.bookingToken : null;
    const roomLink = isRecord(payload) && typeof payload.roomLink === "string" ? payload.roomLink : null;
    return { kind: "success", id, reference, bookingToken, roomLink };
  }
  if (response.status === 400 && isRecord(payload) && isRecord(payload.errors)) {
    const errors: Partial<Record<ApplicationField, string>> = {};
    for (const [field, message] of Object.entries(payload.errors)) {
      if (knownFields.includes(field) && typeof message === "string") {
        errors[field as ApplicationField] = message;
      }
    }
    return { kind: "invalid", errors, status: response.status };
  }
  return { kind: "failed", status: response.status };
}

/** crypto.randomUUID needs a secure context; fall back to getRandomValues elsewhere. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
