import { CalendarDaysIcon, CircleCheckIcon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { ConsultationDialog } from "~/components/consultation-dialog";
import { prefilledBookingUrl, type BookingPrefill } from "~/lib/booking-prefill";
import { wizardCopy } from "#domain/application/copy";
import { Button } from "#ui/button";

/**
 * Shown above the restarted wizard once an application is in: its reference
 * number and the consultation dialog with the booking page prefilled from it.
 * What it shows lives in the wizard's memory only, until "Not now" (or the
 * next application) replaces it. Focus moves to its heading when it appears.
 */
export function BookingOffer({
  prefill,
  bookingUrl,
  onDismiss,
}: {
  prefill: BookingPrefill;
  /** The configured booking page (BOOKING_URL). */
  bookingUrl: string;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 flex flex-col gap-4 rounded-xl border border-primary/25 bg-accent/60 p-4 sm:p-5 lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="flex items-start gap-3">
        <CircleCheckIcon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {wizardCopy.bookingOfferTitle}
          </h3>
          {prefill.reference && (
            <p className="text-sm">
              {wizardCopy.bookingOfferReference}:{" "}
              <strong className="font-semibold whitespace-nowrap tabular-nums">{prefill.reference}</strong>
            </p>
          )}
          <p className="text-sm text-muted-foreground">{wizardCopy.bookingOfferText}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row lg:shrink-0">
        <ConsultationDialog
          bookingUrl={prefilledBookingUrl(bookingUrl, prefill)}
          trigger={
            <Button type="button">
              <CalendarDaysIcon aria-hidden="true" />
              {wizardCopy.bookingOfferBook}
            </Button>
          }
        />
        <Button type="button" variant="ghost" onClick={onDismiss}>
          {wizardCopy.bookingOfferDismiss}
        </Button>
      </div>
    </section>
  );
}
