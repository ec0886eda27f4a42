import { cn } from "~/lib/cn";
import type { MailKind, MailStatus } from "../api/types";

const base = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

/** The states in the order the mail page offers them. */
export const MAIL_STATUSES: MailStatus[] = ["pending", "sending", "sent", "dead", "cancelled"];

const STATUS: Record<MailStatus, { label: string; className: string }> = {
  pending: { label: "Waiting", className: "bg-muted text-muted-foreground ring-1 ring-border" },
  sending: { label: "Sending", className: "bg-accent text-accent-foreground" },
  sent: { label: "Sent", className: "bg-success/10 text-success ring-1 ring-success/30" },
  dead: { label: "Failed", className: "bg-destructive/10 text-destructive ring-1 ring-destructive/30" },
  cancelled: { label: "Cancelled", className: "bg-gold/10 text-gold ring-1 ring-gold/30" },
};

const KIND: Record<MailKind, string> = {
  receipt: "Receipt",
  "staff-alert": "Staff alert",
  "delivery-alert": "Delivery alert",
  "newsletter-confirm": "Newsletter confirmation",
  newsletter: "Newsletter",
};

export const mailStatusLabel = (status: MailStatus) => STATUS[status]?.label ?? status;
export const mailKindLabel = (kind: MailKind) => KIND[kind] ?? kind;

/** Where an e-mail stands, in words (never colour alone). */
export function MailStatusBadge({ status, className }: { status: MailStatus; className?: string }) {
  return <span className={cn(base, STATUS[status]?.className, className)}>{mailStatusLabel(status)}</span>;
}
