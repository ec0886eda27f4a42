/**
 * An application's checklist and files as the desk's documents panel reads
 * them (DocumentsPanel, #domain/desk/contract): rows from the document room's
 * store shaped, no SQL here.
 */
import type { DocumentFile, DocumentItem, DocumentsPanel } from "#domain/desk/contract";
import { checklistSummary, type DocumentsState } from "#domain/documents/documents-state";
import type { ChecklistItemRow } from "../../documents/checklist-repository";
import type { RoomDocumentRow } from "../../room/room-repository";
import { servedFileName } from "../../documents/served-document";

/** Who moved an item, when it was not a staff member. */
const BY_WORDS: Record<string, string> = { applicant: "the applicant", scanner: "the virus scanner" };

const fileOf = (document: RoomDocumentRow): DocumentFile => ({
  id: document.id,
  fileName: servedFileName(document),
  originalName: document.originalName,
  type: document.mediaType,
  size: document.size,
  uploadedAt: document.completedAt,
  scan: document.scan,
  checks: document.checks,
});

const itemOf = (item: ChecklistItemRow, documents: RoomDocumentRow[]): DocumentItem => ({
  id: item.id,
  label: item.label,
  state: item.state,
  reason: item.state === "needs-attention" || item.state === "not-applicable" ? item.reason : null,
  changedAt: item.stateChangedAt,
  changedBy: BY_WORDS[item.stateChangedBy ?? ""] ?? item.changedByName,
  requested: item.requestId !== null,
  detail: item.requestDetail,
  documents: documents.filter((document) => document.itemId === item.id).map(fileOf),
});

export function toDocumentsPanel(
  state: DocumentsState,
  items: ChecklistItemRow[],
  documents: RoomDocumentRow[],
): DocumentsPanel {
  return {
    state,
    summary: checklistSummary(items.map((item) => item.state)),
    items: items.map((item) => itemOf(item, documents)),
  };
}
