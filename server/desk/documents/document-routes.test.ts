/**
 * The document room from the desk, over HTTP on both engines: the panel a
 * rep reads, each file viewed and downloaded (decrypted, under a name of
 * ours, sandboxed, audited; a held file never), a rep's review (accept, needs
 * attention with the applicant's e-mail and a fresh room link that opens the
 * room showing the reason), staff's requests, "documents complete" and the
 * inbox's filter on it, and every refusal: no session, an unknown or another
 * application's id, a bad body, a move the item's rules refuse, quarantine.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DocumentsChange, DocumentsPanel, InboxList, TimelineAction } from "#domain/desk/contract";
import { ITEM_REASON_MAX } from "#domain/desk/inputs";
import type { RoomView } from "#domain/documents/room-view";
import { auditRows, deskClient, submit } from "../../../test/support/desk-applications";
import { signedInStaff } from "../../../test/support/desk";
import { samplePdf, samplePng } from "../../../test/support/document-files";
import { ENGINES, useTestApp } from "../../../test/support/server";
import { makeChecklist, moveChecklistItem } from "../../documents/checklist";
import { writeDocument } from "../../documents/document-store";
import { keyringFrom } from "../../documents/master-key";
import { hashRoomToken, issueRoomLink } from "../../room/room-link";
import type { Store } from "../../store/store";
import { DOCUMENT_MESSAGES } from "./document-routes";

const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const SITE = "http://localhost:3000";

/** A checklist for the funding type "other" (statements for four months, a voided check, an ID), with files. */
async function withDocuments(store: Store, applicationId: string) {
  await makeChecklist(store, applicationId, "other", { owners: 1, asOf: "2026-12-08" });
  const { rows: items } = await store.query<{ id: string; slot: string; label: string }>(
    "SELECT id, slot, label FROM document_checklist_items WHERE application_id = $1 ORDER BY position",
    [applicationId],
  );
  /** A file whose checks are done (as the upload's checks leave a clean one), its item received. */
  const upload = async (itemId: string, bytes: Buffer, mediaType: string) => {
    const { id } = await writeDocument(
      store,
      keyring,
      {
        applicationId,
        itemId,
        uploadedBy: "applicant",
        originalName: "scan 1.pdf",
        mediaType,
        checks: "done",
      },
      [bytes],
    );
    await moveChecklistItem(store, applicationId, itemId, { type: "upload", by: "applicant" }, "applicant");
    return id;
  };
  return { items, upload };
}

describe.each(ENGINES)("the desk's documents on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { DOCUMENTS_MASTER_KEY: KEY }, resetEach: false });
  let staff: { cookie: string; email: string };
  let admin: { cookie: string; email: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  const asAdmin = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );
  const anonymous = deskClient(
    () => ctx.app,
    () => undefined,
  );
  const store = () => ctx.db.store;
  const base = (id: string) => `/api/desk/applications/${id}/documents`;
  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
    admin = await signedInStaff(ctx.app, { role: "admin" });
  });
  beforeEach(() => ctx.db.reset());

  it("shows the checklist, each item's files and what is missing, at a glance", async () => {
    const id = await submit(ctx.app);
    const empty = await client.get(base(id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      state: "none",
      summary: { asked: 0, received: 0, accepted: 0, needed: 0, notApplicable: 0 },
      items: [],
      statements: null,
    });

    const { items, upload } = await withDocuments(store(), id);
    const documentId = await upload(items[0].id, samplePdf(), "application/pdf");
    const response = await client.get(base(id));
    const panel: DocumentsPanel = response.json();
    expect(panel.state).toBe("needed");
    expect(panel.summary).toEqual({ asked: 6, received: 1, accepted: 0, needed: 5, notApplicable: 0 });
    expect(panel.items.map((item) => [item.label, item.state])).toEqual([
      ["Business bank statement: August 2026", "received"],
      ["Business bank statement: September 2026", "missing"],
      ["Business bank statement: October 2026", "missing"],
      ["Business bank statement: November 2026", "missing"],
      ["Voided business check", "missing"],
      ["Photo ID", "missing"],
    ]);
    expect(panel.items[0]).toMatchObject({
      changedBy: "the applicant",
      requested: false,
      detail: null,
      reason: null,
    });
    expect(panel.items[0].documents).toEqual([
      {
        id: documentId,
        fileName: "bank-statement-2026-08-1.pdf",
        originalName: "scan 1.pdf",
        type: "application/pdf",
        size: samplePdf().length,
        uploadedAt: expect.any(String),
        scan: "not-scanned",
        checks: "done",
        // Stored without the upload's checks, so never read for its period.
        statement: { state: "not-read" },
      },
    ]);
  });

  it("serves a file inline to view and as an attachment to download, sandboxed, each audited", async () => {
    const id = await submit(ctx.app);
    const { items, upload } = await withDocuments(store(), id);
    const pdf = samplePdf("Statement August 2026");
    const documentId = await upload(items[0].id, pdf, "application/pdf");

    const view = await client.get(`${base(id)}/${documentId}/view`);
    expect(view.statusCode).toBe(200);
    expect(view.rawPayload.equals(pdf)).toBe(true);
    expect(view.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="bank-statement-2026-08-1.pdf"',
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
    expect(view.headers["content-security-policy"]).toMatch(/^sandbox; default-src 'none'/);

    const download = await asAdmin.get(`${base(id)}/${documentId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers["content-disposition"]).toBe(
      'attachment; filename="bank-statement-2026-08-1.pdf"',
    );
    expect(download.headers["content-security-policy"]).toMatch(/^sandbox;/);

    const details = { documentId, itemId: items[0].id, fileName: "bank-statement-2026-08-1.pdf" };
    expect(await auditRows(store(), id, "document.viewed")).toEqual([
      { action: "document.viewed", actor_email: staff.email, target: id, details },
    ]);
    expect(await auditRows(store(), id, "document.downloaded")).toEqual([
      { action: "document.downloaded", actor_email: admin.email, target: id, details },
    ]);
  });

  it("serves nothing without a session, under another application, before its checks or held by the scanner", async () => {
    const id = await submit(ctx.app);
    const other = await submit(ctx.app);
    const { items, upload } = await withDocuments(store(), id);
    const documentId = await upload(items[4].id, samplePng, "image/png");

    for (const path of ["", `/${documentId}/view`, `/${documentId}/download`]) {
      const refused = await anonymous.get(`${base(id)}${path}`);
      expect(refused.statusCode, path).toBe(401);
      expect(refused.body).not.toContain("PNG");
    }
    // Another application's path, an unknown id, or no id at all: nothing.
    for (const path of [
      `${base(other)}/${documentId}/view`,
      `${base(id)}/00000000-0000-4000-8000-000000000000/view`,
      `${base(id)}/not-an-id/download`,
      `${base("00000000-0000-4000-8000-000000000000")}`,
    ]) {
      expect((await client.get(path)).statusCode, path).toBe(404);
    }

    // Its checks not finished (a PDF waiting for its password among them): not served yet.
    for (const [checks, error] of [
      ["pending", DOCUMENT_MESSAGES.checking],
      ["needs-password", DOCUMENT_MESSAGES.needsPassword],
    ]) {
      await store().query("UPDATE documents SET checks = $2 WHERE id = $1", [documentId, checks]);
      const waiting = await client.get(`${base(id)}/${documentId}/view`);
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json()).toEqual({ error });
    }
    await store().query("UPDATE documents SET checks = 'done', scan = 'flagged' WHERE id = $1", [documentId]);
    for (const path of [`/${documentId}/view`, `/${documentId}/download`]) {
      const held = await client.get(`${base(id)}${path}`);
      expect(held.statusCode).toBe(409);
      expect(held.json()).toEqual({ error: DOCUMENT_MESSAGES.held });
    }
    const panel: DocumentsPanel = (await client.get(base(id))).json();
    expect(panel.items[4].documents[0].scan).toBe("flagged");
    // Nothing was served, so nothing was read.
    expect(await auditRows(store(), id, "document.viewed")).toEqual([]);
    expect(await auditRows(store(), id, "document.downloaded")).toEqual([]);
    // A held file alone cannot be accepted: nobody could have looked at it.
    const accept = await client.post(`${base(id)}/items/${items[4].id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({ error: DOCUMENT_MESSAGES.heldOnly });
  });

  it("accepts an item with a file, on the timeline and in the audit log; refuses one without", async () => {
    const id = await submit(ctx.app);
    const { items, upload } = await withDocuments(store(), id);
    await upload(items[0].id, samplePdf(), "application/pdf");

    const missing = await client.post(`${base(id)}/items/${items[1].id}/accept`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ error: "Only an item with a file waiting for review can be accepted." });

    const accepted = await client.post(`${base(id)}/items/${items[0].id}/accept`);
    expect(accepted.statusCode).toBe(200);
    const { documents: panel, application } = accepted.json() as DocumentsChange;
    // The answer's application has the change on its timeline already.
    expect(application.timeline[0]).toMatchObject({ kind: "action", action: "document-item.accepted" });
    expect(panel.items[0]).toMatchObject({ state: "accepted", reason: null });
    expect(panel.items[0].changedBy).toEqual(expect.any(String));
    expect(panel.summary).toMatchObject({ received: 1, accepted: 1, needed: 5 });
    expect(await auditRows(store(), id, "document-item.accepted")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: { itemId: items[0].id, item: "Business bank statement: August 2026" },
      }),
    ]);
    const detail = (await client.get(`/api/desk/applications/${id}`)).json();
    const actions = detail.timeline.filter((entry: TimelineAction) => entry.kind === "action");
    expect(actions).toEqual([
      expect.objectContaining({
        action: "document-item.accepted",
        by: staff.email,
        item: "Business bank statement: August 2026",
        reason: null,
      }),
    ]);
    // An unknown item, or another application's.
    const other = await submit(ctx.app);
    expect((await client.post(`${base(other)}/items/${items[0].id}/accept`)).statusCode).toBe(404);
  });

  it("marks an item as needing attention: the reason reaches the applicant by e-mail and in the room", async () => {
    const id = await submit(ctx.app, { email: "ada.attention@example.com" });
    const { items, upload } = await withDocuments(store(), id);
    await upload(items[1].id, samplePdf(), "application/pdf");
    const url = `${base(id)}/items/${items[1].id}/attention`;

    const none = await client.post(url, { reason: "   " });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("Say what needs attention: the applicant reads it");
    const long = await client.post(url, { reason: "x".repeat(ITEM_REASON_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(`Keep the reason to ${ITEM_REASON_MAX} characters`);

    const reason = "Page 2 of 3 is missing: please send every page.";
    const flagged = await client.post(url, { reason });
    expect(flagged.statusCode).toBe(200);
    expect((flagged.json() as DocumentsChange).documents.items[1]).toMatchObject({
      state: "needs-attention",
      reason,
    });

    const { rows: mails } = await store().query<{ to_address: string; subject: string; html: string }>(
      "SELECT to_address, subject, html FROM mail_outbox WHERE application_id = $1 AND kind = 'document-attention'",
      [id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe("ada.attention@example.com");
    expect(mails[0].subject).toMatch(/^A document for HL-[A-Z0-9]{8} needs your attention/);
    expect(mails[0].html).toContain("Business bank statement: September 2026");
    expect(mails[0].html).toContain("Page 2 of 3 is missing: please send every page.");
    // A fresh link, only its hash kept, made for this e-mail; it opens the room, which shows the reason.
    const token = /\/documents\/([A-Za-z0-9_-]{43})/.exec(mails[0].html)![1];
    const { rows: links } = await store().query<{ made_for: string }>(
      "SELECT made_for FROM room_links WHERE token_hash = $1 AND application_id = $2",
      [hashRoomToken(token), id],
    );
    expect(links).toEqual([{ made_for: "asked-again" }]);
    const session = await ctx.app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", origin: SITE },
      payload: { token },
    });
    expect(session.statusCode).toBe(201);
    const room = await ctx.app.inject({
      method: "GET",
      url: "/api/room",
      headers: { cookie: String(session.headers["set-cookie"]).split(";")[0] },
    });
    expect(room.json().checklist[1]).toMatchObject({ state: "needs-attention", reason });

    expect(await auditRows(store(), id, "document-item.flagged")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: {
          itemId: items[1].id,
          item: "Business bank statement: September 2026",
          reason,
          mailQueued: true,
        },
      }),
    ]);
    const timeline = (await client.get(`/api/desk/applications/${id}`)).json().timeline;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "action", action: "document-item.flagged", reason }),
        expect.objectContaining({ kind: "mail", mailKind: "document-attention" }),
      ]),
    );

    // A new upload puts it back to received.
    await upload(items[1].id, samplePdf("All three pages"), "application/pdf");
    const again: DocumentsPanel = (await client.get(base(id))).json();
    expect(again.items[1]).toMatchObject({ state: "received", reason: null });
    expect(again.items[1].documents).toHaveLength(2);
  });

  it("adds a request for another document to one application", async () => {
    const id = await submit(ctx.app);
    await withDocuments(store(), id);
    const empty = await client.post(`${base(id)}/requests`, { label: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ label: "Name the document to ask for" });

    const response = await client.post(`${base(id)}/requests`, {
      label: "Lease for your main location",
      detail: "The signed lease, every page.",
    });
    expect(response.statusCode).toBe(200);
    const panel = (response.json() as DocumentsChange).documents;
    expect(panel.items.at(-1)).toMatchObject({
      label: "Lease for your main location",
      state: "missing",
      requested: true,
      detail: "The signed lease, every page.",
    });
    expect(await auditRows(store(), id, "document.requested")).toEqual([
      expect.objectContaining({
        actor_email: staff.email,
        details: {
          itemId: panel.items.at(-1)!.id,
          item: "Lease for your main location",
          detail: "The signed lease, every page.",
        },
      }),
    ]);
    // The applicant's room names it and says what staff wrote about it.
    const token = await issueRoomLink(store(), id, "asked-again");
    const session = await ctx.app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", origin: SITE },
      payload: { token },
    });
    const room = await ctx.app.inject({
      method: "GET",
      url: "/api/room",
      headers: { cookie: String(session.headers["set-cookie"]).split(";")[0] },
    });
    const asked = (room.json() as RoomView).checklist.find((item) => item.id === panel.items.at(-1)!.id);
    expect(asked).toMatchObject({
      name: "Lease for your main location",
      why: "The signed lease, every page.",
      state: "missing",
    });
  });

  it("is documents complete when every item is accepted or not applicable, and the inbox filters on it", async () => {
    const complete = await submit(ctx.app, { companyName: "Complete Co" });
    const needed = await submit(ctx.app, { companyName: "Needed Co" });
    const nothing = await submit(ctx.app, { companyName: "Nothing Yet Co" });
    const { items, upload } = await withDocuments(store(), complete);
    await withDocuments(store(), nothing);
    for (const item of items.slice(0, 5)) {
      await upload(item.id, samplePdf(), "application/pdf");
      // Received, not yet looked at: not complete.
      expect(((await client.get(base(complete))).json() as DocumentsPanel).state).toBe("needed");
      await client.post(`${base(complete)}/items/${item.id}/accept`);
    }
    await moveChecklistItem(
      store(),
      complete,
      items[5].id,
      { type: "declare-not-applicable", by: "applicant", reason: "We have no ID to send" },
      "applicant",
    );
    const done: DocumentsPanel = (await client.get(base(complete))).json();
    expect(done.state).toBe("complete");
    expect(done.summary).toEqual({ asked: 5, received: 5, accepted: 5, needed: 0, notApplicable: 1 });
    const second = await withDocuments(store(), needed);
    await second.upload(second.items[0].id, samplePdf(), "application/pdf");

    const list = async (documents: string) => {
      const response = await client.get(`/api/desk/applications?documents=${documents}`);
      expect(response.statusCode).toBe(200);
      const body: InboxList = response.json();
      return body.items.map((item) => [item.companyName, item.documents]);
    };
    expect(await list("complete")).toEqual([["Complete Co", "complete"]]);
    expect(await list("needed")).toEqual([["Needed Co", "needed"]]);
    expect(await list("none")).toEqual([["Nothing Yet Co", "none"]]);
    const bad = await client.get("/api/desk/applications?documents=done");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("documents must be one of none, needed, complete");
  });

  it("reviews nothing of a quarantined application", async () => {
    const id = await submit(ctx.app);
    const { items, upload } = await withDocuments(store(), id);
    await upload(items[0].id, samplePdf(), "application/pdf");
    await client.post(`/api/desk/applications/${id}/quarantine`, { reason: "Looks like spam" });
    const refused = await client.post(`${base(id)}/items/${items[0].id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: DOCUMENT_MESSAGES.quarantined });
    expect((await client.post(`${base(id)}/requests`, { label: "Lease" })).statusCode).toBe(409);
  });
});
