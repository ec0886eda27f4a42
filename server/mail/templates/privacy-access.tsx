/**
 * An access request's answer: the link to the copy of everything held about
 * the address, as a page and as JSON. It works until it expires.
 */
import { siteFacts } from "#domain/site-facts";
import { LinkEmail } from "./link-email";

export const privacyAccessSubject = `Your data held by ${siteFacts.brand}`;

export function PrivacyAccess({ packageUrl, expiresInDays }: { packageUrl: string; expiresInDays: number }) {
  return (
    <LinkEmail
      heading="The copy of your data"
      intro={
        <>
          You asked {siteFacts.brand} for a copy of the data we hold about this e-mail address. It is ready: a
          page to read, and the same data as JSON to download.
        </>
      }
      href={packageUrl}
      button="See my data"
      validity={
        <>The link works for {expiresInDays} days. Keep it to yourself: anyone with it can see your data.</>
      }
      title="Your data"
      preview="The copy of your data you asked for."
    />
  );
}
