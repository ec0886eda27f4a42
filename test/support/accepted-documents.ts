/**
 * Accepted documents for the CRM's tests: an application with files on its
 * checklist items, each received, and an item accepted as staff accept it.
 */
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { App } from "../../server/app";
import { moveChecklistItem } from "../../server/documents/checklist";
import { writeDocument } from "../../server/documents/document-store";
import type { Keyring } from "../../server/documents/master-key";
import { makeRoomChecklist } from "../../server/room/room-checklist";
import type { Store } from "../../server/store/store";
import { samplePdf, samplePng } from "./document-files";
import { validApplication } from "./server";

export interface Filed {
  applicationId: string;
  itemId: string;
  label: string;
  documentId: string;
  bytes: Buffer;
}

/** An application with one file on each of its first `files` checklist items, each received. */
export async function applyWithFiles(app: App, keyring: Keyring, files: number): Promise<Filed[]> {
  const response = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: { "content-type": "application/json" },
    payload: validApplication({ email: `docs-${randomUUID().slice(0, 8)}@example.com` }),
  });
  expect(response.statusCode).toBe(201);
  await app.intake.settled();
  const { id } = response.json() as { id: string };
  await makeRoomChecklist(
    app.store,
    { id, fundingType: "revenue-based", submittedAt: new Date().toISOString() },
    "America/New_York",
  );
  const items = (
    await app.store.query<{ id: string; label: string }>(
      "SELECT id, label FROM document_checklist_items WHERE application_id = $1 ORDER BY position LIMIT $2",
      [id, files],
    )
  ).rows;
  const filed: Filed[] = [];
  for (const [index, item] of items.entries()) {
    const bytes = index % 2 === 0 ? samplePdf(`Statement ${index} ${randomUUID()}`, 300_000) : samplePng;
    const mediaType = index % 2 === 0 ? "application/pdf" : "image/png";
    const { id: documentId } = await writeDocument(
      app.store,
      keyring,
      {
        applicationId: id,
        itemId: item.id,
        uploadedBy: "applicant",
        originalName: `file-${index}.pdf`,
        mediaType,
        // Its upload checks (decision 0021) are not what these tests are about: it comes checked.
        checks: "done",
      },
      [bytes],
    );
    await moveChecklistItem(app.store, id, item.id, { type: "upload", by: "applicant" }, "applicant");
    filed.push({ applicationId: id, itemId: item.id, label: item.label, documentId, bytes });
  }
  return filed;
}

/** Staff accept the file's item: its document is queued for the CRM. */
export const accept = async (store: Store, file: Filed) => {
  const moved = await moveChecklistItem(
    store,
    file.applicationId,
    file.itemId,
    { type: "accept", by: "staff" },
    "staff-1",
  );
  expect(moved?.ok).toBe(true);
};
