/**
 * An application's checklist in the store: made from its funding type's
 * defaults (domain/documents/checklist.ts), added to by staff's requests, and
 * moved only as domain/documents/item-state.ts allows.
 */
import { randomUUID } from "node:crypto";
import { checklistFor, type ChecklistFacts, type FundingType } from "../../domain/documents/checklist";
import { transition, type Actor, type ItemEvent, type Transition } from "../../domain/documents/item-state";
import type { Store } from "../store/store";
import type { CheckOutcome } from "./upload-checks";
import {
  insertChecklistItems,
  insertDocumentRequest,
  lockChecklistItem,
  setItemState,
} from "./checklist-repository";

/** Makes the application's default items; a second call adds none it has already. Returns how many were made. */
export async function makeChecklist(
  store: Store,
  applicationId: string,
  fundingType: FundingType,
  facts: ChecklistFacts,
): Promise<number> {
  const slots = checklistFor(fundingType, facts).map((slot) => ({ ...slot, id: randomUUID() }));
  return insertChecklistItems(store, applicationId, slots);
}

export const REQUEST_LABEL_MAX = 200;
export const REQUEST_DETAIL_MAX = 1000;

/** Staff asks one application for a document beyond its checklist; returns the new item's id. */
export async function requestDocument(
  store: Store,
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
  await store.transaction((tx) =>
    insertDocumentRequest(tx, {
      id: randomUUID(),
      itemId,
      applicationId,
      label,
      detail,
      requestedBy: request.requestedBy,
    }),
  );
  return itemId;
}

/**
 * Moves one of the application's items by `event`, if the rules allow it from
 * where the item stands now (read under a row lock, so two moves at once are
 * judged one after the other). `by` is "applicant" or the staff member's id.
 * Null when the application has no such item.
 */
export async function moveChecklistItem(
  store: Store,
  applicationId: string,
  itemId: string,
  event: ItemEvent,
  by: string,
): Promise<Transition | null> {
  return store.transaction(async (tx) => {
    const item = await lockChecklistItem(tx, applicationId, itemId);
    if (!item) return null;
    const result = transition(item, event);
    if (result.ok) await setItemState(tx, itemId, { state: result.state, reason: result.reason, by });
    return result;
  });
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
