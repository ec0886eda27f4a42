import MailIcon from "lucide-react/icons/mail";
import PhoneIcon from "lucide-react/icons/phone";
import type { ComponentProps, ReactElement } from "react";
import { figures } from "#domain/claims/figures";
import { markClaim } from "#domain/claims/text";
import { siteFacts } from "#domain/site-facts";
import { ClaimText } from "./claim-text";
import { publicEnv } from "~/lib/public-env";
import { NativeDialog } from "#ui/native-dialog";

const description = `Pick a time for a free ${markClaim("consultation-length", `${figures.consultationMinutes}-minute`)} call with a funding specialist. No obligation, no credit pull.`;

/**
 * "Schedule Your Consultation": the booking widget in a dialog (iframe 700 px
 * high, max width 4xl, max height 90vh), a native `<dialog>` in the page's
 * HTML that its trigger opens without script. The frame's address waits in
 * `data-src` until the dialog opens (app/lib/native-controls.ts), so the
 * booking page loads then, never with the page. Without a configured
 * BOOKING_URL it offers phone and e-mail instead of a broken frame.
 * `bookingUrl` replaces the configured one (the booking page prefilled after
 * applying, ~/lib/booking-prefill).
 */
export function ConsultationDialog({
  trigger,
  bookingUrl = publicEnv.bookingUrl,
}: {
  trigger: ReactElement<ComponentProps<"button">>;
  bookingUrl?: string;
}) {
  return (
    <NativeDialog
      trigger={trigger}
      title="Schedule Your Consultation"
      description={<ClaimText text={description} />}
      closeLabel="Close consultation dialog"
      className="max-h-[90vh] max-w-4xl gap-5 p-4 sm:p-6"
      trackOpen="consultation_opened"
    >
      {bookingUrl ? (
        <iframe
          data-src={bookingUrl}
          data-track-load="booking_loaded"
          title={`Book a consultation with ${siteFacts.brand}`}
          className="h-[700px] w-full shrink-0 rounded-lg border border-border bg-card"
        />
      ) : (
        <ContactFallback />
      )}
    </NativeDialog>
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
