/**
 * The newsletter's confirmation (double opt-in): nothing else is ever sent to
 * an address until its owner follows this link. It also carries an
 * unsubscribe link, as every newsletter e-mail does.
 */
import { siteFacts } from "#domain/site-facts";
import { LinkEmail } from "./link-email";

export interface NewsletterConfirmProps {
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresInDays: number;
}

export const newsletterConfirmSubject = `Confirm your subscription to ${siteFacts.brand} funding insights`;

export function NewsletterConfirm({ confirmUrl, unsubscribeUrl, expiresInDays }: NewsletterConfirmProps) {
  return (
    <LinkEmail
      heading="Please confirm your subscription"
      intro={
        <>
          Someone, hopefully you, asked for {siteFacts.brand}'s funding insights at this address. Confirm it
          and we will add you to the list.
        </>
      }
      href={confirmUrl}
      button="Confirm my subscription"
      validity={<>The link works once and expires in {expiresInDays} days.</>}
      footerNote={
        <>
          Didn't ask for this? Ignore this e-mail and you will not hear from us, or{" "}
          <a href={unsubscribeUrl}>unsubscribe</a> now.
        </>
      }
      title="Confirm your subscription"
      preview="One click to confirm your subscription."
    />
  );
}
