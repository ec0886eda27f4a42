/**
 * The document room under the privacy machinery, on both engines: a deletion
 * request deletes an applicant's uploaded documents, bytes and all, and the
 * words written about them, but not those of an application under a legal
 * hold; an access request's copy lists what was asked for and uploaded.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { samplePdf } from "../../test/support/document-files";
import { ENGINES, useTestApp } from "../../test/support/server";
import { listChecklistItems } from "../documents/checklist-repository";
import { makeChecklist, moveChecklistItem, requestDocument } from "../documents/checklist";
import { findDocument } from "../documents/document-repository";
import { writeDocument } from "../documents/document-store";
import { keyringFrom } from "../documents/master-key";
import { setHold } from "../retention/legal-hold-repository";
import type { Store } from "../store/store";
import { gatherAccessPackage } from "./access-package-repository";
import { eraseEmail } from "./erasure-repository";

const keyring = keyringFrom(randomBytes(32).toString("base64"));

async function deletionRequest(store: Store, email: string): Promise<string> {
  const id = randomUUID();
  await store.query(
    `INSERT INTO privacy_requests (id, kind, email, name, status, token_expires_at, verified_at, due_at)
     VALUES ($1, 'delete', $2, 'Dana', 'in_progress', now() + interval '1 day', now(), now() + interval '30 days')`,
    [id, email],
  );
  return id;
}

describe.each(ENGINES)("documents and privacy requests on %s", (engine) => {
  const context = useTestApp(engine);
  const store = () => context.db.store;

  /** An application with a checklist, a file on its voided check and a reason on a statement. */
  async function applicationWithDocuments(email: string) {
    const applicationId = await submit(context.app, { email });
    await makeChecklist(store(), applicationId, "other", { owners: 1, asOf: "2026-12-08" });
    const items = await listChecklistItems(store(), applicationId);
    const check = items.find((item) => item.slot === "voided-check")!;
    const statement = items.find((item) => item.slot === "bank-statement:2026-08")!;
    const { id: documentId } = await writeDocument(
      store(),
      keyring,
      {
        applicationId,
        itemId: check.id,
        uploadedBy: "applicant",
        originalName: "dana-check.pdf",
        mediaType: "application/pdf",
      },
      [samplePdf()],
    );
    await moveChecklistItem(
      store(),
      applicationId,
      statement.id,
      { type: "declare-not-applicable", by: "applicant", reason: "Dana opened the account in September." },
      "applicant",
    );
    await requestDocument(store(), applicationId, {
      label: "Lease",
      detail: "Dana's lease at 12 Elm St",
      requestedBy: null,
    });
    return { applicationId, documentId };
  }

  it("a deletion request deletes the files and the words about them; a held application keeps its own", async () => {
    const email = `dana-${engine}-${Date.now()}@example.com`;
    const erased = await applicationWithDocuments(email);
    const held = await applicationWithDocuments(email);
    await setHold(store(), { applicationId: held.applicationId }, "Litigation", {
      id: "admin-1",
      name: "Admin",
    });
    const requestId = await deletionRequest(store(), email);

    const result = await store().transaction((tx) => eraseEmail(tx, requestId, email));

    expect(result).toMatchObject({ documentsErased: 1, heldApplicationIds: [held.applicationId] });
    expect(await findDocument(store(), erased.documentId)).toBeNull();
    const chunks = await store().query("SELECT 1 FROM document_chunks WHERE document_id = $1", [
      erased.documentId,
    ]);
    expect(chunks.rows).toHaveLength(0);
    const words = await store().query<{ reason: string | null; detail: string | null }>(
      `SELECT i.reason, r.detail FROM document_checklist_items i LEFT JOIN document_requests r ON r.id = i.request_id
        WHERE i.application_id = $1 AND (i.reason IS NOT NULL OR r.id IS NOT NULL) ORDER BY i.position`,
      [erased.applicationId],
    );
    expect(words.rows).toEqual([
      { reason: "[erased]", detail: null },
      { reason: null, detail: null },
    ]);
    expect(await findDocument(store(), held.documentId)).toMatchObject({
      state: "complete",
      originalName: "dana-check.pdf",
    });
    const heldItems = await listChecklistItems(store(), held.applicationId);
    expect(heldItems.map((item) => item.reason).filter(Boolean)).toEqual([
      "Dana opened the account in September.",
    ]);
  });

  it("an access request's copy lists what was asked for and what was uploaded", async () => {
    const email = `sam-${engine}-${Date.now()}@example.com`;
    await applicationWithDocuments(email);
    const copy = await gatherAccessPackage(store(), email);
    const [application] = copy.applications as Record<string, unknown>[];
    expect(application.documents_uploaded).toEqual([
      expect.objectContaining({
        file_name: "dana-check.pdf",
        type: "application/pdf",
        size_bytes: samplePdf().length,
        uploaded_by: "applicant",
      }),
    ]);
    expect(application.documents_asked_for).toEqual(
      expect.arrayContaining([
        { document: "Voided business check", state: "missing", reason: null },
        {
          document: "Business bank statement: August 2026",
          state: "not-applicable",
          reason: "Dana opened the account in September.",
        },
        { document: "Lease", state: "missing", reason: null },
      ]),
    );
  });
});
