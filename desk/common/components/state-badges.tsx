import type { ApplicationState, DeliveryState } from "#domain/desk/contract";
import { cn } from "#ui/cn";
import { Pill, type Tone } from "./pill";

const DELIVERY: Record<DeliveryState, { label: string; tone: Tone }> = {
  pending: { label: "Delivery pending", tone: "quiet" },
  sending: { label: "Sending", tone: "busy" },
  delivered: { label: "Delivered", tone: "good" },
  dead: { label: "Delivery failed", tone: "bad" },
};

export const deliveryLabel = (state: DeliveryState) => DELIVERY[state]?.label ?? state;

/**
 * Where an application stands, in words (never colour alone): quarantined as
 * spam, or how its delivery to the CRM is going.
 */
export function StateBadges({
  state,
  delivery,
  className,
}: {
  state: ApplicationState;
  delivery: DeliveryState | null;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex flex-wrap gap-1.5", className)}>
      {state === "spam" ? (
        <Pill tone="held">Spam</Pill>
      ) : delivery ? (
        <Pill tone={DELIVERY[delivery]?.tone}>{deliveryLabel(delivery)}</Pill>
      ) : (
        <Pill tone="plain">Received</Pill>
      )}
    </span>
  );
}
