import { lazy, type ComponentProps, type ReactElement } from "react";
import { DeferredDialog } from "#ui/deferred-dialog";

const loadContent = () => import("./consultation-dialog-content");
const ConsultationDialogContent = lazy(loadContent);

/**
 * "Schedule Your Consultation": the booking widget in a dialog (iframe 700 px
 * high, max width 4xl, max height 90vh). Without a configured BOOKING_URL it
 * offers phone and e-mail instead of a broken frame. The dialog's code loads
 * when the trigger is first pointed at, focused or pressed. `bookingUrl`
 * replaces the configured one (the booking page prefilled after applying,
 * ~/lib/booking-prefill).
 */
export function ConsultationDialog({
  trigger,
  bookingUrl,
}: {
  trigger: ReactElement<ComponentProps<"button">>;
  bookingUrl?: string;
}) {
  return (
    <DeferredDialog
      trigger={trigger}
      dialog={ConsultationDialogContent}
      preload={loadContent}
      dialogProps={bookingUrl === undefined ? {} : { bookingUrl }}
    />
  );
}
