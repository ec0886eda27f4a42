/**
 * Fresh links to the document rooms of an address's applications, sent when
 * the address asks for them again (POST /api/room/links). Sent only to an
 * address that has applications; the page that asked says the same either way.
 */
import { siteFacts } from "#domain/site-facts";
import { ButtonLink, ContactFooter, EmailLayout, Heading, Paragraph } from "./layout";

export interface RoomLinkItem {
  reference: string;
  /** "Revenue-based financing". */
  fundingType: string;
  /** "May 1, 2026". */
  submittedOn: string;
  url: string;
}

export const roomLinkSubject = `Your document room link - ${siteFacts.brand}`;

export function RoomLink({ links }: { links: RoomLinkItem[] }) {
  return (
    <EmailLayout
      title="Your document room link"
      preview="The link to send your documents and see where your application stands."
      footer={
        <>
          <Paragraph muted>
            Didn't ask for this? You can ignore this e-mail: nobody can use the link without it.
          </Paragraph>
          <ContactFooter />
        </>
      }
    >
      <Heading>Your document room</Heading>
      <Paragraph>
        You asked for a new link to your application's document room, where you send the documents a decision
        needs and see where your application stands.
      </Paragraph>
      {links.map((link) => (
        <div key={link.url}>
          <Paragraph>
            <strong>{link.reference}</strong>: {link.fundingType}, applied {link.submittedOn}.
          </Paragraph>
          <ButtonLink href={link.url}>Open the document room for {link.reference}</ButtonLink>
          <Paragraph muted>
            If the button does not work, copy this address into your browser: {link.url}
          </Paragraph>
        </div>
      ))}
      <Paragraph muted>
        The link is yours: please do not forward this e-mail. Earlier links keep working as well.
      </Paragraph>
    </EmailLayout>
  );
}
