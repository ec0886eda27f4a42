/**
 * CRM delivery alerts for staff, after Svix's: "delivery failing" once after
 * ALERT_FAILING_AFTER failed attempts in a row, "leads dead" once when a lead
 * runs out of retries, "recovered" once when a delivery succeeds after a
 * failing alert. Never one e-mail per failed attempt: a day-long outage sends
 * a handful. The state is one row, read and changed under a row lock, so
 * instances sharing a store never both send an alert; the alert e-mails are
 * stored in the same transaction as the state change.
 */
import type { Store } from "../store/store";
import { composeDeliveryAlerts, formatEastern, type MailSettings } from "./compose";
import { insertMails } from "./outbox-repository";
import type { DeliveryAlertKind } from "./templates/delivery-alert";
import { notifyMailQueued } from "./wake";

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
}

/** The error without the CRM's answer body (which may quote the lead). */
export const alertError = (attempt: RecordedAttempt) =>
  attempt.statusCode !== undefined ? `HTTP ${attempt.statusCode}` : (attempt.error ?? null);

/** Called after each recorded CRM delivery attempt; resolves once any alert is stored. */
export function createDeliveryAlerts(store: Store, settings: MailSettings) {
  return async function onAttemptRecorded(attempt: RecordedAttempt): Promise<DeliveryAlertKind[]> {
    if (settings.mail.staffAlertEmails.length === 0) return [];
    if (attempt.outcome === "delivered") {
      // The common case changes nothing and takes no lock.
      const { rows } = await store.query<AlertState>(
        "SELECT consecutive_failures, failing, dead_alerted FROM delivery_alert_state WHERE id = 1",
      );
      const state = rows[0];
      if (!state || (state.consecutive_failures === 0 && !state.failing && !state.dead_alerted)) return [];
    }
    const sent = await store.transaction(async (tx) => {
      const { rows } = await tx.query<AlertState>(
        `SELECT consecutive_failures, failing, dead_alerted, failing_since
           FROM delivery_alert_state WHERE id = 1 FOR UPDATE`,
      );
      const state = rows[0];
      if (!state) return [];
      const alerts: DeliveryAlertKind[] = [];
      const since = state.failing_since ? new Date(state.failing_since) : new Date();
      if (attempt.outcome === "delivered") {
        if (state.failing) alerts.push("recovered");
        await tx.query(
          `UPDATE delivery_alert_state SET consecutive_failures = 0, failing = false, dead_alerted = false,
                  failing_since = NULL, updated_at = now() WHERE id = 1`,
        );
      } else {
        const failures = state.consecutive_failures + 1;
        const failing = state.failing || failures >= settings.mail.alertFailingAfter;
        const deadAlerted = state.dead_alerted || attempt.outcome === "dead";
        if (failing && !state.failing) alerts.push("failing");
        if (deadAlerted && !state.dead_alerted) alerts.push("dead");
        await tx.query(
          `UPDATE delivery_alert_state SET consecutive_failures = $1, failing = $2, dead_alerted = $3,
                  failing_since = coalesce(failing_since, now()), updated_at = now() WHERE id = 1`,
          [failures, failing, deadAlerted],
        );
      }
      if (alerts.length === 0) return [];
      const counts = (
        await tx.query<{ waiting: string; dead: string }>(
          `SELECT count(*) FILTER (WHERE status IN ('pending', 'sending'))::text AS waiting,
                  count(*) FILTER (WHERE status = 'dead')::text AS dead
             FROM outbox`,
        )
      ).rows[0];
      for (const kind of alerts) {
        const mails = await composeDeliveryAlerts(
          {
            kind,
            failedInARow: attempt.outcome === "delivered" ? 0 : state.consecutive_failures + 1,
            waiting: Number(counts.waiting),
            dead: Number(counts.dead),
            since: formatEastern(since),
            lastError: alertError(attempt),
          },
          settings,
        );
        await insertMails(tx, mails, { siteUrl: settings.siteUrl });
      }
      return alerts;
    });
    if (sent.length > 0) notifyMailQueued();
    return sent;
  };
}
