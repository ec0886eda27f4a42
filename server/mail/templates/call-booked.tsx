/**
 * The owner's e-mail when a lead of theirs books a call (server/booked-calls/):
 * each lead's company, reference and the call's time in the provider's zone,
 * with a link to the lead in the desk. One message lists every call booked
 * since the last (at most one per REVIEW_ALERT_INTERVAL); nothing else about
 * the applicant.
 */
import { ButtonLink, EmailLayout, Heading, Paragraph } from "./layout";
import { LeadRows, type LeadRow } from "./lead-rows";

export interface BookedCallItem extends LeadRow {
  /** The call's time, in the provider's zone with its abbreviation. */
  at: string;
}

export interface CallBookedProps {
  items: BookedCallItem[];
  /** REVIEW_ALERT_INTERVAL in words ("30 minutes"). */
  interval: string;
}

export const callBookedSubject = ({ items }: Pick<CallBookedProps, "items">) =>
  items.length === 1
    ? `Call booked: ${items[0].company}, ${items[0].at}`
    : `Calls booked: ${items.length} of your leads`;

export function CallBooked({ items, interval }: CallBookedProps) {
  const subject = callBookedSubject({ items });
  return (
    <EmailLayout title={subject} preview={`The first is ${items[0]?.at}.`}>
      <Heading>
        {items.length === 1 ? "A lead of yours booked a call" : "Leads of yours booked calls"}
      </Heading>
      <LeadRows
        items={items}
        detail={(item) => (
          <>
            Call booked for <span style={{ fontWeight: 600 }}>{item.at}</span>
          </>
        )}
      />
      {items.length === 1 ? <ButtonLink href={items[0].deskUrl}>Open the lead in the desk</ButtonLink> : null}
      <Paragraph muted>
        You get this because you own {items.length === 1 ? "this lead" : "these leads"}. Calls booked
        meanwhile come in one message at most every {interval}.
      </Paragraph>
    </EmailLayout>
  );
}
