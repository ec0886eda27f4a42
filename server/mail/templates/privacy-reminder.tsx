/**
 * The privacy requests' reminder (server/privacy/reminders.ts): to a request's
 * owner a week before its 30-day deadline, and to the admins when nobody owns
 * it or the deadline has passed. One message lists the recipient's requests:
 * what was asked, when it is due and the time left, with a link to the desk's
 * queue; nothing about the person who asked.
 */
import { ButtonLink, EmailLayout, Heading, Paragraph, Subheading } from "./layout";
import { timeLeftWords } from "./review-alert";

export interface PrivacyReminderItem {
  /** What was asked, in the form's words. */
  kind: string;
  /** The deadline, in the provider's zone with its abbreviation. */
  due: string;
  /** Milliseconds left (negative: overdue). */
  leftMs: number;
  owner: string | null;
}

export function privacyReminderSubject(items: PrivacyReminderItem[]): string {
  const overdue = items.filter((item) => item.leftMs <= 0).length;
  const n = items.length;
  if (overdue > 0)
    return `${overdue} privacy request${overdue === 1 ? " is" : "s are"} past the 30-day deadline`;
  return `${n} privacy request${n === 1 ? " is" : "s are"} due within a week`;
}

export function PrivacyReminder({ items, queueUrl }: { items: PrivacyReminderItem[]; queueUrl: string }) {
  return (
    <EmailLayout title="Privacy requests due" preview={privacyReminderSubject(items)}>
      <Heading>Privacy requests to answer</Heading>
      <Paragraph>
        A privacy request must be answered within 30 days of its verification. These are due soon or overdue:
      </Paragraph>
      {items.map((item, index) => (
        <div key={index}>
          <Subheading>{item.kind}</Subheading>
          <Paragraph>
            Due {item.due} · {timeLeftWords(item.leftMs)} ·{" "}
            {item.owner ? `Owner: ${item.owner}` : "Nobody owns it"}
          </Paragraph>
        </div>
      ))}
      <ButtonLink href={queueUrl}>Open the privacy requests</ButtonLink>
    </EmailLayout>
  );
}
