/**
 * The e-mails the browser tests' server really sent, as the local SMTP inbox
 * (scripts/dev-smtp.mjs, started by playwright.config.ts) received them.
 */
import { E2E } from "./env";
import { expect } from "./test";

/** One message as the inbox keeps it: its addresses, subject, headers, the HTML part's links and the text part. */
export interface InboxMessage {
  messageId: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  links: string[];
  text: string;
  html: string;
}

/** Every message received so far, oldest first. */
export async function inboxMessages(): Promise<InboxMessage[]> {
  return (await (await fetch(`${E2E.inboxOrigin}/messages`)).json()) as InboxMessage[];
}

/**
 * The newest message to `address` whose subject matches `subject`, waited for (the server sends
 * mail from an outbox, in the background: up to `timeout` ms).
 */
export async function mailTo(address: string, subject: RegExp, timeout = 30_000): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await inboxMessages()).findLast(
          (message) => message.to.includes(address) && subject.test(message.subject),
        );
        return Boolean(found);
      },
      { message: `an e-mail to ${address} with a subject matching ${subject}`, timeout },
    )
    .toBe(true);
  return found!;
}
