/**
 * The quarantine's SQL: where the intake holds back an application that
 * filled the honeypot, and where staff put one (server/desk/quarantine/). An
 * application into it (its waiting delivery and e-mails cancelled) and out
 * again into the normal path. The ones held past QUARANTINE_RETENTION are
 * deleted by the retention purge (server/retention/purge-repository.ts,
 * purgeQuarantine).
 */
import { cancelApplicationMail, enqueueApplicationMail, type MailSettings } from "../mail/application-mail";
import { issueRoomLink, roomUrl } from "../room/room-link";
import type { Queryable } from "../store/store";

/** A fresh room link for a released application's receipt. */
const roomLinkFor = (siteUrl: string) => async (db: Queryable, applicationId: string) =>
  roomUrl(siteUrl, await issueRoomLink(db, applicationId, "receipt"));

export function createQuarantineRepository() {
  return {
    /**
     * To quarantine: marked quarantined with the reason; a delivery still waiting
     * (pending, being sent, or dead and so waiting for a redelivery) is
     * cancelled, and so are its e-mails not sent yet. One already delivered
     * stays as it is. Returns what was cancelled.
     */
    async quarantine(
      db: Queryable,
      id: string,
      reason: string,
    ): Promise<{ deliveryCancelled: boolean; mailCancelled: number }> {
      await db.query(
        `UPDATE applications SET status = 'quarantined', quarantine_reason = $2, quarantined_at = now()
          WHERE id = $1::uuid`,
        [id, reason],
      );
      const cancelled = await db.query(
        `UPDATE outbox SET status = 'cancelled', locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE application_id = $1::uuid AND status IN ('pending', 'sending', 'dead')`,
        [id],
      );
      return {
        deliveryCancelled: cancelled.rowCount > 0,
        mailCancelled: await cancelApplicationMail(db, id),
      };
    },

    /**
     * Out of quarantine into the normal path: received, with an outbox row
     * due now (a new one; or the one the quarantine cancelled, pending again
     * with a fresh retry schedule), and the receipt and staff alerts a new
     * application gets (the receipt with a fresh room link). Returns whether a delivery was queued (not when the
     * CRM already has it) and how many e-mails.
     */
    async release(
      db: Queryable,
      id: string,
      mail: MailSettings,
    ): Promise<{ queued: boolean; mailQueued: number }> {
      await db.query(
        `UPDATE applications SET status = 'received', quarantine_reason = NULL, quarantined_at = NULL
          WHERE id = $1::uuid`,
        [id],
      );
      const queued = await db.query(
        `INSERT INTO outbox (application_id) VALUES ($1::uuid)
         ON CONFLICT (application_id) DO UPDATE
            SET status = 'pending', attempts = 0, next_attempt_at = now(), locked_by = NULL,
                locked_until = NULL, last_error = NULL, updated_at = now()
          WHERE outbox.status = 'cancelled'`,
        [id],
      );
      return {
        queued: queued.rowCount > 0,
        mailQueued: await enqueueApplicationMail(db, id, mail, roomLinkFor(mail.siteUrl)),
      };
    },
  };
}

export type QuarantineRepository = ReturnType<typeof createQuarantineRepository>;
