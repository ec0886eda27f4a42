/**
 * E-mail addresses in configuration: one sender ("Name <address>" or a bare
 * address) and comma-separated recipient lists, parsed by nodemailer's own
 * address parser and checked with zod's address rule.
 */
import addressparser from "nodemailer/lib/addressparser";
import { z } from "zod";
import { siteFacts } from "#domain/site-facts";

export interface Mailbox {
  name: string;
  address: string;
}

const isAddress = (address: string) => z.email().safeParse(address).success;

/** Every mailbox in `text`, or undefined when any part of it is not a valid address. */
export function parseMailboxes(text: string): Mailbox[] | undefined {
  const parsed = addressparser(text, { flatten: true });
  if (parsed.length === 0 || parsed.some((mailbox) => !isAddress(mailbox.address))) return undefined;
  return parsed.map((mailbox) => ({ name: mailbox.name.trim(), address: mailbox.address.toLowerCase() }));
}

/** "Name <address>" as a header wants it (the name quoted when it needs to be). */
export function formatMailbox({ name, address }: Mailbox): string {
  if (!name) return address;
  return /^[\w .-]+$/.test(name)
    ? `${name} <${address}>`
    : `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/** One sender, normalised to "Name <address>". */
export const mailboxSetting = z.string().transform((value, ctx) => {
  const mailboxes = parseMailboxes(value);
  if (!mailboxes || mailboxes.length !== 1) {
    ctx.addIssue({ code: "custom", message: 'must be one address, such as "Brand <hello@example.com>"' });
    return z.NEVER;
  }
  return formatMailbox(mailboxes[0]);
});

/** A comma-separated list of addresses (no names needed), each once. */
export const addressListSetting = z.string().transform((value, ctx) => {
  if (value.trim() === "") return [];
  const mailboxes = parseMailboxes(value);
  if (!mailboxes) {
    ctx.addIssue({ code: "custom", message: "must be e-mail addresses separated by commas" });
    return z.NEVER;
  }
  return [...new Set(mailboxes.map((mailbox) => mailbox.address))];
});

/** The address part of a configured sender. */
export function addressOf(mailbox: string): string {
  return parseMailboxes(mailbox)?.[0]?.address ?? mailbox;
}

const siteDomain = siteFacts.email.split("@")[1];

/** Transactional mail comes from the address the site shows. */
export const DEFAULT_MAIL_FROM = formatMailbox({ name: siteFacts.brand, address: siteFacts.email });

/** Newsletter mail comes from a separate address of the same domain. */
export const DEFAULT_MARKETING_FROM = formatMailbox({
  name: `${siteFacts.brand} Insights`,
  address: `insights@${siteDomain}`,
});
