/**
 * Accepted documents whose delivery to the CRM died (document_outbox, every
 * retry used), for the desk's health page: the newest ones with what they
 * are, their count, and one sent again by staff (back to pending, due now,
 * with a fresh retry schedule; its attempt history stays).
 */
import type { DeadDocument } from "#domain/desk/contract";
import { servedFileName } from "../documents/served-document";
import { isUuid, iso } from "../store/row-values";
import type { Queryable, Store } from "../store/store";
import { DOCUMENT_OUTBOX } from "./document-outbox-repository";

// The file's position among its item's complete documents, as the desk numbers it (room-repository.ts).
const DEAD_DOCUMENTS = `
  SELECT o.document_id::text AS document_id, o.application_id::text AS application_id, a.reference,
         i.kind, i.label, i.slot, d.media_type, coalesce(p.position, 1) AS position,
         o.attempts, o.last_error, o.updated_at
    FROM ${DOCUMENT_OUTBOX} o
    JOIN applications a ON a.id = o.application_id
    LEFT JOIN document_checklist_items i ON i.id = o.item_id
    LEFT JOIN documents d ON d.id = o.document_id
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS position FROM documents e
       WHERE e.application_id = d.application_id AND e.state = 'complete'
         AND e.item_id IS NOT DISTINCT FROM d.item_id AND (e.completed_at, e.id) <= (d.completed_at, d.id)
    ) p ON true
   WHERE o.status = 'dead'
   ORDER BY o.updated_at DESC, o.id DESC LIMIT $1`;

interface DeadRow {
  document_id: string;
  application_id: string;
  reference: string | null;
  kind: string | null;
  label: string | null;
  slot: string | null;
  media_type: string | null;
  position: number;
  attempts: number;
  last_error: string | null;
  updated_at: unknown;
}

/** What sending one document again found: unknown, not dead (its status), or moved back to pending. */
export type DocumentRedelivery =
  { found: false } | { found: true; applicationId: string; status: string; moved: boolean };

export function createDocumentDeliveryHealth(store: Store) {
  return {
    /** The newest dead document deliveries, at most `limit`. */
    async dead(limit: number): Promise<DeadDocument[]> {
      const { rows } = await store.query<DeadRow>(DEAD_DOCUMENTS, [limit]);
      return rows.map((row) => ({
        documentId: row.document_id,
        applicationId: row.application_id,
        reference: row.reference,
        fileName: servedFileName({
          slot: row.slot,
          mediaType: row.media_type,
          position: Number(row.position),
        }),
        kind: row.kind,
        label: row.label,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        diedAt: iso(row.updated_at)!,
      }));
    },

    /** Every dead document delivery. */
    async deadCount(): Promise<number> {
      const { rows } = await store.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${DOCUMENT_OUTBOX} WHERE status = 'dead'`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Puts a dead document's delivery back to waiting, in `db`'s transaction (its row locked); any other status is left. */
    async redeliver(db: Queryable, documentId: string): Promise<DocumentRedelivery> {
      if (!isUuid(documentId)) return { found: false };
      const { rows } = await db.query<{ application_id: string; status: string }>(
        `SELECT application_id::text AS application_id, status FROM ${DOCUMENT_OUTBOX}
          WHERE document_id = $1::uuid FOR UPDATE`,
        [documentId],
      );
      const row = rows[0];
      if (!row) return { found: false };
      if (row.status !== "dead") {
        return { found: true, applicationId: row.application_id, status: row.status, moved: false };
      }
      await db.query(
        `UPDATE ${DOCUMENT_OUTBOX} SET status = 'pending', next_attempt_at = now(), attempts = 0,
                locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE document_id = $1::uuid`,
        [documentId],
      );
      return { found: true, applicationId: row.application_id, status: "pending", moved: true };
    },
  };
}
