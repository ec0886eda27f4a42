/**
 * What every instance does for privacy requests on a timer
 * (server/periodic.ts): removes the unverified requests whose link expired,
 * and reminds of the 30-day deadline. A request due within a week is
 * reminded to its owner, at most once a day; one nobody owns, or one past its
 * deadline, to the admins too. One message per person lists their requests.
 * The reminders and their e-mails are one transaction; another instance
 * skips the requests this one is reminding.
 */
import type { FastifyBaseLogger } from "fastify";
import { PRIVACY_REQUEST_KIND_LABELS } from "#domain/privacy/kinds";
import type { Config } from "../config";
import { composePrivacyReminder, formatZoned, type OutgoingMail } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import type { PrivacyReminderItem } from "../mail/compose";
import { runEvery } from "../periodic";
import type { Store } from "../store/store";
import {
  activeAdminEmails,
  createPrivacyRequestsRepository,
  takeDueRequests,
} from "./privacy-requests-repository";

/** Within this many days of its deadline a request is due soon. */
export const PRIVACY_DUE_SOON_DAYS = 7;
/** At most one reminder per request per this. */
export const PRIVACY_REMIND_EVERY_MS = 24 * 60 * 60_000;

export type PrivacyUpkeepSettings = Pick<Config, "siteUrl" | "mail"> & {
  desk: Pick<Config["desk"], "timeZone">;
};

/** One reminder pass; returns how many e-mails it stored. */
export async function remindPrivacyRequests(
  store: Store,
  settings: PrivacyUpkeepSettings,
  now = new Date(),
): Promise<number> {
  const stored = await store.transaction(async (tx) => {
    const due = await takeDueRequests(tx, PRIVACY_DUE_SOON_DAYS, PRIVACY_REMIND_EVERY_MS);
    if (due.length === 0) return 0;
    const admins = await activeAdminEmails(tx);
    const byRecipient = new Map<string, PrivacyReminderItem[]>();
    for (const request of due) {
      const item: PrivacyReminderItem = {
        kind: PRIVACY_REQUEST_KIND_LABELS[request.kind],
        due: formatZoned(request.due_at, settings.desk.timeZone),
        leftMs: request.due_at.getTime() - now.getTime(),
        owner: request.owner_name,
      };
      const recipients = new Set<string>();
      if (request.owner_email) recipients.add(request.owner_email);
      if (!request.owner_email || item.leftMs <= 0) for (const admin of admins) recipients.add(admin);
      for (const to of recipients) byRecipient.set(to, [...(byRecipient.get(to) ?? []), item]);
    }
    const mails: OutgoingMail[] = [];
    for (const [to, items] of byRecipient) mails.push(await composePrivacyReminder(to, items, settings));
    return insertMails(tx, mails, { siteUrl: settings.siteUrl });
  });
  if (stored > 0) notifyMailQueued();
  return stored;
}

/** Starts both jobs on this instance (every instance runs them); returns stop. */
export function startPrivacyUpkeep(options: {
  store: Store;
  settings: PrivacyUpkeepSettings;
  log: FastifyBaseLogger;
  everyMs?: number;
}): () => Promise<void> {
  const log = options.log.child({ component: "privacy-requests" });
  const requests = createPrivacyRequestsRepository(options.store, options.settings);
  return runEvery(
    options.everyMs ?? 5 * 60_000,
    async () => {
      try {
        const removed = await requests.removeExpired();
        const reminders = await remindPrivacyRequests(options.store, options.settings);
        if (removed + reminders > 0) log.info({ removed, reminders }, "privacy requests: upkeep done");
      } catch (err) {
        log.error({ err }, "privacy requests: upkeep pass failed");
      }
    },
    { immediately: true },
  );
}
