/**
 * The booking link's token: 144 random bits (24 characters of base64url) made
 * for each application at intake, handed to the applicant's browser with the
 * answer, passed to the booking page in the prefilled link, and sent back by
 * the booking service with the booked call. The call attaches only to the
 * application holding that token: knowing someone's reference number is not
 * enough to put a call on their lead.
 */
import { randomBytes } from "node:crypto";

export const BOOKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function newBookingToken(): string {
  return randomBytes(18).toString("base64url");
}
