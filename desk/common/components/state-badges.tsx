import type { ApplicationState, DeliveryState } from "#domain/desk/contract";
import { cn } from "#ui/cn";
import { Badge, type BadgeVariant } from "#ui/badge";

const DELIVERY: Record<DeliveryState, { label: string; tone: BadgeVariant }> = {
  pending: { label: "Delivery pending", tone: "quiet" },
  sending: { label: "Sending", tone: "busy" },
  delivered: { label: "Delivered", tone: "good" },
  dead: { label: "Delivery failed", tone: "bad" },
};

export const deliveryLabel = (state: DeliveryState) => DELIVERY[state]?.label ?? state;

/**
 * Where an application stands, in words (never colour alone): quarantined as
 * quarantined, or how its delivery to the CRM is going.
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
      {state === "quarantined" ? (
        <Badge variant="held">Quarantined</Badge>
      ) : delivery ? (
        <Badge variant={DELIVERY[delivery]?.tone ?? "plain"}>{deliveryLabel(delivery)}</Badge>
      ) : (
        <Badge variant="plain">Received</Badge>
      )}
    </span>
  );
}
