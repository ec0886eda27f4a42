/**
 * A document the applicant sent needs attention: which one, what our team
 * said about it, and a fresh link to the application's document room to send
 * it again (server/desk/documents/: a rep marks an item).
 */
import { siteFacts } from "#domain/site-facts";
import { LinkEmail } from "./link-email";

export interface DocumentAttentionProps {
  reference: string;
  /** The checklist item: "Business bank statement: March 2026". */
  item: string;
  /** What the rep wrote, for the applicant to read. */
  reason: string;
  roomUrl: string;
}

export const documentAttentionSubject = (reference: string) =>
  `A document for ${reference} needs your attention - ${siteFacts.brand}`;

export function DocumentAttention({ reference, item, reason, roomUrl }: DocumentAttentionProps) {
  return (
    <LinkEmail
      heading="A document needs your attention"
      intro={
        <>
          We looked at your <strong>{item}</strong> for application <strong>{reference}</strong> and need
          something more before a decision: “{reason}” Please send it again in your document room.
        </>
      }
      href={roomUrl}
      button="Open my document room"
      validity={
        <>The link is yours: please do not forward this e-mail. Earlier links keep working as well.</>
      }
      footerNote="Questions about it? Reply to your funding specialist or contact us and quote your reference number."
      title="A document needs your attention"
      preview={`${item}: ${reason}`}
    />
  );
}
