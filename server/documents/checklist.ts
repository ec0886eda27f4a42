/**
 * An application's checklist in the store: made from its funding type's
 * defaults (domain/documents/checklist.ts), added to by staff's requests, and
 * moved only as domain/documents/item-state.ts allows.
 */
import { randomUUID } from "node:crypto";
import { checklistFor, type ChecklistFacts, type FundingType } from "../../domain/documents/checklist";
import { documentsState } from "../../domain/documents/documents-state";
import { transition, type Actor, type ItemEvent, type Transition } from "../../domain/documents/item-state";
import {
  DOCUMENT_REQUEST_DETAIL_MAX as REQUEST_DETAIL_MAX,
  DOCUMENT_REQUEST_LABEL_MAX as REQUEST_LABEL_MAX,
} from "../../domain/desk/limits";
import { createDecisionClock, type DecisionClock } from "../review-clock/deadline";
import type { Queryable, Store } from "../store/store";
import { notifyDocumentsQueued, queueAcceptedDocuments } from "./accepted-documents-repository";
import type { CheckOutcome } from "./upload-checks";
import {
  insertChecklistItems,
  insertDocumentRequest,
  itemStatesOf,
  lockChecklistItem,
  lockChecklistOf,
  setDocumentsState,
  setItemState,
} from "./checklist-repository";

/**
 * The application's documents' state written again after a change to its
 * checklist, in the change's transaction (lockChecklistOf taken first). Become
 * complete, it starts the decision's clock: `decisionClock`'s deadline from now
 * (DECISION_WINDOW in the configured business hours; without one, 48 hours
 * around the clock). Only an item accepted or declared not applicable can
 * complete the documents, so only those callers need pass the configured clock.
 */
async function refreshDocumentsState(
  tx: Queryable,
  applicationId: string,
  decisionClock: DecisionClock = createDecisionClock(),
): Promise<void> {
  const state = documentsState(await itemStatesOf(tx, applicationId));
  const at = new Date();
  const complete = state === "complete" ? { at, decisionDueAt: decisionClock.deadline(at) } : null;
  await setDocumentsState(tx, applicationId, state, complete);
}

/** Makes the application's default items; a second call adds none it has already. Returns how many were made. */
export async function makeChecklist(
  store: Store,
  applicationId: string,
  fundingType: FundingType,
  facts: ChecklistFacts,
): Promise<number> {
  const slots = checklistFor(fundingType, facts).map((slot) => ({ ...slot, id: randomUUID() }));
  return store.transaction(async (tx) => {
    if (!(await lockChecklistOf(tx, applicationId))) return 0;
    const made = await insertChecklistItems(tx, applicationId, slots);
    if (made > 0) await refreshDocumentsState(tx, applicationId);
    return made;
  });
}

/** Staff asks one application for a document beyond its checklist; returns the new item's id. */
export async function requestDocument(
  store: Store,
  applicationId: string,
  request: { label: string; detail?: string | null; requestedBy: string | null },
): Promise<string> {
  return store.transaction((tx) => requestDocumentIn(tx, applicationId, request));
}

/** requestDocument in the caller's transaction. */
export async function requestDocumentIn(
  tx: Queryable,
  applicationId: string,
  request: { label: string; detail?: string | null; requestedBy: string | null },
): Promise<string> {
  const label = request.label.trim();
  const detail = request.detail?.trim() || null;
  if (!label || label.length > REQUEST_LABEL_MAX) {
    throw new RangeError(`A request's label is 1 to ${REQUEST_LABEL_MAX} characters`);
  }
  if (detail && detail.length > REQUEST_DETAIL_MAX) {
    throw new RangeError(`A request's detail is at most ${REQUEST_DETAIL_MAX} characters`);
  }
  const itemId = randomUUID();
  await lockChecklistOf(tx, applicationId);
  await insertDocumentRequest(tx, {
    id: randomUUID(),
    itemId,
    applicationId,
    label,
    detail,
    requestedBy: request.requestedBy,
  });
  await refreshDocumentsState(tx, applicationId);
  return itemId;
}

/**
 * Moves one of the application's items by `event`, if the rules allow it from
 * where the item stands now (read under a row lock, so two moves at once are
 * judged one after the other). `by` is "applicant" or the staff member's id.
 * An item accepted queues its files for the CRM in the same transaction.
 * `decisionClock`: the configured one (createDecisionClock(config)), for the
 * moves that can complete the documents (accept, not applicable). Null when
 * the application has no such item.
 */
export async function moveChecklistItem(
  store: Store,
  applicationId: string,
  itemId: string,
  event: ItemEvent,
  by: string,
  decisionClock?: DecisionClock,
): Promise<Transition | null> {
  const moved = await store.transaction((tx) =>
    moveChecklistItemIn(tx, applicationId, itemId, event, by, decisionClock),
  );
  if (moved?.ok && moved.state === "accepted") notifyDocumentsQueued();
  return moved;
}

/** moveChecklistItem in the caller's transaction. */
export async function moveChecklistItemIn(
  tx: Queryable,
  applicationId: string,
  itemId: string,
  event: ItemEvent,
  by: string,
  decisionClock?: DecisionClock,
): Promise<Transition | null> {
  if (!(await lockChecklistOf(tx, applicationId))) return null;
  const item = await lockChecklistItem(tx, applicationId, itemId);
  if (!item) return null;
  const result = transition(item, event);
  if (result.ok) {
    await setItemState(tx, itemId, { state: result.state, reason: result.reason, by });
    await refreshDocumentsState(tx, applicationId, decisionClock);
    // Accepted: its files go to the CRM, each once (accepted-documents-repository.ts).
    if (result.state === "accepted") await queueAcceptedDocuments(tx, itemId, by);
  }
  return result;
}

/** What the applicant reads on an item whose file the virus scanner flagged. */
export const SCANNER_FLAGGED_REASON =
  "Our virus scanner flagged the file sent for this item, so it is held and cannot be opened. Please send the document again, from a fresh download or scan.";

/**
 * An item once its new file's checks are done: received; or, when the virus
 * scanner flagged the file, needing attention, with SCANNER_FLAGGED_REASON for
 * the applicant and staff (the scanner flags it as staff would, noted as
 * "scanner"). A file still waiting for its password leaves the item as it is.
 */
export async function moveItemAfterChecks(
  store: Store,
  applicationId: string,
  itemId: string,
  outcome: CheckOutcome,
  uploader: { actor: Actor; by: string },
): Promise<void> {
  if (outcome === "needs-password") return;
  await moveChecklistItem(store, applicationId, itemId, { type: "upload", by: uploader.actor }, uploader.by);
  if (outcome === "held") {
    const flag = { type: "flag", by: "staff", reason: SCANNER_FLAGGED_REASON } as const;
    await moveChecklistItem(store, applicationId, itemId, flag, "scanner");
  }
}
