/**
 * Accepted documents for the CRM (migration 037, document_outbox): when staff
 * accept an item, each complete file on it is queued once, in the same
 * transaction as the move; the CRM's document worker (server/crm-delivery/
 * document-worker.ts) delivers them. A file already queued (its item accepted
 * before, flagged, accepted again) is not queued a second time.
 */
import { notifyRowsWaiting } from "../outbox/notifier";
import type { Queryable } from "../store/store";

/** The accepted documents' outbox table: what its workers listen for (outbox/notifier.ts). */
export const DOCUMENT_OUTBOX = "document_outbox";

/** Queues the item's complete, checked and unflagged files for the CRM; returns how many were new. */
export async function queueAcceptedDocuments(
  tx: Queryable,
  itemId: string,
  acceptedBy: string,
): Promise<number> {
  const { rowCount } = await tx.query(
    `INSERT INTO document_outbox (document_id, application_id, item_id, accepted_by)
     SELECT d.id, d.application_id, d.item_id, $2 FROM documents d
      WHERE d.item_id = $1 AND d.state = 'complete' AND d.checks = 'done' AND d.scan <> 'flagged'
     ON CONFLICT (document_id) DO NOTHING`,
    [itemId, acceptedBy],
  );
  return rowCount;
}

/** Wakes this process's document workers: call after the transaction that accepted an item has committed. */
export const notifyDocumentsQueued = () => notifyRowsWaiting(DOCUMENT_OUTBOX);
