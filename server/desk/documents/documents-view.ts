/**
 * An application's checklist and files as the desk's documents panel reads
 * them (DocumentsPanel, #domain/desk/contract): rows from the document room's
 * store shaped, no SQL here. A bank statement's file carries its period as
 * the machine read it, and the panel the months asked for that no statement
 * read covers (#domain/documents/statement-coverage, decision 0022).
 */
import type { DocumentFile, DocumentItem, DocumentsPanel } from "#domain/desk/contract";
import { checklistSummary, type DocumentsState } from "#domain/documents/documents-state";
import {
  statementCoverage,
  type StatementCoverage,
  type StatementReading,
} from "#domain/documents/statement-coverage";
import type { ChecklistItemRow } from "../../documents/checklist-repository";
import type { RoomDocumentRow } from "../../room/room-repository";
import { servedFileName } from "../../documents/served-document";

/** Who moved an item, when it was not a staff member. */
const BY_WORDS: Record<string, string> = { applicant: "the applicant", scanner: "the virus scanner" };

const STATEMENT_KIND = "bank-statement";

/** A statement file's reading: a held file is not read, one whose checks have not started waits. */
function readingOf(document: RoomDocumentRow): StatementReading {
  if (document.scan === "flagged") return { state: "not-read" };
  if (document.statementRead === "read" && document.statementFrom && document.statementTo) {
    return { state: "read", from: document.statementFrom, to: document.statementTo };
  }
  if (document.statementRead === "pending" || document.checks !== "done") return { state: "pending" };
  return { state: "not-read" };
}

const fileOf = (document: RoomDocumentRow, item: ChecklistItemRow): DocumentFile => ({
  id: document.id,
  fileName: servedFileName(document),
  originalName: document.originalName,
  type: document.mediaType,
  size: document.size,
  uploadedAt: document.completedAt,
  scan: document.scan,
  checks: document.checks,
  statement: item.kind === STATEMENT_KIND ? readingOf(document) : null,
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
  documents: documents.filter((document) => document.itemId === item.id).map((row) => fileOf(row, item)),
});

/**
 * The months the statement items ask for (but those the applicant said do
 * not apply), against every statement file's reading.
 */
function coverageOf(items: ChecklistItemRow[], files: DocumentItem[]): StatementCoverage {
  const statementItems = items.filter((item) => item.kind === STATEMENT_KIND);
  const months = statementItems.flatMap((item) =>
    item.month && item.state !== "not-applicable" ? [item.month] : [],
  );
  const statementFiles = files
    .filter((item) => statementItems.some((statement) => statement.id === item.id))
    .flatMap((item) => item.documents)
    .map((file) => ({ fileName: file.fileName, reading: file.statement ?? { state: "not-read" as const } }));
  return statementCoverage(months, statementFiles);
}

export function toDocumentsPanel(
  state: DocumentsState,
  items: ChecklistItemRow[],
  documents: RoomDocumentRow[],
): DocumentsPanel {
  const shaped = items.map((item) => itemOf(item, documents));
  return {
    state,
    summary: checklistSummary(items.map((item) => item.state)),
    items: shaped,
    statements: coverageOf(items, shaped),
  };
}
