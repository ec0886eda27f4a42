/**
 * Accepted documents reach the CRM once each, on both engines: announced when
 * staff accept the item (not before, and not again when it is accepted a
 * second time), across a CRM that answers 503 before it takes one; the
 * announcement names the application, the item and the file (name, type,
 * size, the SHA-256 of its bytes) and carries a signed link that serves the
 * file to the CRM, is 404 once altered and 410 once expired, and is audited
 * each time it is used. On PostgreSQL, two instances' workers never announce
 * one document twice.
 */
import { createHash, randomBytes } from "node:crypto";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accept, applyWithFiles, type Filed } from "../../test/support/accepted-documents";
import { signedInStaff } from "../../test/support/desk";
import { deskClient } from "../../test/support/desk-applications";
import { FakeCrm, FAST_DELIVERY, waitFor } from "../../test/support/fault-harness";
import { ENGINES, testConfig, useTestApp, useTwoInstances } from "../../test/support/server";
import { moveChecklistItem } from "../documents/checklist";
import { keyringFrom } from "../documents/master-key";
import type { OutboxWorker } from "../outbox/worker-loop";
import type { Store } from "../store/store";
import { signDocumentLink } from "./document-link";
import { documentKey } from "./document-outbox-repository";
import { createDocumentWorker, type DocumentPayload } from "./document-worker";

const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const ENV = { DOCUMENTS_MASTER_KEY: KEY, ...FAST_DELIVERY };
const silent = pino({ level: "silent" });
const delivery = testConfig(FAST_DELIVERY).delivery;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const outboxOf = async (store: Store, documentIds: string[]) =>
  (
    await store.query<{ document_id: string; status: string }>(
      "SELECT document_id::text AS document_id, status FROM document_outbox WHERE document_id = ANY($1::uuid[])",
      [documentIds],
    )
  ).rows;

const allDelivered = (store: Store, ids: string[]) => async () =>
  (await outboxOf(store, ids)).filter((row) => row.status === "delivered").length === ids.length;

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const auditOf = async (store: Store, applicationId: string) =>
  (
    await store.query<{ details: { documentId: string; served: boolean }; ip: string | null }>(
      "SELECT details, ip FROM desk_audit_log WHERE action = 'document.fetched-by-crm' AND target = $1 ORDER BY id",
      [applicationId],
    )
  ).rows;

describe.each(ENGINES)("accepted documents to the CRM on %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV });
  const crm = new FakeCrm();
  let workers: OutboxWorker[] = [];
  const startWorker = () => {
    const worker = createDocumentWorker({
      store: ctx.app.store,
      config: delivery,
      url: crm.url,
      siteUrl: ctx.app.config.siteUrl,
      keyring,
      log: silent,
    });
    workers.push(worker);
    worker.start();
    return worker;
  };

  beforeAll(() => crm.start());
  afterAll(() => crm.stop());
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    workers = [];
    crm.requests.length = 0;
    crm.answer = () => ({ status: 200 });
  });

  it("announces a file once its item is accepted, once, with what it is and a link that serves it", async () => {
    const [statement, check] = await applyWithFiles(ctx.app, keyring, 2);
    startWorker();
    await accept(ctx.app.store, statement);
    await waitFor(allDelivered(ctx.app.store, [statement.documentId]), { what: "the statement delivered" });
    // The other item's file was never accepted: nothing about it.
    expect(await outboxOf(ctx.app.store, [check.documentId])).toEqual([]);
    expect(crm.seen().get(documentKey(check.documentId))).toBeUndefined();

    const [request] = crm.requests;
    expect(request.key).toBe(documentKey(statement.documentId));
    const body = request.body as unknown as DocumentPayload;
    const { rows } = await ctx.app.store.query<{ reference: string }>(
      "SELECT reference FROM applications WHERE id = $1",
      [statement.applicationId],
    );
    expect(body).toMatchObject({
      type: "document.accepted",
      documentId: statement.documentId,
      applicationId: statement.applicationId,
      reference: rows[0].reference,
      item: { id: statement.itemId, label: statement.label },
      file: {
        name: "file-0.pdf",
        mediaType: "application/pdf",
        size: statement.bytes.length,
        sha256: sha256(statement.bytes),
      },
    });
    expect(Date.parse(body.download.expiresAt) - Date.now()).toBeGreaterThan(25 * 60_000);

    const fetched = await ctx.app.inject({
      method: "GET",
      url: pathOf(body.download.url),
      headers: { "user-agent": "test-crm" },
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(statement.bytes)).toBe(true);
    expect(sha256(fetched.rawPayload)).toBe(body.file.sha256);
    expect(fetched.headers["content-type"]).toBe("application/pdf");
    expect(fetched.headers["content-disposition"]).toBe(
      `attachment; filename="document-${statement.documentId}.pdf"`,
    );
    expect(fetched.headers["x-content-type-options"]).toBe("nosniff");
    expect(fetched.headers["cache-control"]).toBe("no-store");
    expect(await auditOf(ctx.app.store, statement.applicationId)).toEqual([
      { details: { documentId: statement.documentId, served: true }, ip: "127.0.0.1" },
    ]);

    // Flagged, then accepted again: still announced once.
    await moveChecklistItem(
      ctx.app.store,
      statement.applicationId,
      statement.itemId,
      { type: "flag", by: "staff", reason: "Blurry" },
      "staff-1",
    );
    await accept(ctx.app.store, statement);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(crm.seen().get(documentKey(statement.documentId))).toBe(1);
  });

  it("announces what a rep accepts on the desk's page, as the desk accepts it", async () => {
    const [file] = await applyWithFiles(ctx.app, keyring, 1);
    const rep = await signedInStaff(ctx.app, { role: "staff" });
    const desk = deskClient(
      () => ctx.app,
      () => rep.cookie,
    );
    startWorker();
    const accepted = await desk.post(
      `/api/desk/applications/${file.applicationId}/documents/items/${file.itemId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    await waitFor(allDelivered(ctx.app.store, [file.documentId]), { what: "the accepted file delivered" });
    expect(crm.accepted().get(documentKey(file.documentId))).toBe(1);
    const { rows } = await ctx.app.store.query<{ accepted_by: string }>(
      "SELECT accepted_by FROM document_outbox WHERE document_id = $1",
      [file.documentId],
    );
    expect(rows).toEqual([{ accepted_by: rep.userId }]);
  });

  it("refuses an altered link (404) and an expired one (410), the expired one audited", async () => {
    const [file, other] = await applyWithFiles(ctx.app, keyring, 2);
    await accept(ctx.app.store, file);
    await accept(ctx.app.store, other);
    const link = new URL(signDocumentLink(keyring, ctx.app.config.siteUrl, file.documentId).url);
    const get = (url: string) => ctx.app.inject({ method: "GET", url });
    const expires = link.searchParams.get("expires")!;
    const signature = link.searchParams.get("signature")!;
    const base = `/api/crm/documents/${file.documentId}`;
    const swap = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    for (const altered of [
      `${base}?expires=${expires}&signature=${swap(signature, 10)}`,
      // The last character's low bits decode to nothing: still not our signature.
      `${base}?expires=${expires}&signature=${swap(signature, signature.length - 1)}`,
      `${base}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/crm/documents/${other.documentId}?expires=${expires}&signature=${signature}`,
      `${base}?expires=${expires}`,
      base,
      `/api/crm/documents/not-a-document?expires=${expires}&signature=${signature}`,
    ]) {
      const response = await get(altered);
      expect(response.statusCode, altered).toBe(404);
      expect(response.json()).toEqual({ error: "Not found" });
    }
    expect(await auditOf(ctx.app.store, file.applicationId)).toEqual([]);

    const old = signDocumentLink(
      keyring,
      ctx.app.config.siteUrl,
      file.documentId,
      new Date(Date.now() - 31 * 60_000),
    );
    const expired = await get(pathOf(old.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatch(/expired/);
    expect((await auditOf(ctx.app.store, file.applicationId)).map((row) => row.details)).toEqual([
      { documentId: file.documentId, served: false },
    ]);

    // A link signed under another deployment's key opens nothing here.
    const foreign = signDocumentLink(
      keyringFrom(randomBytes(32).toString("base64")),
      ctx.app.config.siteUrl,
      file.documentId,
    );
    expect((await get(pathOf(foreign.url))).statusCode).toBe(404);
  });

  it("announces each once across a CRM answering 503 before it takes them", async () => {
    const files = await applyWithFiles(ctx.app, keyring, 3);
    crm.answer = (_request, seen) => (seen < 2 ? { status: 503 } : { status: 200 });
    startWorker();
    for (const file of files) await accept(ctx.app.store, file);
    const ids = files.map((file) => file.documentId);
    await waitFor(allDelivered(ctx.app.store, ids), { what: "all three delivered" });
    for (const id of ids) {
      expect(crm.accepted().get(documentKey(id))).toBe(1);
      expect(crm.seen().get(documentKey(id))).toBe(3);
    }
    // Each attempt had a link of its own, made when it was sent.
    const links = crm.requests
      .filter((r) => r.key === documentKey(ids[0]))
      .map((r) => (r.body as unknown as DocumentPayload).download.url);
    expect(links.every((url) => url.includes(ids[0]))).toBe(true);
  });
});

describe("accepted documents from two instances at once on postgres", () => {
  const ctx = useTwoInstances({ env: ENV });
  const crm = new FakeCrm();
  beforeAll(() => crm.start());
  afterAll(() => crm.stop());

  it("never announces one document twice, whichever instance's worker takes it", async () => {
    const files = [
      ...(await applyWithFiles(ctx.first, keyring, 4)),
      ...(await applyWithFiles(ctx.second, keyring, 4)),
    ];
    const workers = [ctx.first, ctx.second, ctx.first, ctx.second].map((app, index) =>
      createDocumentWorker({
        store: app.store,
        config: delivery,
        url: crm.url,
        siteUrl: app.config.siteUrl,
        keyring,
        log: silent,
        workerId: `worker-${index}`,
      }),
    );
    for (const worker of workers) worker.start();
    try {
      // Each item accepted on both instances at the same moment: one move wins, the other is refused.
      const moves = await Promise.all(
        files.flatMap((file) => [ctx.first, ctx.second].map((app) => acceptRacing(app.store, file))),
      );
      expect(moves.filter((moved) => moved?.ok)).toHaveLength(8);
      const ids = files.map((file) => file.documentId);
      await waitFor(allDelivered(ctx.first.store, ids), { what: "all eight delivered" });
      for (const id of ids) expect(crm.seen().get(documentKey(id))).toBe(1);
      expect(crm.requests).toHaveLength(8);
      // A link made by one instance's worker is served by the other instance.
      const body = crm.requests[0].body as unknown as DocumentPayload;
      const served = await ctx.second.inject({ method: "GET", url: pathOf(body.download.url) });
      expect(served.statusCode).toBe(200);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});

/** An accept that may find the item accepted already by the other instance (a refusal, not a failure). */
function acceptRacing(store: Store, file: Filed) {
  return moveChecklistItem(
    store,
    file.applicationId,
    file.itemId,
    { type: "accept", by: "staff" },
    "staff-2",
  );
}
