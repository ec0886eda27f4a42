/**
 * "call.booked": the booking service says the applicant booked a call, found
 * by the reference number the site passed to the booking page. It goes on the
 * application's timeline with the call's time. It is not a touch: booking is
 * the applicant's doing, and the review clock waits for the provider's. The
 * name and e-mail a booking page collects are checked but not kept: the
 * application already holds the applicant's.
 */
import { z } from "zod";
import { eventType, isoTime, nullish, reference, UnknownApplication } from "./inbound-event";
import { inboundRepository as repository } from "./inbound-repository";

const bookingData = z.object(
  {
    reference,
    scheduledAt: isoTime,
    name: nullish(z.string({ error: "must be text" }).max(200, { error: "must be at most 200 characters" })),
    email: nullish(z.string({ error: "must be text" }).max(254, { error: "must be at most 254 characters" })),
  },
  { error: "must be an object" },
);

export const callBooked = eventType({
  data: bookingData,
  async handle(tx, { source, id: eventId, occurredAt, data }) {
    const found = await repository.lockApplication(tx, { reference: data.reference }, occurredAt);
    if (!found) throw new UnknownApplication("data.reference");
    const scheduledAt = new Date(data.scheduledAt).toISOString();
    await repository.addActivity(tx, {
      applicationId: found.id,
      kind: "booking",
      at: found.at,
      details: { scheduledAt, source, eventId },
    });
    return {
      applicationId: found.id,
      outcome: "booked",
      audit: { action: "application.call-booked", details: { source, eventId, scheduledAt } },
    };
  },
});
