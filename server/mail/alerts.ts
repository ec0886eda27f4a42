/**
 * CRM delivery alerts for staff, after Svix's: "delivery failing" once after
 * ALERT_FAILING_AFTER failed attempts in a row, "deliveries dead" once when an application
 * runs out of retries, "recovered" once when a delivery succeeds after a
 * failing alert. Never one e-mail per failed attempt: a day-long outage sends
 * a handful.
 *
 * A CRM that flaps would still send "failing" and "recovered" every cycle. So
 * a "recovered" alert starts a cooldown (ALERT_COOLDOWN): alerts within it are
 * held and its changes counted, and when it ends one "flapping" summary says
 * how often deliveries failed and recovered and how they are now, and starts
 * the next cooldown. A cooldown in which nothing changed ends quietly. The
 * summary goes out from a timer (each instance runs one) or with the first
 * attempt recorded after the cooldown, whichever comes first; that attempt's
 * change is counted in it, so it always tells the latest state.
 *
 * The state is one row, read and changed under a row lock, so instances
 * sharing a store never both send an alert; the alert e-mails are stored in
 * the same transaction as the state change.
 */
import { runEvery } from "../periodic";
import type { Store } from "../store/store";
import { composeDeliveryAlerts, formatLongZoned, type MailSettings } from "./compose";
import { insertMails, notifyMailQueued } from "./outbox-repository";
import type { DeliveryAlertKind, Flaps } from "./compose";

export interface RecordedAttempt {
  outcome: "delivered" | "retry" | "dead";
  statusCode?: number;
  error?: string;
}

interface AlertState {
  consecutive_failures: number;
  failing: boolean;
  dead_alerted: boolean;
  failing_since: Date | string | null;
  cooldown_started: Date | string | null;
  held_failures: number;
  held_recoveries: number;
  /** A cooldown is running: alerts are held. */
  cooling: boolean;
  /** A cooldown has ended with changes held: the summary is due. */
  summary_due: boolean;
}

const STATE_COLUMNS = `consecutive_failures, failing, dead_alerted, failing_since, cooldown_started,
       held_failures, held_recoveries,
       coalesce(cooldown_until > now(), false) AS cooling,
       (cooldown_until <= now() AND held_failures + held_recoveries > 0) AS summary_due`;

/** The error without the CRM's answer body (which may quote the application). */
export const alertError = (attempt: RecordedAttempt) =>
  attempt.statusCode !== undefined ? `HTTP ${attempt.statusCode}` : (attempt.error ?? null);

/** A cooldown's length in words: "hour", "2 hours", "30 minutes", "10 seconds". */
export function cooldownWords(ms: number) {
  for (const [unit, size] of [
    ["hour", 3_600_000],
    ["minute", 60_000],
    ["second", 1_000],
  ] as const) {
    if (ms >= size && ms % size === 0) return ms === size ? unit : `${ms / size} ${unit}s`;
  }
  return `${ms} ms`;
}

/**
 * Records one attempt (or, with none, only checks for a due summary) under
 * the row lock, and stores the alert e-mails it causes. Resolves to their kinds.
 */
async function step(store: Store, settings: MailSettings, attempt: RecordedAttempt | null) {
  const cooldown = `${settings.mail.alertCooldownMs} milliseconds`;
  return store.transaction(async (tx) => {
    const { rows } = await tx.query<AlertState>(
      `SELECT ${STATE_COLUMNS} FROM delivery_alert_state WHERE id = 1 FOR UPDATE`,
    );
    const state = rows[0];
    if (!state) return [];
    // Within a cooldown, and when its summary is due (this change goes into it), nothing alerts on its own.
    const holding = state.cooling || state.summary_due;
    const alerts: DeliveryAlertKind[] = [];
    let { consecutive_failures: failures, failing, dead_alerted: deadAlerted } = state;
    let { held_failures: heldFailures, held_recoveries: heldRecoveries } = state;
    let startCooldown = false;
    if (attempt?.outcome === "delivered") {
      if (failing && holding) heldRecoveries++;
      else if (failing) {
        alerts.push("recovered");
        startCooldown = true;
      }
      failures = 0;
      failing = false;
      deadAlerted = false;
    } else if (attempt) {
      failures++;
      if (!failing && failures >= settings.mail.alertFailingAfter) {
        failing = true;
        if (holding) heldFailures++;
        else alerts.push("failing");
      }
      if (!deadAlerted && attempt.outcome === "dead") {
        deadAlerted = true;
        if (!holding) alerts.push("dead");
      }
    }
    let flaps: Flaps | undefined;
    if (state.summary_due) {
      flaps = {
        failed: heldFailures,
        recovered: heldRecoveries,
        window: cooldownWords(settings.mail.alertCooldownMs),
        failingNow: failing,
      };
      alerts.push("flapping");
      heldFailures = 0;
      heldRecoveries = 0;
      startCooldown = true;
    }
    await tx.query(
      `UPDATE delivery_alert_state
          SET consecutive_failures = $1, failing = $2, dead_alerted = $3,
              failing_since = CASE WHEN $1 = 0 THEN NULL ELSE coalesce(failing_since, now()) END,
              held_failures = $4, held_recoveries = $5,
              cooldown_started = CASE WHEN $6 THEN now() ELSE cooldown_started END,
              cooldown_until = CASE WHEN $6 THEN now() + $7::interval ELSE cooldown_until END,
              updated_at = now()
        WHERE id = 1`,
      [failures, failing, deadAlerted, heldFailures, heldRecoveries, startCooldown, cooldown],
    );
    if (alerts.length === 0) return [];
    const counts = (
      await tx.query<{ waiting: string; dead: string }>(
        `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::text AS waiting,
                count(*) FILTER (WHERE status = 'dead')::text AS dead
           FROM outbox`,
      )
    ).rows[0];
    const failingSince = state.failing_since ? new Date(state.failing_since) : new Date();
    for (const kind of alerts) {
      const since = kind === "flapping" ? new Date(state.cooldown_started ?? Date.now()) : failingSince;
      const mails = await composeDeliveryAlerts(
        {
          kind,
          failedInARow: failures,
          waiting: Number(counts.waiting),
          dead: Number(counts.dead),
          since: formatLongZoned(since, settings.desk.timeZone),
          lastError: attempt ? alertError(attempt) : null,
          flaps,
        },
        settings,
      );
      await insertMails(tx, mails, { siteUrl: settings.siteUrl });
    }
    return alerts;
  });
}

/** Called after each recorded CRM delivery attempt; resolves once any alert is stored. */
export function createDeliveryAlerts(store: Store, settings: MailSettings) {
  return async function onAttemptRecorded(attempt: RecordedAttempt): Promise<DeliveryAlertKind[]> {
    if (settings.mail.staffAlertEmails.length === 0) return [];
    if (attempt.outcome === "delivered") {
      // The common case changes nothing and takes no lock.
      const { rows } = await store.query<AlertState>(
        `SELECT ${STATE_COLUMNS} FROM delivery_alert_state WHERE id = 1`,
      );
      const state = rows[0];
      if (!state) return [];
      if (state.consecutive_failures === 0 && !state.failing && !state.dead_alerted && !state.summary_due)
        return [];
    }
    const sent = await step(store, settings, attempt);
    if (sent.length > 0) notifyMailQueued();
    return sent;
  };
}

/**
 * Sends a due "flapping" summary when no attempt comes to do it: checks every
 * tenth of the cooldown (1 s to 1 min; a lockless read). Returns stop, which
 * waits for a check under way.
 */
export function startAlertSummaries(
  store: Store,
  settings: MailSettings,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (settings.mail.staffAlertEmails.length === 0) return async () => undefined;
  const every = Math.min(60_000, Math.max(1_000, settings.mail.alertCooldownMs / 10));
  const check = async () => {
    const { rows } = await store.query<{ due: boolean }>(
      `SELECT (cooldown_until <= now() AND held_failures + held_recoveries > 0) AS due
         FROM delivery_alert_state WHERE id = 1`,
    );
    if (rows[0]?.due && (await step(store, settings, null)).length > 0) notifyMailQueued();
  };
  return runEvery(every, () => check().catch(onError));
}
