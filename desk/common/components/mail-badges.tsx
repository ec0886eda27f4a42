import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, type MailKind, type MailStatus } from "#domain/desk/contract";
import { Badge, type BadgeVariant } from "#ui/badge";

const TONE: Record<MailStatus, BadgeVariant> = {
  pending: "quiet",
  sending: "busy",
  sent: "good",
  dead: "bad",
  cancelled: "held",
};

export const mailStatusLabel = (status: MailStatus) => MAIL_STATUS_LABELS[status] ?? status;
export const mailKindLabel = (kind: MailKind) => MAIL_KIND_LABELS[kind] ?? kind;

/** Where an e-mail stands, in words (never colour alone). */
export function MailStatusBadge({ status, className }: { status: MailStatus; className?: string }) {
  return (
    <Badge variant={TONE[status] ?? "plain"} className={className}>
      {mailStatusLabel(status)}
    </Badge>
  );
}
