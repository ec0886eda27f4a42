/**
 * The applicant's consent receipt: sent once an application is accepted and
 * not held as spam. Their reference number, our promise to answer within a
 * day, what they asked for (type, amount, timeframe: never their revenue or
 * credit band), the exact text-message consent they agreed to with its
 * version and how to stop it, and how to reach us. With the link to the
 * application's document room, where the documents a decision needs are sent
 * and the application's status is shown.
 */
import { wizardCopy } from "#domain/application/copy";
import { siteFacts } from "#domain/site-facts";
import {
  ButtonLink,
  ContactFooter,
  Details,
  EmailLayout,
  Heading,
  Paragraph,
  Quote,
  Subheading,
} from "./layout";

export interface ReceiptProps {
  firstName: string;
  reference: string;
  fundingType: string;
  amount: string;
  timeframe: string;
  consent: { text: string; version: string; givenAt: string; phone: string };
  /** The application's document room (absent: an e-mail made without one). */
  roomUrl?: string;
}

/** The promise the site's success message makes, repeated word for word. */
export const REVIEW_PROMISE = wizardCopy.successDescription;

export const receiptSubject = (reference: string) =>
  `We received your application (${reference}) - ${siteFacts.brand}`;

export function Receipt({
  firstName,
  reference,
  fundingType,
  amount,
  timeframe,
  consent,
  roomUrl,
}: ReceiptProps) {
  return (
    <EmailLayout
      title={`Application ${reference}`}
      preview={`Reference ${reference}. ${REVIEW_PROMISE}`}
      footer={<ContactFooter />}
    >
      <Heading>Thank you, {firstName}. We have your application.</Heading>
      <Paragraph>
        Your reference number is <strong>{reference}</strong>. Please quote it when you contact us.
      </Paragraph>
      <Paragraph>{REVIEW_PROMISE}</Paragraph>
      {roomUrl ? (
        <>
          <Subheading>Your documents and where your application stands</Subheading>
          <Paragraph>
            A funding decision needs a few documents, such as your recent business bank statements. Your
            application's document room lists them, takes them securely, and shows where your application
            stands.
          </Paragraph>
          <ButtonLink href={roomUrl}>Open your document room</ButtonLink>
          <Paragraph muted>
            The link is yours: please do not forward this e-mail. If the button does not work, copy this
            address into your browser: {roomUrl}
          </Paragraph>
        </>
      ) : null}
      <Subheading>What you asked for</Subheading>
      <Details
        rows={[
          ["Funding type", fundingType],
          ["Amount", amount],
          ["Timeframe", timeframe],
        ]}
      />
      <Subheading>Your consent to text messages</Subheading>
      <Paragraph>
        On {consent.givenAt} you agreed to the following, for texts to {consent.phone}:
      </Paragraph>
      <Quote>{consent.text}</Quote>
      <Paragraph muted>Consent text version: {consent.version}</Paragraph>
      <Paragraph>To stop our texts at any time, reply STOP to any of them. Reply HELP for help.</Paragraph>
    </EmailLayout>
  );
}
