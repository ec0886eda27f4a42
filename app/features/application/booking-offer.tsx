import { CalendarDaysIcon, CircleCheckIcon } from "lucide-react";
import { ConsultationDialog } from "~/components/consultation-dialog";
import { prefilledBookingUrl, type BookingPrefill } from "~/lib/booking-prefill";
import { wizardCopy } from "#domain/application/copy";
import { Button } from "#ui/button";
import { OfferPanel } from "./offer-panel";

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
  return (
    <OfferPanel
      icon={CircleCheckIcon}
      title={wizardCopy.bookingOfferTitle}
      focus
      tone="accent"
      actions={
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
      }
    >
      {prefill.reference && (
        <p className="text-sm">
          {wizardCopy.bookingOfferReference}:{" "}
          <strong className="font-semibold whitespace-nowrap tabular-nums">{prefill.reference}</strong>
        </p>
      )}
      <p className="text-sm text-muted-foreground">{wizardCopy.bookingOfferText}</p>
    </OfferPanel>
  );
}
