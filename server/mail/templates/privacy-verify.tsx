/**
 * A privacy request's verification: nothing is done about a request until
 * the owner of the address follows this link, so no one can ask for someone
 * else's data or have it deleted.
 */
import { siteFacts } from "#domain/site-facts";
import { LinkEmail } from "./link-email";

export interface PrivacyVerifyProps {
  verifyUrl: string;
  /** What was asked, in the form's words ("Send me a copy of my data"). */
  kindLabel: string;
  expiresInHours: number;
}

export const privacyVerifySubject = `Confirm your privacy request to ${siteFacts.brand}`;

export function PrivacyVerify({ verifyUrl, kindLabel, expiresInHours }: PrivacyVerifyProps) {
  return (
    <LinkEmail
      heading="Please confirm your request"
      intro={
        <>
          Someone, hopefully you, asked {siteFacts.brand} on our site: "{kindLabel}", for this e-mail address.
          Confirm that it was you and we will answer within 30 days.
        </>
      }
      href={verifyUrl}
      button="Confirm my request"
      validity={<>The link works once and expires in {expiresInHours} hours.</>}
      footerNote="Didn't ask for this? Ignore this e-mail: without the click nothing happens, and the request is removed."
      title="Confirm your privacy request"
      preview="One click to confirm it is your request."
    />
  );
}
