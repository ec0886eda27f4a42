/**
 * The shell of an e-mail that is there for one link (a confirmation, a copy
 * of someone's data): a heading, a paragraph on what it is about, the link as
 * a button, how long it works with the address to copy when the button does
 * not, and the contact footer, after a note when there is one. Its props
 * follow the body as it reads, then the message's title and inbox preview.
 */
import type { ReactNode } from "react";
import { ButtonLink, ContactFooter, EmailLayout, Heading, Paragraph } from "./layout";

export interface LinkEmailProps {
  heading: ReactNode;
  /** What the e-mail is about: its first paragraph. */
  intro: ReactNode;
  href: string;
  /** The button's words. */
  button: ReactNode;
  /** How long the link works (a sentence or two); the address to copy follows. */
  validity: ReactNode;
  /** Above the contact footer (what to do if the reader did not ask for this). */
  footerNote?: ReactNode;
  /** The message's title, and the line an inbox shows under the subject. */
  title: string;
  preview: string;
}

export function LinkEmail({
  heading,
  intro,
  href,
  button,
  validity,
  footerNote,
  title,
  preview,
}: LinkEmailProps) {
  return (
    <EmailLayout
      title={title}
      preview={preview}
      footer={
        footerNote ? (
          <>
            <Paragraph muted>{footerNote}</Paragraph>
            <ContactFooter />
          </>
        ) : (
          <ContactFooter />
        )
      }
    >
      <Heading>{heading}</Heading>
      <Paragraph>{intro}</Paragraph>
      <ButtonLink href={href}>{button}</ButtonLink>
      <Paragraph muted>
        {validity} If the button does not work, copy this address into your browser: {href}
      </Paragraph>
    </EmailLayout>
  );
}
