/**
 * Reminders of missing documents (issue 42; docs/document-reminders.md): an application whose checklist still has items missing or
 * needing attention is e-mailed on reminder-schedule.ts's schedule, at most
 * three times, only in the applicant's waking hours, never once the file is
 * complete, the application closed, or the person opted out of e-mail or
 * asked for their data to be deleted (reminder-repository.ts, REMINDABLE).
 *
 * Each reminder is one transaction: lock the application and check it again,
 * record the reminder under its (application, number) key, make a fresh room
 * link, store the e-mail in the mail outbox. Every instance runs the pass;
 * two at once meet on the lock and the key, and only one e-mail goes.
 */
import type { FastifyBaseLogger } from "fastify";
import { composeDocumentReminder, type MailSettings } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import { runEvery } from "../periodic";
import type { Store } from "../store/store";
import { applicantTimeZone } from "./applicant-time-zone";
import {
  lockReminderApplication,
  recordReminder,
  reminderCandidates,
  type ReminderCandidate,
} from "./reminder-repository";
import { REMINDER_AFTER_MS, REMINDERS_END_MS, isWakingHour, reminderDue } from "./reminder-schedule";
import { makeRoomChecklist } from "./room-checklist";
import { issueRoomLink, roomUrl } from "./room-link";

/** How often each instance looks. */
export const REMINDERS_EVERY_MS = 5 * 60 * 1000;

export interface DocumentRemindersDeps {
  store: Store;
  settings: MailSettings;
}

const historyOf = (candidate: ReminderCandidate | { lastNumber: number; lastSentAt: string | null }) => ({
  lastNumber: candidate.lastNumber,
  lastSentAt: candidate.lastSentAt ? new Date(candidate.lastSentAt) : null,
});

/** One pass at `now`; resolves to how many reminders it stored. */
export async function runDocumentReminders(
  { store, settings }: DocumentRemindersDeps,
  now = new Date(),
): Promise<number> {
  const candidates = await reminderCandidates(store, {
    since: new Date(now.getTime() - REMINDERS_END_MS),
    until: new Date(now.getTime() - REMINDER_AFTER_MS[0]),
  });
  let sent = 0;
  for (const candidate of candidates) {
    const receivedAt = new Date(candidate.submittedAt);
    const number = reminderDue({ receivedAt, ...historyOf(candidate) }, now);
    if (number === null) continue;
    const timeZone = applicantTimeZone(candidate.phone, settings.desk.timeZone);
    if (!isWakingHour(now, timeZone)) continue;
    // Never entered the room: its checklist is made now, as the room would have.
    await makeRoomChecklist(store, candidate, settings.desk.timeZone);
    const stored = await store.transaction(async (tx) => {
      const application = await lockReminderApplication(tx, candidate.id);
      if (!application || application.items.length === 0) return false;
      if (reminderDue({ receivedAt, ...historyOf(application) }, now) !== number) return false;
      if (!(await recordReminder(tx, { applicationId: application.id, number, sentAt: now, timeZone })))
        return false;
      const token = await issueRoomLink(tx, application.id, "asked-again");
      const mail = await composeDocumentReminder(
        application.email,
        {
          firstName: application.firstName,
          reference: application.reference,
          items: application.items.map((item) => ({
            label: item.label,
            attention: item.state === "needs-attention" ? item.reason : null,
          })),
          roomUrl: roomUrl(settings.siteUrl, token),
          number,
          of: REMINDER_AFTER_MS.length,
        },
        settings,
      );
      await insertMails(tx, [mail], { siteUrl: settings.siteUrl, applicationId: application.id });
      return true;
    });
    if (stored) sent += 1;
  }
  if (sent > 0) notifyMailQueued();
  return sent;
}

/** The periodic job (server/jobs.ts): a pass at start-up, then every REMINDERS_EVERY_MS. */
export function startDocumentReminders(deps: DocumentRemindersDeps & { log: FastifyBaseLogger }) {
  return runEvery(
    REMINDERS_EVERY_MS,
    () =>
      runDocumentReminders(deps).then(
        (sent) => {
          if (sent > 0) deps.log.info({ component: "document-reminders", sent }, "document reminders stored");
        },
        (err: unknown) =>
          deps.log.error({ component: "document-reminders", err }, "document reminders failed"),
      ),
    { immediately: true },
  );
}
