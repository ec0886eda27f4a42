import type { MailKind, MailStatus } from "#domain/desk/contract";
import { Badge, type BadgeVariant } from "#ui/badge";

const STATUS: Record<MailStatus, { label: string; tone: BadgeVariant }> = {
  pending: { label: "Waiting", tone: "quiet" },
  sending: { label: "Sending", tone: "busy" },
  sent: { label: "Sent", tone: "good" },
  dead: { label: "Failed", tone: "bad" },
  cancelled: { label: "Cancelled", tone: "held" },
};

const KIND: Record<MailKind, string> = {
  receipt: "Receipt",
  "staff-alert": "Staff alert",
  "delivery-alert": "Delivery alert",
  "newsletter-confirm": "Newsletter confirmation",
  newsletter: "Newsletter",
  "review-reminder": "Review reminder",
  "review-overdue": "Review overdue alert",
};

export const mailStatusLabel = (status: MailStatus) => STATUS[status]?.label ?? status;
export const mailKindLabel = (kind: MailKind) => KIND[kind] ?? kind;

/** Where an e-mail stands, in words (never colour alone). */
export function MailStatusBadge({ status, className }: { status: MailStatus; className?: string }) {
  return (
    <Badge variant={STATUS[status]?.tone ?? "plain"} className={className}>
      {mailStatusLabel(status)}
    </Badge>
  );
}
