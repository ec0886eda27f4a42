/**
 * The newsletter's confirmation (double opt-in): nothing else is ever sent to
 * an address until its owner follows this link. It also carries an
 * unsubscribe link, as every newsletter e-mail does.
 */
import { siteFacts } from "#domain/site-facts";
import { ButtonLink, ContactFooter, EmailLayout, Heading, Paragraph } from "./layout";

export interface NewsletterConfirmProps {
  confirmUrl: string;
  unsubscribeUrl: string;
  expiresInDays: number;
}

export const newsletterConfirmSubject = `Confirm your subscription to ${siteFacts.brand} funding insights`;

export function NewsletterConfirm({ confirmUrl, unsubscribeUrl, expiresInDays }: NewsletterConfirmProps) {
  return (
    <EmailLayout
      title="Confirm your subscription"
      preview="One click to confirm your subscription."
      footer={
        <>
          <Paragraph muted>
            Didn't ask for this? Ignore this e-mail and you will not hear from us, or{" "}
            <a href={unsubscribeUrl}>unsubscribe</a> now.
          </Paragraph>
          <ContactFooter />
        </>
      }
    >
      <Heading>Please confirm your subscription</Heading>
      <Paragraph>
        Someone, hopefully you, asked for {siteFacts.brand}'s funding insights at this address. Confirm it and
        we will add you to the list.
      </Paragraph>
      <ButtonLink href={confirmUrl}>Confirm my subscription</ButtonLink>
      <Paragraph muted>
        The link works once and expires in {expiresInDays} days. If the button does not work, copy this
        address into your browser: {confirmUrl}
      </Paragraph>
    </EmailLayout>
  );
}
