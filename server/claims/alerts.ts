/**
 * The claims' owners are e-mailed (docs/claims.md, "Owners and e-mails"): once
 * when a claim's review-by day is CLAIMS_NOTICE_DAYS away or nearer, and once
 * when it has passed (lapsed), for each review-by day in force: a recorded
 * review moves the day and starts again. A claim whose owner role nobody holds
 * (or whose holder is disabled or not enrolled) is e-mailed to nobody; the
 * Claims page and the health page say so.
 *
 * One owner's e-mail is one transaction: a row of claim_alerts per claim and
 * event (its primary key: another instance's insert waits for this one and
 * then does nothing), the e-mail in the mail outbox, an audit row per claim.
 * So however many instances run a pass at once, each claim and event is told
 * once. A claim already lapsed when first seen is told as lapsed only.
 *
 * The same pass tells each owner of the computed claims that stopped holding
 * (computed/holding.ts: the latest snapshot does not back the claim, the one
 * before did), in the same e-mail: once per snapshot, its id a row of
 * claim_holding_alerts written the same way.
 *
 * Each pass also writes the state file the build reads (state-file.ts), so it
 * follows what other instances changed too.
 */
import type { FastifyBaseLogger } from "fastify";
import type { AuditDetails } from "#domain/audit/actions";
import { computedDefinition, computedSentence } from "#domain/claims/computed";
import { claimRegister } from "#domain/claims/register";
import { claimReviewBy, daysBetween } from "#domain/claims/status";
import type { AuditRecord } from "../audit/audit-repository";
import { createAuditRepository } from "../audit/audit-repository";
import type { Config } from "../config";
import { composeClaimReview, type ClaimReviewItem } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import { runEvery } from "../periodic";
import type { Queryable, Store } from "../store/store";
import { computedClaimsStoppedHolding } from "./computed/holding";
import { writeClaimsState } from "./state-file";
import {
  alertKey,
  claimAlert,
  claimHoldingAlert,
  roleHolders,
  sentAlerts,
  sentHoldingAlerts,
  storedStates,
  type ClaimAlertEvent,
  type RoleHolder,
} from "./claims-repository";

export type ClaimAlertSettings = Pick<Config, "siteUrl" | "mail" | "claims"> & {
  desk: Pick<Config["desk"], "timeZone">;
};

/** A review day in words: "Wednesday, June 30, 2027". */
const dayWords = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });

/** The day `now` is in `timeZone` (YYYY-MM-DD). */
export const dayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    now,
  );

/** A moment in words, in the desk's zone: "Monday, December 7, 2026, 1:00 PM". */
const momentWords = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** One claim's event an owner is owed: the e-mail's item, how it is marked sent, and its audit details. */
interface Owed {
  item: ClaimReviewItem;
  /** Records it sent to `to`; false when another instance already did. */
  mark: (tx: Queryable, to: string) => Promise<boolean>;
  details: (to: string) => AuditDetails["claim.owner-alerted"];
}

export function createClaimAlerts(store: Store, settings: ClaimAlertSettings) {
  const audit = createAuditRepository(store);

  /** What each owner is owed on `today`, by their e-mail, leaving out what was told already. */
  async function owed(today: string): Promise<Map<RoleHolder, Owed[]>> {
    const [states, holders, sent, stopped, sentStopped] = await Promise.all([
      storedStates(store),
      roleHolders(store),
      sentAlerts(store),
      computedClaimsStoppedHolding(store),
      sentHoldingAlerts(store),
    ]);
    const byOwner = new Map<RoleHolder, Owed[]>();
    const holderOf = (owner: string) => holders.find((entry) => entry.role === owner && entry.active);
    const add = (holder: RoleHolder, owed: Owed) =>
      byOwner.set(holder, [...(byOwner.get(holder) ?? []), owed]);
    for (const record of claimRegister) {
      const holder = holderOf(record.owner);
      if (!holder) continue;
      const reviewBy = claimReviewBy(record, states[record.id]);
      const left = daysBetween(today, reviewBy);
      const event: ClaimAlertEvent | null =
        left < 0 ? "lapsed" : left <= settings.claims.noticeDays ? "due" : null;
      if (!event || sent.has(alertKey(record.id, event, reviewBy))) continue;
      add(holder, {
        item: {
          id: record.id,
          wording: record.wording,
          reviewBy: `${dayWords(reviewBy)} (${reviewBy})`,
          event,
        },
        mark: (tx, to) => claimAlert(tx, { claimId: record.id, event, reviewBy, sentTo: to }),
        details: (to) => ({ event, reviewBy, to }),
      });
    }
    for (const { claim, figure, snapshot } of stopped) {
      const record = claimRegister.find((entry) => entry.id === claim);
      const holder = record && holderOf(record.owner);
      if (!record || !holder || sentStopped.has(snapshot.id)) continue;
      const definition = computedDefinition(figure);
      const summary = computedSentence(snapshot);
      add(holder, {
        item: {
          id: record.id,
          wording: record.wording,
          event: "stopped-holding",
          figure: definition.title,
          records: summary,
          rule: definition.rule.words,
          computedOn: momentWords(snapshot.computedAt, settings.desk.timeZone),
        },
        mark: (tx, to) => claimHoldingAlert(tx, { snapshotId: snapshot.id, claimId: record.id, sentTo: to }),
        details: (to) => ({
          event: "stopped-holding",
          figure,
          value: snapshot.value,
          n: snapshot.n,
          summary,
          snapshotId: snapshot.id,
          to,
        }),
      });
    }
    return byOwner;
  }

  /** One pass at `now`: how many e-mails it stored. */
  async function run(now = new Date()): Promise<number> {
    const today = dayIn(settings.desk.timeZone, now);
    let mails = 0;
    for (const [holder, owedItems] of await owed(today)) {
      const stored = await store.transaction(async (tx) => {
        const mine: Owed[] = [];
        for (const owedItem of owedItems) if (await owedItem.mark(tx, holder.email)) mine.push(owedItem);
        if (mine.length === 0) return 0;
        const mail = await composeClaimReview(
          holder.email,
          mine.map((owedItem) => owedItem.item),
          settings,
        );
        await insertMails(tx, [mail], { siteUrl: settings.siteUrl });
        for (const owedItem of mine) {
          const row: AuditRecord = {
            actorId: null,
            actorEmail: null,
            target: owedItem.item.id,
            action: "claim.owner-alerted",
            details: owedItem.details(holder.email),
          };
          await audit.record(row, tx);
        }
        return 1;
      });
      mails += stored;
    }
    if (mails > 0) notifyMailQueued();
    return mails;
  }

  return { run };
}

/**
 * Runs a pass at start-up and then every CLAIMS_CHECK_EVERY on this instance
 * (every instance runs one). Returns stop, which waits for a pass under way.
 */
export function startClaimAlerts(options: {
  store: Store;
  settings: ClaimAlertSettings;
  log: FastifyBaseLogger;
  now?: () => Date;
}): () => Promise<void> {
  const alerts = createClaimAlerts(options.store, options.settings);
  const log = options.log.child({ component: "claims" });
  const stateFile = options.settings.claims.stateFile;
  return runEvery(
    options.settings.claims.checkEveryMs,
    async () => {
      await writeClaimsState(options.store, stateFile).catch((err: unknown) =>
        log.error({ err, file: stateFile }, "claims: writing the state file failed"),
      );
      await alerts
        .run(options.now?.())
        .then((mails) => {
          if (mails > 0) log.info({ mails }, "claim owners e-mailed");
        })
        .catch((err: unknown) => log.error({ err }, "claim alert pass failed"));
    },
    { immediately: true },
  );
}
