/**
 * The checklist's SQL (migration 032): an application's items, made once from
 * its funding type's defaults or added by staff's requests, and their states.
 */
import type { DocumentsState } from "../../domain/documents/documents-state";
import type { ItemState } from "../../domain/documents/item-state";
import type { ChecklistSlot } from "../../domain/documents/checklist";
import type { Queryable } from "../store/store";
import { normalise } from "../store/row-values";

export interface ChecklistItemRow {
  id: string;
  slot: string;
  kind: string;
  label: string;
  month: string | null;
  year: number | null;
  owner: number | null;
  requestId: string | null;
  /** What staff wrote about the document they asked for (document_requests.detail); null for the defaults. */
  requestDetail: string | null;
  position: number;
  state: ItemState;
  reason: string | null;
  stateChangedBy: string | null;
  /** The staff member who moved it last, by name (or e-mail); null for the applicant or nobody. */
  changedByName: string | null;
  stateChangedAt: string;
  /** Complete documents filed under the item. */
  files: number;
}

/** The items of `slots`, in their order, after any the application has; a slot it has already is skipped. */
export async function insertChecklistItems(
  db: Queryable,
  applicationId: string,
  items: (Pick<ChecklistSlot, "key" | "kind" | "label" | "month" | "year" | "owner"> & { id: string })[],
): Promise<number> {
  if (items.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO document_checklist_items (id, application_id, slot, kind, label, month, year, owner, position)
     SELECT item.id, $1, item.slot, item.kind, item.label, item.month, item.year, item.owner,
            coalesce((SELECT max(position) FROM document_checklist_items WHERE application_id = $1), -1) + item.n
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::smallint[])
            WITH ORDINALITY AS item (id, slot, kind, label, month, year, owner, n)
     ON CONFLICT (application_id, slot) DO NOTHING`,
    [
      applicationId,
      items.map((item) => item.id),
      items.map((item) => item.key),
      items.map((item) => item.kind),
      items.map((item) => item.label),
      items.map((item) => item.month ?? null),
      items.map((item) => item.year ?? null),
      items.map((item) => item.owner ?? null),
    ],
  );
  return rowCount;
}

const ITEM_COLUMNS = `i.id, i.slot, i.kind, i.label, i.month, i.year, i.owner, i.request_id AS "requestId", i.position,
  i.state, i.reason, i.state_changed_by AS "stateChangedBy", i.state_changed_at AS "stateChangedAt",
  (SELECT coalesce(nullif(u.name, ''), u.email) FROM desk_user u WHERE u.id = i.state_changed_by) AS "changedByName",
  (SELECT r.detail FROM document_requests r WHERE r.id = i.request_id) AS "requestDetail",
  (SELECT count(*)::int FROM documents d WHERE d.item_id = i.id AND d.state = 'complete') AS files`;

export async function listChecklistItems(db: Queryable, applicationId: string): Promise<ChecklistItemRow[]> {
  const { rows } = await db.query(
    `SELECT ${ITEM_COLUMNS} FROM document_checklist_items i WHERE i.application_id = $1 ORDER BY i.position`,
    [applicationId],
  );
  return rows.map((row) => normalise<ChecklistItemRow>(row));
}

/** One item of one application, locked until the transaction ends; null when the application has no such item. */
export async function lockChecklistItem(
  tx: Queryable,
  applicationId: string,
  itemId: string,
): Promise<ChecklistItemRow | null> {
  const { rows } = await tx.query(
    `SELECT ${ITEM_COLUMNS} FROM document_checklist_items i
      WHERE i.application_id = $1 AND i.id = $2 FOR UPDATE`,
    [applicationId, itemId],
  );
  return rows[0] ? normalise<ChecklistItemRow>(rows[0]) : null;
}

export async function setItemState(
  tx: Queryable,
  itemId: string,
  change: { state: ItemState; reason: string | null; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE document_checklist_items
        SET state = $2, reason = $3, state_changed_by = $4, state_changed_at = now()
      WHERE id = $1`,
    [itemId, change.state, change.reason, change.by],
  );
}

export interface NewRequest {
  id: string;
  itemId: string;
  applicationId: string;
  label: string;
  detail: string | null;
  requestedBy: string | null;
}

/** Staff's request and the checklist item it makes, last in the list. */
export async function insertDocumentRequest(tx: Queryable, request: NewRequest): Promise<void> {
  await tx.query(
    `INSERT INTO document_requests (id, application_id, label, detail, requested_by) VALUES ($1, $2, $3, $4, $5)`,
    [request.id, request.applicationId, request.label, request.detail, request.requestedBy],
  );
  await tx.query(
    `INSERT INTO document_checklist_items (id, application_id, slot, kind, label, request_id, position)
     SELECT $1, $2, $5, 'requested', $4, $3,
            coalesce((SELECT max(position) FROM document_checklist_items WHERE application_id = $2), -1) + 1`,
    [request.itemId, request.applicationId, request.id, request.label, `request:${request.id}`],
  );
}

/**
 * Locks the application's row until the transaction ends: every change to its
 * checklist takes it first (before an item's), so the documents' state each
 * change writes is worked out from the others' committed items, and two
 * changes never wait on each other's locks in opposite orders.
 */
export async function lockChecklistOf(tx: Queryable, applicationId: string): Promise<boolean> {
  const { rows } = await tx.query("SELECT 1 FROM applications WHERE id = $1 FOR UPDATE", [applicationId]);
  return rows.length > 0;
}

export async function itemStatesOf(db: Queryable, applicationId: string): Promise<ItemState[]> {
  const { rows } = await db.query<{ state: ItemState }>(
    "SELECT state FROM document_checklist_items WHERE application_id = $1",
    [applicationId],
  );
  return rows.map((row) => row.state);
}

/**
 * applications.documents_state (migration 036), as documents-state.ts works it
 * out, and the decision clock with it (migration 039): `complete` (given with
 * the complete state: the moment and the decision's deadline) starts the clock
 * when the state becomes complete; any other state stops and clears it. A
 * state written again as it was moves nothing.
 */
export async function setDocumentsState(
  tx: Queryable,
  applicationId: string,
  state: DocumentsState,
  complete: { at: Date; decisionDueAt: Date } | null,
): Promise<void> {
  await tx.query(
    `UPDATE applications
        SET documents_state = $2, documents_complete_at = $3::timestamptz, decision_due_at = $4::timestamptz
      WHERE id = $1 AND documents_state IS DISTINCT FROM $2`,
    [
      applicationId,
      state,
      complete && state === "complete" ? complete.at.toISOString() : null,
      complete && state === "complete" ? complete.decisionDueAt.toISOString() : null,
    ],
  );
}

/** The application's documents' state (migration 036); null when there is no such application. */
export async function documentsStateOf(db: Queryable, applicationId: string): Promise<DocumentsState | null> {
  const { rows } = await db.query<{ state: DocumentsState }>(
    "SELECT documents_state AS state FROM applications WHERE id = $1",
    [applicationId],
  );
  return rows[0]?.state ?? null;
}
