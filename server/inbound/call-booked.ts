/**
 * "call.booked": the booking service says a call was booked through the
 * prefilled link the site gave an applicant, found by the link's booking
 * token (server/intake/booking-token.ts) that the service hands back. A
 * reference number alone finds nothing: it is printed on a receipt, and
 * anyone who read one could otherwise put a call on that lead. A reference
 * sent beside the token must be the same application's. The call goes on the
 * application's timeline with its time and who booked it (the name and
 * e-mail the booking page collected), marked when that is not the applicant.
 * It is not a touch: booking is the applicant's doing, and the review clock
 * waits for the provider's. The latest booking is the lead's current call
 * (its header and inbox row show it), and its owner is e-mailed
 * (server/booked-calls/).
 */
import { z } from "zod";
import type { BookedBy } from "#domain/desk/contract";
import { notifyMailQueued } from "../mail/outbox-repository";
import { eventType, isoTime, nullish, reference, UnknownApplication } from "./inbound-event";
import { inboundRepository as repository } from "./inbound-repository";

const bookingToken = z
  .string({ error: "must be the booking token the site put in the booking link, as text" })
  .trim()
  .min(1, { error: "must be the booking token the site put in the booking link" })
  .max(200, { error: "must be the booking token the site put in the booking link (at most 200 characters)" });

const bookingData = z.object(
  {
    bookingToken,
    reference: nullish(reference),
    scheduledAt: isoTime,
    name: nullish(z.string({ error: "must be text" }).max(200, { error: "must be at most 200 characters" })),
    email: nullish(z.string({ error: "must be text" }).max(254, { error: "must be at most 254 characters" })),
  },
  { error: "must be an object" },
);

const sameText = (a: string, b: string) =>
  a.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase() ===
  b.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Who booked, beside the applicant: the applicant when every detail the
 * booking page gave (name, e-mail; case and spacing aside) is theirs;
 * unknown when it gave neither.
 */
export function compareBooker(
  booker: { name?: string; email?: string },
  applicant: { firstName: string; lastName: string; email: string },
): BookedBy {
  const name = booker.name?.trim() || null;
  const email = booker.email?.trim() || null;
  if (!name && !email) return { name: null, email: null, applicant: null };
  const sameName = !name || sameText(name, `${applicant.firstName} ${applicant.lastName}`);
  const sameEmail = !email || sameText(email, applicant.email);
  return { name, email, applicant: sameName && sameEmail };
}

const bookerWords = (booker: BookedBy) =>
  booker.applicant === null ? "not reported" : booker.applicant ? "the applicant" : "someone else";

export const callBooked = eventType({
  data: bookingData,
  async handle(tx, { source, id: eventId, occurredAt, data }, context) {
    const found = await repository.lockApplication(
      tx,
      { bookingToken: data.bookingToken, reference: data.reference },
      occurredAt,
    );
    if (!found) throw new UnknownApplication("data.bookingToken");
    const scheduledAt = new Date(data.scheduledAt).toISOString();
    const booker = compareBooker(data, found.applicant);
    await repository.addActivity(tx, {
      applicationId: found.id,
      kind: "booking",
      at: found.at,
      details: { scheduledAt, source, eventId, booker },
    });
    const told = await context.bookedCalls.booked(tx, found.id, { scheduledAt, bookedAt: found.at });
    return {
      applicationId: found.id,
      outcome: "booked",
      audit: {
        action: "application.call-booked",
        details: { source, eventId, scheduledAt, bookedBy: bookerWords(booker) },
      },
      ...(told && { afterCommit: notifyMailQueued }),
    };
  },
});
