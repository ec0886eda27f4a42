/**
 * The admins' alert when an opt-out has not reached the CRM by the day it
 * must be honoured by (docs/consent-withdrawals.md): once its honour-by day
 * has ended in the provider's zone (DESK_TIME_ZONE), the admins and the
 * STAFF_ALERT_EMAILS addresses (as the review clock's overdue alert has them)
 * get one e-mail listing it, with whatever else fell overdue since the last
 * pass; each opt-out is listed once, ever. One transaction per pass: lock the
 * overdue ones (another instance skips them), mark them, store the e-mails.
 * Every instance runs a pass every minute (runEvery).
 */
import type { FastifyBaseLogger } from "fastify";
import { OPT_OUT_CHANNEL_LABELS, OPT_OUT_SOURCE_LABELS } from "#domain/desk/opt-outs";
import type { Config } from "../config";
import { composeOptOutOverdue, formatZoned, type OutgoingMail } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import type { OverdueOptOutItem } from "../mail/compose";
import { runEvery } from "../periodic";
import { createReviewAlertsRepository } from "../review-clock/alerts-repository";
import { recipientsOf } from "../review-clock/alerts";
import type { Store } from "../store/store";
import { dayIn } from "./honour-by";
import { createOverdueRepository, type OverdueOptOut } from "./overdue-repository";

export type OptOutAlertSettings = Pick<Config, "siteUrl" | "mail"> & {
  desk: Pick<Config["desk"], "timeZone">;
};

/** How often each instance looks. */
export const OPT_OUT_CHECK_EVERY_MS = 60_000;

const stateOf = (optOut: OverdueOptOut) =>
  optOut.status === "dead"
    ? `refused by the CRM${optOut.lastError ? `: ${optOut.lastError}` : ""}`
    : `not delivered: ${optOut.attempts === 0 ? "not tried (is CRM_OPT_OUT_URL set?)" : `${optOut.attempts} attempts`}${
        optOut.lastError ? `, last error ${optOut.lastError}` : ""
      }`;

export function createOptOutAlerts(store: Store, settings: OptOutAlertSettings) {
  const overdue = createOverdueRepository(store);
  const people = createReviewAlertsRepository(store);

  /** One pass at `now`: how many e-mails it stored. */
  async function run(now = new Date()): Promise<number> {
    const today = dayIn(now, settings.desk.timeZone);
    if (!(await overdue.any(today))) return 0;
    const stored = await store.transaction(async (tx) => {
      const recipients = recipientsOf(
        await people.alertedPeople(settings.mail.staffAlertEmails, tx),
        settings.mail.staffAlertEmails,
      );
      // Nobody to tell: leave them unmarked, so the first admin hears of them.
      if (recipients.length === 0) return 0;
      const optOuts = await overdue.lock(tx, today);
      if (optOuts.length === 0) return 0;
      const items = optOuts.map((optOut): OverdueOptOutItem => ({
        id: optOut.optOutId,
        channel: OPT_OUT_CHANNEL_LABELS[optOut.channel],
        via: OPT_OUT_SOURCE_LABELS[optOut.receivedVia],
        received: formatZoned(new Date(optOut.receivedAt), settings.desk.timeZone),
        honourBy: optOut.honourBy,
        state: stateOf(optOut),
      }));
      const mails: OutgoingMail[] = [];
      for (const recipient of recipients)
        mails.push(await composeOptOutOverdue(recipient.address, items, settings));
      await overdue.markAlerted(
        tx,
        optOuts.map((optOut) => optOut.outboxId),
      );
      await insertMails(tx, mails, { siteUrl: settings.siteUrl });
      return mails.length;
    });
    if (stored > 0) notifyMailQueued();
    return stored;
  }

  return { run };
}

/** Runs a pass right away and then every minute on this instance. Returns stop. */
export function startOptOutAlerts(options: {
  store: Store;
  settings: OptOutAlertSettings;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  const alerts = createOptOutAlerts(options.store, options.settings);
  const log = options.log.child({ component: "opt-out-alerts" });
  return runEvery(
    OPT_OUT_CHECK_EVERY_MS,
    () =>
      alerts
        .run()
        .then((stored) => {
          if (stored > 0) log.info({ stored }, "overdue opt-out alerts stored");
        })
        .catch((err) => log.error({ err }, "overdue opt-out alert pass failed")),
    { immediately: true },
  );
}
