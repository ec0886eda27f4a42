/**
 * Turns what happened (an application, a CRM outage, a newsletter sign-up)
 * into stored e-mails: rendered once, HTML and the plain-text part made from
 * that HTML, with their sender, recipient, subject and header lines. The mail
 * worker sends what was stored, on every attempt, whatever changed meanwhile
 * (templates, settings, the application itself).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { plainTextSelectors } from "@react-email/render";
import { compile } from "html-to-text";
import type { ReactElement } from "react";
import { fundingTypeOptions, timeframeOptions, type Option } from "#domain/application/schema";
import { DESK_PAGES, deskUrl, type InboxView } from "#domain/desk/pages";
import { formatUsdAsEntered } from "#domain/lib/format";
import type { Config } from "../config";
import { CallBooked, callBookedSubject, type BookedCallItem } from "./templates/call-booked";
import {
  DocumentAttention,
  documentAttentionSubject,
  type DocumentAttentionProps,
} from "./templates/document-attention";
import { DeliveryAlert, deliveryAlertSubject, type DeliveryAlertProps } from "./templates/delivery-alert";
import { NewsletterConfirm, newsletterConfirmSubject } from "./templates/newsletter-confirm";
import { NoticePage, type NoticePageProps } from "./templates/page";
import {
  PrivacyReminder,
  privacyReminderSubject,
  type PrivacyReminderItem,
} from "./templates/privacy-reminder";
import { PrivacyAccess, privacyAccessSubject } from "./templates/privacy-access";
import { PrivacyVerify, privacyVerifySubject, type PrivacyVerifyProps } from "./templates/privacy-verify";
import { OptOutOverdue, optOutOverdueSubject, type OverdueOptOutItem } from "./templates/opt-out-alert";
import { Receipt, receiptSubject } from "./templates/receipt";
import { RoomLink, roomLinkSubject, type RoomLinkItem } from "./templates/room-link";
import {
  DocumentReminder,
  documentReminderSubject,
  type DocumentReminderProps,
} from "./templates/document-reminder";
import {
  ReviewOverdue,
  reviewOverdueSubject,
  ReviewReminder,
  reviewReminderSubject,
  timeLeftWords,
  type ListLink,
  type ReviewItem,
} from "./templates/review-alert";
import { StaffAlert, staffAlertSubject } from "./templates/staff-alert";
import { ClaimReview, claimReviewSubject, type ClaimReviewItem } from "./templates/claim-review";

export type MailKind =
  | "receipt"
  | "staff-alert"
  | "delivery-alert"
  | "newsletter-confirm"
  | "newsletter"
  | "review-reminder"
  | "review-overdue"
  | "call-booked"
  | "privacy-verify"
  | "privacy-reminder"
  | "privacy-access"
  | "room-link"
  | "document-reminder"
  | "document-attention"
  | "claim-review";

export interface OutgoingMail {
  kind: MailKind;
  from: string;
  to: string;
  subject: string;
  /** Header lines beyond From, To, Subject, Date and Message-ID. */
  headers: Record<string, string>;
  html: string;
  text: string;
  /** Mail under a per-recipient daily cap counts against this key. */
  capKey?: string;
}

/** The site, the senders, and the desk's zone (DESK_TIME_ZONE), in which every e-mail gives its times. */
export type MailSettings = Pick<Config, "siteUrl" | "mail"> & { desk: Pick<Config["desk"], "timeZone"> };

/** What the receipt and the staff alert need to know about an application. */
export interface ApplicationForMail {
  id: string;
  reference: string;
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  phone: string;
  fundingType: string;
  fundingAmount: string;
  timeframe: string;
  /** When it was submitted (ISO). */
  submittedAt: string;
  consent: { text: string; version: string };
  /** The link to the application's document room (server/room/room-link.ts); the receipt carries it. */
  roomUrl?: string;
}

/** Automatic mail says so (RFC 3834): out-of-office replies stay away. */
const AUTOMATIC = { "Auto-Submitted": "auto-generated" };

const labelOf = (options: readonly Option[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** A moment in full, in `timeZone` (DESK_TIME_ZONE) and its abbreviation: "May 1, 2024 at 10:03 AM EDT". */
const longZonedFormats = new Map<string, Intl.DateTimeFormat>();
export function formatLongZoned(instant: string | Date, timeZone: string): string {
  let format = longZonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    longZonedFormats.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

/** The doctype mail clients expect (the one @react-email/render writes). */
const EMAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * @react-email/render's text converter (its options and selectors), compiled
 * once: its `toPlainText` compiles them again for every e-mail, which was a
 * tenth of the intake's CPU time.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * HTML and the text part made from it. The templates are synchronous, so
 * React's static renderer does: a quarter of the cost of the streaming
 * `render()`, on the path of every application.
 */
async function rendered(element: ReactElement) {
  const html = EMAIL_DOCTYPE + renderToStaticMarkup(element);
  return { html, text: toPlainText(html) };
}

/** The cap key for mail of one kind to one address. */
export const capKeyFor = (kind: MailKind, address: string) => `${kind}:${address.trim().toLowerCase()}`;

export async function composeReceipt(app: ApplicationForMail, settings: MailSettings): Promise<OutgoingMail> {
  const element = (
    <Receipt
      firstName={app.firstName}
      reference={app.reference}
      fundingType={labelOf(fundingTypeOptions, app.fundingType)}
      amount={formatUsdAsEntered(Number(app.fundingAmount))}
      timeframe={labelOf(timeframeOptions, app.timeframe)}
      consent={{
        text: app.consent.text,
        version: app.consent.version,
        givenAt: formatLongZoned(app.submittedAt, settings.desk.timeZone),
        phone: app.phone,
      }}
      roomUrl={app.roomUrl}
    />
  );
  return {
    kind: "receipt",
    from: settings.mail.from,
    to: app.email,
    subject: receiptSubject(app.reference),
    headers: AUTOMATIC,
    ...(await rendered(element)),
    capKey: capKeyFor("receipt", app.email),
  };
}

/** One alert per staff address (each its own message, so one bad address cannot hold up the rest). */
export async function composeStaffAlerts(
  app: ApplicationForMail,
  settings: MailSettings,
): Promise<OutgoingMail[]> {
  if (settings.mail.staffAlertEmails.length === 0) return [];
  const props = {
    name: `${app.firstName} ${app.lastName}`,
    company: app.companyName,
    fundingType: labelOf(fundingTypeOptions, app.fundingType),
    amount: formatUsdAsEntered(Number(app.fundingAmount)),
    reference: app.reference,
    deskUrl: deskUrl(settings.siteUrl, DESK_PAGES.application.path(app.id)),
  };
  const body = await rendered(<StaffAlert {...props} />);
  return settings.mail.staffAlertEmails.map((to) => ({
    kind: "staff-alert",
    from: settings.mail.from,
    to,
    subject: staffAlertSubject(props),
    headers: AUTOMATIC,
    ...body,
  }));
}

export async function composeDeliveryAlerts(
  props: Omit<DeliveryAlertProps, "deskUrl">,
  settings: MailSettings,
): Promise<OutgoingMail[]> {
  if (settings.mail.staffAlertEmails.length === 0) return [];
  const body = await rendered(
    <DeliveryAlert {...props} deskUrl={deskUrl(settings.siteUrl, DESK_PAGES.health.path())} />,
  );
  return settings.mail.staffAlertEmails.map((to) => ({
    kind: "delivery-alert",
    from: settings.mail.from,
    to,
    subject: deliveryAlertSubject(props),
    headers: AUTOMATIC,
    ...body,
  }));
}

/** The provider's zone (DESK_TIME_ZONE) and its abbreviation: "Fri, Nov 27, 10:00 AM EST". */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
export function formatZoned(instant: Date, timeZone: string): string {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    zonedFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** An application in a review e-mail. */
export interface ReviewMailApplication {
  id: string;
  company: string;
  reference: string | null;
  /** The owner's name; null: nobody owns it. */
  ownerName: string | null;
  dueAt: Date;
}

export type ReviewMailSettings = MailSettings;

/** When the message was made, and REVIEW_ALERT_INTERVAL in words. */
export interface ReviewMailMoment {
  now: Date;
  interval: string;
}

/** The inbox view a review e-mail's section links to: least time left first. */
const reviewList = (settings: ReviewMailSettings, view: InboxView, label: string): ListLink => ({
  url: deskUrl(settings.siteUrl, DESK_PAGES.inbox.path({ ...view, sort: "time_left" })),
  label,
});

const reviewItems = (
  apps: ReviewMailApplication[],
  { now }: ReviewMailMoment,
  settings: ReviewMailSettings,
) =>
  apps.map((app): ReviewItem => ({
    company: app.company,
    reference: app.reference,
    owner: app.ownerName,
    due: formatZoned(app.dueAt, settings.desk.timeZone),
    left: timeLeftWords(app.dueAt.getTime() - now.getTime()),
    overdue: app.dueAt <= now,
    deskUrl: deskUrl(settings.siteUrl, DESK_PAGES.application.path(app.id)),
  }));

/**
 * An owner's reminder: their applications due soon (or already past), and
 * their follow-ups due (`dueAt`: when to call back), one message.
 */
export async function composeReviewReminder(
  to: string,
  apps: ReviewMailApplication[],
  moment: ReviewMailMoment,
  settings: ReviewMailSettings,
  followUpApps: ReviewMailApplication[] = [],
): Promise<OutgoingMail> {
  const items = reviewItems(apps, moment, settings);
  const followUps = reviewItems(followUpApps, moment, settings);
  // All past their deadline (call-backs too): the Overdue view; else the Due soon one, which lists the rest.
  const list = [...items, ...followUps].every((item) => item.overdue)
    ? reviewList(settings, { owner: "mine", due: "overdue" }, "Open your Overdue list")
    : reviewList(settings, { owner: "mine", due: "due_soon" }, "Open your Due soon list");
  return {
    kind: "review-reminder",
    from: settings.mail.from,
    to,
    subject: reviewReminderSubject({ items, followUps }),
    headers: AUTOMATIC,
    ...(await rendered(
      <ReviewReminder items={items} followUps={followUps} list={list} interval={moment.interval} />,
    )),
  };
}

const overdueLists = (settings: ReviewMailSettings) => ({
  overdue: reviewList(settings, { owner: "everyone", due: "overdue" }, "Open the Overdue list"),
  unassigned: reviewList(
    settings,
    { owner: "unassigned", due: "due_soon" },
    "Open the Unassigned, due soon list",
  ),
  yours: reviewList(settings, { owner: "mine", due: "due_soon" }, "Open your Due soon list"),
});

/** An admin's alert: the overdue applications, those due soon without an owner, and the admin's own due soon. */
export async function composeReviewOverdue(
  to: string,
  apps: Record<"overdue" | "unassigned" | "yours", ReviewMailApplication[]> & {
    followUps?: ReviewMailApplication[];
  },
  moment: ReviewMailMoment,
  settings: ReviewMailSettings,
): Promise<OutgoingMail> {
  const sections = {
    overdue: reviewItems(apps.overdue, moment, settings),
    unassigned: reviewItems(apps.unassigned, moment, settings),
    yours: reviewItems(apps.yours, moment, settings),
    followUps: reviewItems(apps.followUps ?? [], moment, settings),
  };
  return {
    kind: "review-overdue",
    from: settings.mail.from,
    to,
    subject: reviewOverdueSubject(sections),
    headers: AUTOMATIC,
    ...(await rendered(
      <ReviewOverdue {...sections} lists={overdueLists(settings)} interval={moment.interval} />,
    )),
  };
}

/** A lead's booked call in its owner's e-mail. */
export interface BookedCallForMail {
  id: string;
  company: string;
  reference: string | null;
  at: Date;
}

/** An owner's e-mail about the calls their leads booked, soonest first: one message. */
export async function composeCallBooked(
  to: string,
  calls: BookedCallForMail[],
  interval: string,
  settings: MailSettings,
): Promise<OutgoingMail> {
  const items = calls.map((call): BookedCallItem => ({
    company: call.company,
    reference: call.reference,
    at: formatZoned(call.at, settings.desk.timeZone),
    deskUrl: deskUrl(settings.siteUrl, DESK_PAGES.application.path(call.id)),
  }));
  return {
    kind: "call-booked",
    from: settings.mail.from,
    to,
    subject: callBookedSubject({ items }),
    headers: AUTOMATIC,
    ...(await rendered(<CallBooked items={items} interval={interval} />)),
  };
}

/**
 * The admins' alert about opt-outs not with the CRM by their honour-by day
 * (one message per recipient): a CRM delivery alert, stored under that kind.
 */
export async function composeOptOutOverdue(
  to: string,
  items: OverdueOptOutItem[],
  settings: MailSettings,
): Promise<OutgoingMail> {
  const deskLink = deskUrl(settings.siteUrl, DESK_PAGES.consents.path());
  return {
    kind: "delivery-alert",
    from: settings.mail.from,
    to,
    subject: optOutOverdueSubject({ items }),
    headers: AUTOMATIC,
    ...(await rendered(<OptOutOverdue items={items} deskUrl={deskLink} />)),
  };
}

/** A claim owner's e-mail: claims of theirs whose review is due soon or has lapsed, or that our records no longer back (server/claims/alerts.ts). */
export async function composeClaimReview(
  to: string,
  items: ClaimReviewItem[],
  settings: MailSettings,
): Promise<OutgoingMail> {
  return {
    kind: "claim-review",
    from: settings.mail.from,
    to,
    subject: claimReviewSubject({ items }),
    headers: AUTOMATIC,
    ...(await rendered(
      <ClaimReview items={items} deskUrl={deskUrl(settings.siteUrl, DESK_PAGES.claims.path())} />,
    )),
  };
}

export type { ClaimReviewItem };

/** One-click unsubscribe (RFC 8058) on every newsletter e-mail, the confirmation included. */
export function newsletterHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export const newsletterUrl = (settings: MailSettings, action: "confirm" | "unsubscribe", token: string) =>
  `${settings.siteUrl}/api/newsletter/${action}?token=${encodeURIComponent(token)}`;

export async function composeNewsletterConfirm(
  to: string,
  tokens: { confirm: string; unsubscribe: string },
  expiresInDays: number,
  settings: MailSettings,
): Promise<OutgoingMail> {
  const unsubscribeUrl = newsletterUrl(settings, "unsubscribe", tokens.unsubscribe);
  const element = (
    <NewsletterConfirm
      confirmUrl={newsletterUrl(settings, "confirm", tokens.confirm)}
      unsubscribeUrl={unsubscribeUrl}
      expiresInDays={expiresInDays}
    />
  );
  return {
    kind: "newsletter-confirm",
    from: settings.mail.marketingFrom,
    to,
    subject: newsletterConfirmSubject,
    headers: newsletterHeaders(unsubscribeUrl),
    ...(await rendered(element)),
    capKey: capKeyFor("newsletter-confirm", to),
  };
}

/** A privacy request's verification link, to the address the request names. */
export async function composePrivacyVerify(
  to: string,
  props: Omit<PrivacyVerifyProps, "verifyUrl"> & { token: string },
  settings: MailSettings,
): Promise<OutgoingMail> {
  const verifyUrl = `${settings.siteUrl}/api/privacy-requests/verify?token=${encodeURIComponent(props.token)}`;
  return {
    kind: "privacy-verify",
    from: settings.mail.from,
    to,
    subject: privacyVerifySubject,
    headers: AUTOMATIC,
    ...(await rendered(
      <PrivacyVerify
        verifyUrl={verifyUrl}
        kindLabel={props.kindLabel}
        expiresInHours={props.expiresInHours}
      />,
    )),
    capKey: capKeyFor("privacy-verify", to),
  };
}

/** A reminder of the privacy requests due soon or overdue, to one member of staff. */
export async function composePrivacyReminder(
  to: string,
  items: PrivacyReminderItem[],
  settings: MailSettings,
): Promise<OutgoingMail> {
  return {
    kind: "privacy-reminder",
    from: settings.mail.from,
    to,
    subject: privacyReminderSubject(items),
    headers: AUTOMATIC,
    ...(await rendered(
      <PrivacyReminder
        items={items}
        queueUrl={deskUrl(settings.siteUrl, DESK_PAGES.privacyRequests.path())}
      />,
    )),
  };
}

/** An access request's answer: the link to the copy of the data. */
export async function composePrivacyAccess(
  to: string,
  props: { token: string; expiresInDays: number },
  settings: MailSettings,
): Promise<OutgoingMail> {
  const packageUrl = `${settings.siteUrl}/api/privacy-requests/package?token=${encodeURIComponent(props.token)}`;
  return {
    kind: "privacy-access",
    from: settings.mail.from,
    to,
    subject: privacyAccessSubject,
    headers: AUTOMATIC,
    ...(await rendered(<PrivacyAccess packageUrl={packageUrl} expiresInDays={props.expiresInDays} />)),
  };
}

/** Fresh document room links for an address's applications (POST /api/room/links); capped per address. */
export async function composeRoomLinks(
  to: string,
  links: { reference: string; fundingType: string; submittedAt: string; url: string }[],
  settings: MailSettings,
): Promise<OutgoingMail> {
  const items: RoomLinkItem[] = links.map((link) => ({
    reference: link.reference,
    fundingType: labelOf(fundingTypeOptions, link.fundingType),
    submittedOn: new Intl.DateTimeFormat("en-US", {
      dateStyle: "long",
      timeZone: settings.desk.timeZone,
    }).format(new Date(link.submittedAt)),
    url: link.url,
  }));
  return {
    kind: "room-link",
    from: settings.mail.from,
    to,
    subject: roomLinkSubject,
    headers: AUTOMATIC,
    ...(await rendered(<RoomLink links={items} />)),
    capKey: capKeyFor("room-link", to),
  };
}

/** A reminder of the documents an application still needs (server/room/document-reminders.ts). */
export async function composeDocumentReminder(
  to: string,
  props: Omit<DocumentReminderProps, "optOutUrl">,
  settings: MailSettings,
): Promise<OutgoingMail> {
  return {
    kind: "document-reminder",
    from: settings.mail.from,
    to,
    subject: documentReminderSubject(props.reference),
    headers: AUTOMATIC,
    ...(await rendered(<DocumentReminder {...props} optOutUrl={`${settings.siteUrl}/opt-out`} />)),
  };
}

/** A checklist item a rep marked as needing attention, to the applicant, with a fresh room link. */
export async function composeDocumentAttention(
  to: string,
  props: DocumentAttentionProps,
  settings: MailSettings,
): Promise<OutgoingMail> {
  return {
    kind: "document-attention",
    from: settings.mail.from,
    to,
    subject: documentAttentionSubject(props.reference),
    headers: AUTOMATIC,
    ...(await rendered(<DocumentAttention {...props} />)),
  };
}

export type { DeliveryAlertKind, Flaps } from "./templates/delivery-alert";
export type { NoticePageProps, OverdueOptOutItem, PrivacyReminderItem };

/** A confirm or unsubscribe page, as a complete HTML document. */
export function renderNoticePage(props: NoticePageProps): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<NoticePage {...props} />)}`;
}
