/**
 * Recording an opt-out, whoever reports it (staff in the desk, the texting
 * platform or the CRM through the inbound webhook, a visitor on the site's
 * opt-out form): one new row in the append-only ledger; for an e-mail
 * opt-out, our own marketing e-mail stopped at once (withdrawFromNewsletter);
 * and the opt-out queued for the CRM (its own outbox, migration 022), unless
 * the CRM is who reported it. Run inside the caller's transaction, with its
 * audit row, so all of it happens or none of it does; the caller calls
 * notifyOptOutQueued after the commit. docs/consent-withdrawals.md.
 */
import type { OptOutDetails } from "#domain/audit/actions";
import type { OptOut } from "#domain/desk/contract";
import { queueOptOut } from "../crm-delivery/opt-out-outbox";
import { withdrawFromNewsletter } from "../newsletter/newsletter-repository";
import type { Queryable } from "../store/store";
import type { NewOptOut, OptOutRepository } from "./opt-out-repository";

export interface RecordedOptOut {
  optOut: OptOut;
  /** An e-mail opt-out: whether the address was on the newsletter, and how many waiting e-mails were cancelled. */
  newsletter?: { unsubscribed: boolean; cancelledMail: number };
  /** Queued for the CRM (false: the CRM reported it). */
  queued: boolean;
}

export async function recordOptOut(
  tx: Queryable,
  ledger: OptOutRepository,
  input: NewOptOut,
): Promise<RecordedOptOut> {
  const optOut = await ledger.add(tx, input);
  const newsletter = optOut.email ? await withdrawFromNewsletter(tx, optOut.email) : undefined;
  const queued = optOut.receivedVia !== "crm";
  if (queued) await queueOptOut(tx, optOut);
  return { optOut, newsletter, queued };
}

/** The audit row's details for a recorded opt-out (consent.opt-out-recorded). */
export function optOutAuditDetails({ optOut, newsletter }: Omit<RecordedOptOut, "queued">): OptOutDetails {
  return {
    optOutId: optOut.id,
    channel: optOut.channel,
    ...(optOut.phone ? { phone: optOut.phone } : { email: optOut.email }),
    receivedVia: optOut.receivedVia,
    receivedAt: optOut.receivedAt,
    ...(newsletter && {
      newsletterUnsubscribed: newsletter.unsubscribed,
      mailCancelled: newsletter.cancelledMail,
    }),
  };
}
