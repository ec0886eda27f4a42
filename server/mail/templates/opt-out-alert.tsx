/**
 * The admins' alert about opt-outs that have not reached the CRM by the day
 * they must be honoured by (docs/consent-withdrawals.md): each listed once,
 * ever. What was opted out of, how and when it came, the day, and where its
 * delivery stands; not the number or the address (the desk has those behind
 * its sign-in).
 */
import { ButtonLink, Details, EmailLayout, Heading, Paragraph } from "./layout";

export interface OverdueOptOutItem {
  /** The ledger's id. */
  id: string;
  /** "Text messages (SMS)", "E-mail". */
  channel: string;
  /** "STOP reply to a text", "By phone" … */
  via: string;
  received: string;
  honourBy: string;
  /** "waiting: 14 attempts, last error HTTP 503", "refused by the CRM: HTTP 422". */
  state: string;
}

export interface OptOutOverdueProps {
  items: OverdueOptOutItem[];
  deskUrl: string;
}

export const optOutOverdueSubject = ({ items }: Pick<OptOutOverdueProps, "items">) =>
  items.length === 1
    ? "Opt-out overdue: not with the CRM by its honour-by day"
    : `${items.length} opt-outs overdue: not with the CRM by their honour-by day`;

export function OptOutOverdue({ items, deskUrl }: OptOutOverdueProps) {
  const subject = optOutOverdueSubject({ items });
  return (
    <EmailLayout title={subject} preview={subject}>
      <Heading>{subject}</Heading>
      <Paragraph>
        These opt-outs have not reached the CRM, and the ten business days to honour them have passed. Make
        sure the CRM stops texting or e-mailing these people today, then see why delivery failed.
      </Paragraph>
      {items.map((item) => (
        <Details
          key={item.id}
          rows={[
            ["Opt-out", `#${item.id}: ${item.channel}`],
            ["How", item.via],
            ["Received", item.received],
            ["Honour by", item.honourBy],
            ["CRM", item.state],
          ]}
        />
      ))}
      <ButtonLink href={deskUrl}>Look them up in the desk</ButtonLink>
      <Paragraph muted>
        You get this because you are a desk admin or your address is in STAFF_ALERT_EMAILS. Each opt-out is
        listed once.
      </Paragraph>
    </EmailLayout>
  );
}
