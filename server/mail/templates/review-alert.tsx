/**
 * The review clock's e-mails (server/review-clock/alerts.ts): an owner's
 * reminder listing their applications due soon, and the admins' alert listing
 * the applications whose review deadline has passed untouched (with their
 * owners), those due soon that nobody owns, and the admin's own due soon.
 * One message lists them all; it is never one message per application. Each
 * application shows its company, reference, deadline and time left, with a
 * link to it in the desk; nothing else about the applicant. Each list ends
 * with a link to the desk's inbox view that lists the same (the rep's own
 * due soon or overdue view, least time left first), where they are worked
 * one after another. The follow-ups a rep set ("call back at") that fall due
 * are listed to their owner the same way, in a section of their own (their
 * Due soon view counts them too).
 */
import { ButtonLink, EmailLayout, Heading, Paragraph, Subheading } from "./layout";
import { LeadRows, type LeadRow } from "./lead-rows";

export interface ReviewItem extends LeadRow {
  /** The owner's name; null: nobody owns it. */
  owner: string | null;
  /** The deadline, in the provider's zone with its abbreviation. */
  due: string;
  /** "2 h 15 min left", "overdue by 40 min". */
  left: string;
  overdue: boolean;
}

/** Shown in full up to this many per section; the rest are counted (the desk's views list them all). */
export const LISTED_AT_MOST = 100;

const HOUR = 3_600_000;

/** A span in words for a busy reader: "under a minute", "45 min", "2 h 15 min", "3 d 4 h". */
export function spanWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (Math.abs(ms) < 24 * HOUR) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** Time left before a deadline `ms` away, or how long ago it passed. */
export const timeLeftWords = (ms: number) =>
  ms > 0 ? `${spanWords(ms)} left` : `overdue by ${spanWords(ms)}`;

const count = (n: number, what = "application") => `${n} ${what}${n === 1 ? "" : "s"}`;

/** "Acme Inc" for one, "12 applications" for more. */
const which = (items: ReviewItem[]) => (items.length === 1 ? items[0].company : count(items.length));

function ItemList({ items, showOwner }: { items: ReviewItem[]; showOwner: boolean }) {
  const shown = items.slice(0, LISTED_AT_MOST);
  return (
    <>
      <LeadRows
        items={shown}
        detail={(item) => (
          <>
            Due {item.due} ·{" "}
            <span style={{ fontWeight: 600, color: item.overdue ? "#b42318" : undefined }}>{item.left}</span>
            {showOwner ? <> · {item.owner ? `Owner: ${item.owner}` : "Unassigned"}</> : null}
          </>
        )}
      />
      {items.length > shown.length ? (
        <Paragraph muted>And {count(items.length - shown.length)} more: the desk lists them all.</Paragraph>
      ) : null}
    </>
  );
}

/** A section's link to the inbox view listing the same applications. */
export interface ListLink {
  url: string;
  /** "Open your Due soon list". */
  label: string;
}

function ListButton({ list }: { list: ListLink }) {
  return <ButtonLink href={list.url}>{list.label}</ButtonLink>;
}

export interface ReviewReminderProps {
  items: ReviewItem[];
  /** The owner's follow-ups due soon (or past): `due` is when to call back. */
  followUps?: ReviewItem[];
  list: ListLink;
  /** REVIEW_ALERT_INTERVAL in words ("30 minutes"). */
  interval: string;
}

/** "Call back: Acme Inc", "Call back: 3 applications". */
const callBackSubject = (followUps: ReviewItem[]) => `Call back: ${which(followUps)}`;

export const reviewReminderSubject = ({
  items,
  followUps = [],
}: Pick<ReviewReminderProps, "items" | "followUps">) => {
  const review =
    items.length === 0
      ? ""
      : items.every((item) => item.overdue)
        ? `Review overdue: ${which(items)}`
        : `Review due soon: ${which(items)}`;
  return [review, followUps.length > 0 && callBackSubject(followUps)].filter(Boolean).join("; ");
};

/** The follow-ups section: when the rep said they would call back. */
function FollowUps({ items }: { items: ReviewItem[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <Subheading>Your call-backs</Subheading>
      <Paragraph>
        You set a follow-up on {items.length === 1 ? "this application" : "these applications"}: it is time to
        call back. Log the call (or move the follow-up) on its page.
      </Paragraph>
      <ItemList items={items} showOwner={false} />
    </>
  );
}

export function ReviewReminder({ items, followUps = [], list, interval }: ReviewReminderProps) {
  const subject = reviewReminderSubject({ items, followUps });
  const first = [...items, ...followUps][0];
  return (
    <EmailLayout
      title={subject}
      preview={`${count(items.length + followUps.length)} of yours due, first ${first?.left}.`}
    >
      <Heading>{subject}</Heading>
      {items.length > 0 ? (
        <>
          <Paragraph>
            We promise every applicant a review in time.{" "}
            {items.length === 1 ? "This application" : "These applications"} of yours{" "}
            {items.length === 1 ? "has" : "have"} not been touched yet: a status change, a note or a logged
            call stops the clock.
          </Paragraph>
          <ItemList items={items} showOwner={false} />
        </>
      ) : null}
      <FollowUps items={followUps} />
      <ListButton list={list} />
      <Paragraph muted>
        You get at most one reminder every {interval}; applications that fall due meanwhile wait for the next
        one.
      </Paragraph>
    </EmailLayout>
  );
}

export interface ReviewOverdueProps {
  /** Past their deadline untouched, anyone's. */
  overdue: ReviewItem[];
  /** Due soon and nobody owns them. */
  unassigned: ReviewItem[];
  /** Due soon and this admin owns them. */
  yours: ReviewItem[];
  /** This admin's follow-ups due soon (or past). */
  followUps?: ReviewItem[];
  /** Each section's inbox view (the admin's follow-ups are in their own due soon: `yours`). */
  lists: Record<"overdue" | "unassigned" | "yours", ListLink>;
  interval: string;
}

export function reviewOverdueSubject({
  overdue,
  unassigned,
  yours,
  followUps = [],
}: Pick<ReviewOverdueProps, "overdue" | "unassigned" | "yours" | "followUps">) {
  const parts = [
    overdue.length > 0 && `Review overdue: ${which(overdue)}`,
    unassigned.length > 0 && `${count(unassigned.length)} due soon without an owner`,
    yours.length > 0 && `${count(yours.length, "of yours")} due soon`,
    followUps.length > 0 && callBackSubject(followUps),
  ].filter((part): part is string => Boolean(part));
  const subject = parts.join("; ");
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

export function ReviewOverdue(props: ReviewOverdueProps) {
  const subject = reviewOverdueSubject(props);
  return (
    <EmailLayout title={subject} preview={subject}>
      <Heading>{subject}</Heading>
      {props.overdue.length > 0 ? (
        <>
          <Subheading>Past the review deadline</Subheading>
          <Paragraph>
            Nobody has touched {props.overdue.length === 1 ? "this application" : "these applications"} within
            the review window the site promises. Each is alerted once.
          </Paragraph>
          <ItemList items={props.overdue} showOwner />
          <ListButton list={props.lists.overdue} />
        </>
      ) : null}
      {props.unassigned.length > 0 ? (
        <>
          <Subheading>Due soon, nobody owns them</Subheading>
          <ItemList items={props.unassigned} showOwner={false} />
          <ListButton list={props.lists.unassigned} />
        </>
      ) : null}
      {props.yours.length > 0 ? (
        <>
          <Subheading>Yours, due soon</Subheading>
          <ItemList items={props.yours} showOwner={false} />
          <ListButton list={props.lists.yours} />
        </>
      ) : null}
      {props.followUps?.length ? (
        <>
          <FollowUps items={props.followUps} />
          <ListButton list={props.lists.yours} />
        </>
      ) : null}
      <Paragraph muted>
        You get this as an admin of the desk or because your address is in STAFF_ALERT_EMAILS, at most once
        every {props.interval}; applications that fall due meanwhile wait for the next one.
      </Paragraph>
    </EmailLayout>
  );
}
