/**
 * A booked call tells its owner (docs/working-applications.md): when the
 * booking service reports a call on a lead (server/inbound/call-booked.ts),
 * the lead's owner gets an e-mail naming the lead and the call's time (in
 * DESK_TIME_ZONE) with a link to it, stored in the mail outbox in the
 * webhook's own transaction.
 *
 * It keeps to the staff alerts' rule (server/review-clock/alerts.ts): at most
 * one message per REVIEW_ALERT_INTERVAL per person, its turn claimed by the
 * same conditional upsert (review_alert_sends, kind "call-booked"). A call
 * booked while the owner's turn is taken waits: a pass every instance runs
 * sends it, with any others booked meanwhile, once the turn is free. A lead
 * without an owner tells nobody; given one later, its owner hears of the call
 * if it is still to come. A call already past is never announced.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { cooldownWords } from "../mail/alerts";
import { composeCallBooked } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import { runEvery } from "../periodic";
import { checkEveryMs } from "../review-clock/alerts";
import { createReviewAlertsRepository } from "../review-clock/alerts-repository";
import type { Queryable, Store } from "../store/store";
import { createBookedCallRepository, type CallOwner } from "./booked-call-repository";

export type BookedCallSettings = Pick<Config, "siteUrl" | "mail" | "review"> & {
  desk: Pick<Config["desk"], "timeZone">;
};

/** Thrown inside a pass's transaction that has nothing to send: rolls it back, the claimed turn with it. */
class NothingToSend extends Error {}

export function createBookedCallAlerts(store: Store, settings: BookedCallSettings) {
  const calls = createBookedCallRepository(store);
  const turns = createReviewAlertsRepository(store);
  const { alertIntervalMs } = settings.review;

  /**
   * In `tx`: the owner's e-mail listing their untold upcoming calls, when it
   * is their turn and there is one; returns whether one was stored. Nothing
   * to list is checked before the turn is claimed, so the turn is never
   * spent on nothing.
   */
  async function tellOwner(tx: Queryable, owner: CallOwner, now: Date): Promise<boolean> {
    const waiting = await calls.lockUntold(tx, owner.id, now);
    if (waiting.length === 0) return false;
    if (!(await turns.claimTurn(tx, owner.id, "call-booked", now, alertIntervalMs))) return false;
    const mail = await composeCallBooked(owner.email, waiting, cooldownWords(alertIntervalMs), settings);
    await calls.markTold(
      tx,
      waiting.map((call) => call.id),
      now,
    );
    // One lead's e-mail is on that lead's timeline too.
    await insertMails(tx, [mail], {
      siteUrl: settings.siteUrl,
      ...(waiting.length === 1 && { applicationId: waiting[0].id }),
    });
    return true;
  }

  return {
    /**
     * A call booked on lead `id` (locked by `tx`, the webhook's transaction)
     * for `scheduledAt`, reported at `bookedAt`: recorded as its current call,
     * and its owner told now when their turn is free. Returns whether an
     * e-mail was stored (the caller wakes the mail worker after commit).
     */
    async booked(
      tx: Queryable,
      id: string,
      call: { scheduledAt: string; bookedAt: string },
      now = new Date(),
    ): Promise<boolean> {
      if (!(await calls.record(tx, id, call.scheduledAt, call.bookedAt))) return false;
      const owner = await calls.ownerOf(tx, id);
      return owner ? tellOwner(tx, owner, now) : false;
    },

    /** One pass at `now`: each owner with calls untold and their turn free gets one e-mail. Returns how many. */
    async run(now = new Date()): Promise<number> {
      let sent = 0;
      for (const owner of await calls.ownersToTell(now)) {
        sent += await store
          .transaction(async (tx) => {
            if (!(await tellOwner(tx, owner, now))) throw new NothingToSend();
            return 1;
          })
          .catch((error: unknown) => {
            if (error instanceof NothingToSend) return 0;
            throw error;
          });
      }
      if (sent > 0) notifyMailQueued();
      return sent;
    },
  };
}

export type BookedCallAlerts = ReturnType<typeof createBookedCallAlerts>;

/** Runs a pass right away and then as often as the review clock's (every instance runs one). Returns stop. */
export function startBookedCallAlerts(options: {
  store: Store;
  settings: BookedCallSettings;
  log: FastifyBaseLogger;
}): () => Promise<void> {
  const alerts = createBookedCallAlerts(options.store, options.settings);
  const log = options.log.child({ component: "booked-calls" });
  return runEvery(
    checkEveryMs(options.settings.review),
    () =>
      alerts
        .run()
        .then((sent) => {
          if (sent > 0) log.info({ sent }, "booked-call e-mails stored");
        })
        .catch((err) => log.error({ err }, "booked-call e-mail pass failed")),
    { immediately: true },
  );
}
