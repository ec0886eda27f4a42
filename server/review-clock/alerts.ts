/**
 * The review clock's e-mails (docs/review-clock.md):
 * - an owner is reminded of their applications due within REVIEW_DUE_SOON
 *   that nobody has touched yet, once each, and of the follow-ups they set
 *   ("call back at") coming due within it, once per time set;
 * - the admins, and the STAFF_ALERT_EMAILS addresses, are alerted once about
 *   each application whose deadline has passed untouched (with its owner or
 *   "unassigned"); their message also lists the applications due soon that
 *   nobody owns, and each admin's own due soon;
 * - a recipient gets at most one message per REVIEW_ALERT_INTERVAL, listing
 *   everything that fell due since the last: never one per application. The
 *   admins share one turn (each gets one message). Someone who is both an
 *   owner and an admin (or on STAFF_ALERT_EMAILS) gets their reminders in the
 *   admins' message, so still one message per interval.
 *
 * Each message is one transaction: claim the recipient's turn (a conditional
 * upsert), lock the applications it lists, mark them, store the e-mail in the
 * mail outbox. Instances sharing a store may all run passes at once: a second
 * claimer waits for the first and then finds the turn taken. Nothing to list
 * rolls the transaction back, turn included.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { cooldownWords } from "../mail/alerts";
import {
  composeReviewOverdue,
  composeReviewReminder,
  type OutgoingMail,
  type ReviewMailApplication,
  type ReviewMailMoment,
} from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import { runEvery } from "../periodic";
import type { Queryable, Store } from "../store/store";
import { ADMINS, createReviewAlertsRepository, type DeskPerson, type OpenClock } from "./alerts-repository";

export type ReviewAlertSettings = Pick<Config, "siteUrl" | "mail" | "review"> & {
  desk: Pick<Config["desk"], "timeZone">;
};

/** What one pass stored: reminder and admin e-mails (one per recipient). */
export interface ReviewAlertsSent {
  reminders: number;
  alerts: number;
}

/** Thrown inside a transaction that has nothing to send: rolls it back, the claimed turn with it. */
class NothingToSend extends Error {}

const byDeadline = (a: OpenClock, b: OpenClock) =>
  a.dueAt.getTime() - b.dueAt.getTime() || a.company.localeCompare(b.company);

const forMail = (clocks: OpenClock[]): ReviewMailApplication[] =>
  [...clocks].sort(byDeadline).map((clock) => ({
    id: clock.id,
    company: clock.company,
    reference: clock.reference,
    ownerName: clock.ownerName,
    dueAt: clock.dueAt,
  }));

const ids = (clocks: OpenClock[]) => clocks.map((clock) => clock.id);

/** Who gets the admins' message: the admins and STAFF_ALERT_EMAILS, once per address. */
export interface AlertRecipient {
  address: string;
  /** Their desk account, when they have one: their own reminders go in this message. */
  userId: string | null;
}

export function recipientsOf(people: DeskPerson[], staffAlertEmails: string[]): AlertRecipient[] {
  const byAddress = new Map<string, AlertRecipient>();
  for (const person of people)
    byAddress.set(person.email.toLowerCase(), { address: person.email, userId: person.id });
  for (const address of staffAlertEmails)
    if (!byAddress.has(address.toLowerCase()))
      byAddress.set(address.toLowerCase(), { address, userId: null });
  return [...byAddress.values()];
}

export function createReviewAlerts(store: Store, settings: ReviewAlertSettings) {
  const repository = createReviewAlertsRepository(store);
  const { dueSoonMs, alertIntervalMs } = settings.review;

  /** One message's transaction; resolves to how many e-mails it stored. */
  async function inTurn(send: (tx: Queryable) => Promise<number>): Promise<number> {
    try {
      return await store.transaction(send);
    } catch (error) {
      if (error instanceof NothingToSend) return 0;
      throw error;
    }
  }

  /** One owner's reminder: every application of theirs due soon and not yet reminded. */
  const remindOwner = (owner: DeskPerson, moment: ReviewMailMoment, soonBefore: Date) =>
    inTurn(async (tx) => {
      if (!(await repository.claimTurn(tx, owner.id, "review-reminder", moment.now, alertIntervalMs)))
        return 0;
      const { clocks, followUps } = await repository.lockDue(tx, {
        ownerIds: [owner.id],
        unowned: false,
        soonBefore,
      });
      if (clocks.length + followUps.length === 0) throw new NothingToSend();
      await repository.mark(tx, "reminded", ids(clocks), moment.now);
      await repository.mark(tx, "follow-up-reminded", ids(followUps), moment.now);
      const mail = await composeReviewReminder(
        owner.email,
        forMail(clocks),
        moment,
        settings,
        forMail(followUps),
      );
      await insertMails(tx, [mail], { siteUrl: settings.siteUrl });
      return 1;
    });

  /** The admins' alert, one message per recipient with something to read. */
  const alertAdmins = (moment: ReviewMailMoment, soonBefore: Date) =>
    inTurn(async (tx) => {
      if (!(await repository.claimTurn(tx, ADMINS, "review-overdue", moment.now, alertIntervalMs))) return 0;
      const recipients = recipientsOf(
        await repository.alertedPeople(settings.mail.staffAlertEmails, tx),
        settings.mail.staffAlertEmails,
      );
      if (recipients.length === 0) throw new NothingToSend();
      const ownerIds = recipients.flatMap((recipient) => (recipient.userId ? [recipient.userId] : []));
      const ours = (clock: OpenClock) => clock.ownerId === null || ownerIds.includes(clock.ownerId);
      const { clocks, followUps } = await repository.lockDue(tx, {
        ownerIds,
        unowned: true,
        soonBefore,
        overdueAt: moment.now,
      });
      const overdue = clocks.filter((clock) => !clock.overdueAlerted && clock.dueAt <= moment.now);
      const listed = new Set(ids(overdue));
      // Due soon (or past, and alerted before) and not yet reminded: nobody's, or a recipient's.
      const dueSoon = clocks.filter((clock) => !clock.reminded && ours(clock) && !listed.has(clock.id));
      const unassigned = dueSoon.filter((clock) => clock.ownerId === null);
      const mails: OutgoingMail[] = [];
      for (const recipient of recipients) {
        const own = (clock: OpenClock) => clock.ownerId !== null && clock.ownerId === recipient.userId;
        const yours = dueSoon.filter(own);
        const callBacks = followUps.filter(own);
        if (overdue.length + unassigned.length + yours.length + callBacks.length === 0) continue;
        const apps = {
          overdue: forMail(overdue),
          unassigned: forMail(unassigned),
          yours: forMail(yours),
          followUps: forMail(callBacks),
        };
        mails.push(await composeReviewOverdue(recipient.address, apps, moment, settings));
      }
      if (mails.length === 0) throw new NothingToSend();
      await repository.mark(tx, "overdue-alerted", ids(overdue), moment.now);
      // What this message shows of nobody's and the recipients' own counts as their reminder.
      // Another owner's overdue application is still theirs to be reminded of.
      const reminded = clocks.filter((clock) => !clock.reminded && ours(clock));
      await repository.mark(tx, "reminded", ids(reminded), moment.now);
      // Only the recipients' own follow-ups were locked: each went into its owner's message.
      await repository.mark(tx, "follow-up-reminded", ids(followUps), moment.now);
      await insertMails(tx, mails, { siteUrl: settings.siteUrl });
      return mails.length;
    });

  /**
   * One pass at `now`: each owner's reminder, then the admins' alert, for
   * whoever's turn it is. Look-ups without locks first, so a quiet pass
   * writes nothing.
   */
  async function run(now = new Date()): Promise<ReviewAlertsSent> {
    const soonBefore = new Date(now.getTime() + dueSoonMs);
    const moment = { now, interval: cooldownWords(alertIntervalMs) };
    const owners = await repository.ownersDueSoon(soonBefore);
    const adminsHaveNews = await repository.adminsHaveNews(now, soonBefore);
    if (owners.length === 0 && !adminsHaveNews) return { reminders: 0, alerts: 0 };
    const alerted = recipientsOf(
      await repository.alertedPeople(settings.mail.staffAlertEmails),
      settings.mail.staffAlertEmails,
    );
    const inAdminsMessage = new Set(alerted.map((recipient) => recipient.userId));
    let reminders = 0;
    for (const owner of owners) {
      if (!inAdminsMessage.has(owner.id)) reminders += await remindOwner(owner, moment, soonBefore);
    }
    const ownersAlerted = owners.some((owner) => inAdminsMessage.has(owner.id));
    const alerts = adminsHaveNews || ownersAlerted ? await alertAdmins(moment, soonBefore) : 0;
    if (reminders + alerts > 0) notifyMailQueued();
    return { reminders, alerts };
  }

  return { run };
}

/** How often each instance looks: a tenth of the shorter of the interval and the due-soon span, 1 s to 1 min. */
export const checkEveryMs = (review: Config["review"]) =>
  Math.min(60_000, Math.max(1_000, Math.min(review.alertIntervalMs, review.dueSoonMs) / 10));

/**
 * Runs a pass right away and then every checkEveryMs on this instance (every
 * instance runs one). Returns stop, which waits for a pass under way.
 */
export function startReviewAlerts(options: {
  store: Store;
  settings: ReviewAlertSettings;
  log: FastifyBaseLogger;
  now?: () => Date;
}): () => Promise<void> {
  const alerts = createReviewAlerts(options.store, options.settings);
  const log = options.log.child({ component: "review-clock" });
  return runEvery(
    checkEveryMs(options.settings.review),
    () =>
      alerts
        .run(options.now?.())
        .then((sent) => {
          if (sent.reminders + sent.alerts > 0) log.info(sent, "review reminders and alerts stored");
        })
        .catch((err) => log.error({ err }, "review alert pass failed")),
    { immediately: true },
  );
}
