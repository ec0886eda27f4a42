import type { ApplicationState, DeliveryState } from "../api/types";
import { cn } from "~/lib/cn";

const base = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

const DELIVERY: Record<DeliveryState, { label: string; className: string }> = {
  pending: { label: "Delivery pending", className: "bg-muted text-muted-foreground ring-1 ring-border" },
  sending: { label: "Sending", className: "bg-accent text-accent-foreground" },
  delivered: { label: "Delivered", className: "bg-success/10 text-success ring-1 ring-success/30" },
  dead: {
    label: "Delivery failed",
    className: "bg-destructive/10 text-destructive ring-1 ring-destructive/30",
  },
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
        <span className={cn(base, "bg-gold/10 text-gold ring-1 ring-gold/30")}>Spam</span>
      ) : delivery ? (
        <span className={cn(base, DELIVERY[delivery]?.className)}>{deliveryLabel(delivery)}</span>
      ) : (
        <span className={cn(base, "bg-card text-foreground ring-1 ring-border")}>Received</span>
      )}
    </span>
  );
}
