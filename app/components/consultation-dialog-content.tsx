import { MailIcon, PhoneIcon } from "lucide-react";
import { useEffect } from "react";
import { track } from "~/lib/analytics";
import { siteFacts } from "#domain/site-facts";
import { publicEnv } from "~/lib/public-env";
import type { DeferredDialogProps } from "#ui/deferred-dialog";
import { DeferredDialogContent, DialogDescription, DialogHeader, DialogTitle } from "#ui/dialog";

/** The body of ConsultationDialog (consultation-dialog.tsx), loaded when first wanted. */
export default function ConsultationDialogContent({
  open,
  onOpenChange,
  returnFocusTo,
  bookingUrl = publicEnv.bookingUrl,
}: DeferredDialogProps & {
  /** The configured BOOKING_URL unless given (tests show both cases). */
  bookingUrl?: string;
}) {
  useEffect(() => {
    if (open) track("consultation_opened");
  }, [open]);
  return (
    <DeferredDialogContent
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      className="max-h-[90vh] max-w-4xl gap-5 p-4 sm:p-6"
      closeLabel="Close consultation dialog"
      // Focus the dialog itself, not the cross-origin frame: keys pressed inside
      // the frame never reach this page, so Escape would stop working.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        (event.currentTarget as HTMLElement | null)?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>Schedule Your Consultation</DialogTitle>
        <DialogDescription>
          Pick a time for a free 30-minute call with a funding specialist. No obligation, no credit pull.
        </DialogDescription>
      </DialogHeader>
      {bookingUrl ? (
        <iframe
          src={bookingUrl}
          title={`Book a consultation with ${siteFacts.brand}`}
          className="h-[700px] w-full shrink-0 rounded-lg border border-border bg-card"
          loading="lazy"
          onLoad={() => track("booking_loaded")}
        />
      ) : (
        <ContactFallback />
      )}
    </DeferredDialogContent>
  );
}

function ContactFallback() {
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-muted p-6">
      <p className="text-base">
        Online booking is not available right now. Our funding specialists are happy to find a time with you
        directly ({siteFacts.hours}):
      </p>
      <ul className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        <li>
          <a
            href={`tel:${siteFacts.phone.e164}`}
            className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <PhoneIcon className="size-5" aria-hidden="true" />
            Call {siteFacts.phone.display}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${siteFacts.email}?subject=${encodeURIComponent("Consultation request")}`}
            className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <MailIcon className="size-5" aria-hidden="true" />
            Email {siteFacts.email}
          </a>
        </li>
      </ul>
    </div>
  );
}
