/**
 * The reminder that documents are still needed for an application
 * (server/room/document-reminders.ts): what is missing, what needs the
 * applicant's attention and why, and a fresh link to the document room.
 * At most a few are sent; the footer says so, and how to stop them.
 */
import { siteFacts } from "#domain/site-facts";
import type { ReactNode } from "react";
import { ButtonLink, ContactFooter, EmailLayout, Heading, Paragraph, Subheading, theme } from "./layout";

/** A list in the e-mails' type: the paragraphs' size and colour, a little air between items. */
function ItemList({ children }: { children: ReactNode }) {
  return (
    <ul style={{ margin: "0 0 16px", paddingLeft: 22, fontSize: 16, lineHeight: "24px", color: theme.ink }}>
      {children}
    </ul>
  );
}

export interface ReminderItem {
  label: string;
  /** Staff's reason, when the file sent for it needs the applicant's attention. */
  attention: string | null;
}

export interface DocumentReminderProps {
  firstName: string;
  reference: string;
  items: ReminderItem[];
  roomUrl: string;
  /** This reminder's number and how many there can be at most. */
  number: number;
  of: number;
  optOutUrl: string;
}

export const documentReminderSubject = (reference: string) =>
  `Documents still needed for ${reference} - ${siteFacts.brand}`;

export function DocumentReminder({
  firstName,
  reference,
  items,
  roomUrl,
  number,
  of,
  optOutUrl,
}: DocumentReminderProps) {
  const waiting = items.filter((item) => item.attention === null);
  const attention = items.filter((item) => item.attention !== null);
  return (
    <EmailLayout
      title="Documents still needed"
      preview={`A funding decision on ${reference} needs ${items.length === 1 ? "one more document" : `${items.length} more documents`}.`}
      footer={
        <>
          <Paragraph muted>
            This is reminder {number} of at most {of}. Already sent everything, or no longer interested? You
            can ignore this e-mail, or stop our e-mails at {optOutUrl}.
          </Paragraph>
          <ContactFooter />
        </>
      }
    >
      <Heading>Documents still needed</Heading>
      <Paragraph>
        Hi {firstName}, a funding decision on your application {reference} needs a few more documents. Upload
        them in your document room, from your phone or computer.
      </Paragraph>
      {waiting.length > 0 ? (
        <>
          <Subheading>Still needed</Subheading>
          <ItemList>
            {waiting.map((item) => (
              <li key={item.label} style={{ margin: "0 0 4px" }}>
                {item.label}
              </li>
            ))}
          </ItemList>
        </>
      ) : null}
      {attention.length > 0 ? (
        <>
          <Subheading>Needs your attention</Subheading>
          <ItemList>
            {attention.map((item) => (
              <li key={item.label} style={{ margin: "0 0 8px" }}>
                {item.label}
                <br />
                <span style={{ color: theme.muted, fontSize: 14, lineHeight: "20px" }}>{item.attention}</span>
              </li>
            ))}
          </ItemList>
        </>
      ) : null}
      <ButtonLink href={roomUrl}>Open your document room</ButtonLink>
      <Paragraph muted>
        The link is yours: please do not forward this e-mail. If the button does not work, copy this address
        into your browser: {roomUrl}
      </Paragraph>
    </EmailLayout>
  );
}
