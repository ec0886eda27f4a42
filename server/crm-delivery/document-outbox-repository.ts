/**
 * Accepted documents to the CRM (migration 037): the claims over their
 * outbox, the same SQL as the applications' (outbox/claims.ts), and what a
 * delivery says of one document. The rows are queued by server/documents/
 * (accepted-documents-repository.ts) when staff accept an item.
 */
import { DOCUMENT_OUTBOX } from "../documents/accepted-documents-repository";
import { createClaims, type OutboxTables } from "../outbox/claims";
import type { ClaimedRow } from "../outbox/worker-loop";
import { normalise } from "../store/row-values";
import type { Queryable, Store } from "../store/store";

export { DOCUMENT_OUTBOX };

/** The Idempotency-Key of an accepted document: never the same as an application's or an opt-out's. */
export const documentKey = (documentId: string) => `document-${documentId}`;

export interface ClaimedDocument extends ClaimedRow {
  documentId: string;
}

const TABLES: OutboxTables<"delivered"> = {
  outbox: DOCUMENT_OUTBOX,
  attempts: "document_delivery_attempts",
  attemptOf: "outbox_id",
  code: "status_code",
  done: "delivered",
  doneAt: "delivered_at",
  returning: "o.document_id::text AS document_id",
};

export function createDocumentOutbox(store: Store) {
  return createClaims(
    store,
    TABLES,
    (row: { document_id: string }): Omit<ClaimedDocument, keyof ClaimedRow> => ({
      documentId: row.document_id,
    }),
  );
}

/** What the CRM is told of one accepted document, besides its SHA-256 and link. */
export interface AcceptedDocument {
  documentId: string;
  applicationId: string;
  reference: string | null;
  itemId: string | null;
  slot: string | null;
  kind: string | null;
  label: string | null;
  originalName: string | null;
  mediaType: string | null;
  size: number;
  acceptedAt: string;
}

const ACCEPTED = `
  SELECT o.document_id AS "documentId", o.application_id AS "applicationId", a.reference,
         o.item_id AS "itemId", i.slot, i.kind, i.label, d.original_name AS "originalName",
         d.media_type AS "mediaType", d.size::float8 AS size, o.accepted_at AS "acceptedAt"
    FROM document_outbox o
    JOIN documents d ON d.id = o.document_id AND d.state = 'complete' AND d.checks = 'done' AND d.scan <> 'flagged'
    JOIN applications a ON a.id = o.application_id
    LEFT JOIN document_checklist_items i ON i.id = o.item_id`;

/**
 * A document queued for the CRM, while it can be served (complete, not held
 * by the scanner, its application kept); null otherwise.
 */
export async function acceptedDocument(db: Queryable, documentId: string): Promise<AcceptedDocument | null> {
  const { rows } = await db.query(`${ACCEPTED} WHERE o.document_id = $1`, [documentId]);
  return rows[0] ? normalise<AcceptedDocument>(rows[0]) : null;
}
