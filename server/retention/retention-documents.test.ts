/**
 * The retention purge and the document room, on both engines: an application
 * the purge takes goes with its uploaded files (every sealed chunk), its
 * checklist, the staff's requests and its documents' CRM deliveries; one
 * under a legal hold keeps all of it until the hold is released.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { samplePdf } from "../../test/support/document-files";
import { ENGINES, useTestApp } from "../../test/support/server";
import { listChecklistItems } from "../documents/checklist-repository";
import { makeChecklist, requestDocument } from "../documents/checklist";
import { writeDocument } from "../documents/document-store";
import { keyringFrom } from "../documents/master-key";
import { releaseHold, setHold } from "./legal-hold-repository";
import { runRetentionPurge } from "./retention-purge";

const DAY = 86_400_000;
const keyring = keyringFrom(randomBytes(32).toString("base64"));
const ADMIN = { id: "u-admin", name: "Admin" };

describe.each(ENGINES)("the retention purge and documents on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { APPLICATION_RETENTION: "100d" } });
  const store = () => ctx.db.store;
  const start = Date.now();
  const runAt = (days: number) =>
    runRetentionPurge(
      { store: store(), periods: ctx.app.config.retention, log: ctx.app.log },
      new Date(start + days * DAY),
    );

  /** An application with a checklist, a file on its voided check, a staff request, and the file queued for the CRM. */
  async function withDocuments() {
    const applicationId = await submit(ctx.app, { email: `kept-${randomUUID().slice(0, 8)}@example.test` });
    await makeChecklist(store(), applicationId, "other", { owners: 1, asOf: "2026-12-08" });
    const check = (await listChecklistItems(store(), applicationId)).find(
      (item) => item.slot === "voided-check",
    )!;
    const { id: documentId } = await writeDocument(
      store(),
      keyring,
      {
        applicationId,
        itemId: check.id,
        uploadedBy: "applicant",
        originalName: "check.pdf",
        mediaType: "application/pdf",
      },
      [samplePdf("Voided check", 20_000)],
    );
    await requestDocument(store(), applicationId, {
      label: "Lease",
      detail: "Every page",
      requestedBy: null,
    });
    await store().query(
      "INSERT INTO document_outbox (document_id, application_id, item_id) VALUES ($1, $2, $3)",
      [documentId, applicationId, check.id],
    );
    return { applicationId, documentId };
  }

  /** How many rows of each document table the application (or its document) still has. */
  async function rowsOf({ applicationId, documentId }: { applicationId: string; documentId: string }) {
    const count = async (sql: string, id: string) =>
      Number((await store().query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, [id])).rows[0].n);
    return {
      documents: await count("documents WHERE application_id = $1", applicationId),
      chunks: await count("document_chunks WHERE document_id = $1", documentId),
      checklist: await count("document_checklist_items WHERE application_id = $1", applicationId),
      requests: await count("document_requests WHERE application_id = $1", applicationId),
      deliveries: await count("document_outbox WHERE application_id = $1", applicationId),
    };
  }

  it("takes an application's documents with it, and leaves a held one's until the hold is released", async () => {
    const purged = await withDocuments();
    const held = await withDocuments();
    const hold = await setHold(store(), { applicationId: held.applicationId }, "Litigation", ADMIN);
    const before = await rowsOf(purged);
    expect(before).toMatchObject({ documents: 1, requests: 1, deliveries: 1 });
    expect(before.chunks).toBeGreaterThan(0);
    expect(before.checklist).toBeGreaterThan(1);

    expect(await runAt(99)).toMatchObject({ applications: 0 });
    expect(await rowsOf(purged)).toEqual(before);

    expect(await runAt(101)).toMatchObject({ applications: 1 });
    expect(await rowsOf(purged)).toEqual({
      documents: 0,
      chunks: 0,
      checklist: 0,
      requests: 0,
      deliveries: 0,
    });
    const kept = await rowsOf(held);
    expect(kept).toMatchObject({ documents: 1, requests: 1, deliveries: 1 });
    expect(kept.chunks).toBeGreaterThan(0);

    await releaseHold(store(), hold.id, "Settled", ADMIN);
    expect(await runAt(102)).toMatchObject({ applications: 1 });
    expect(await rowsOf(held)).toEqual({ documents: 0, chunks: 0, checklist: 0, requests: 0, deliveries: 0 });
  });
});
