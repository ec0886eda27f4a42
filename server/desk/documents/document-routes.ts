/**
 * The document room from the desk (staff and admin, the lead page's rules;
 * shapes: #domain/desk/contract):
 *   GET  /api/desk/applications/:id/documents                      DocumentsPanel
 *   GET  /api/desk/applications/:id/documents/:documentId/view      the file, inline (PDF, images)
 *   GET  /api/desk/applications/:id/documents/:documentId/download  the file, as an attachment
 *   POST /api/desk/applications/:id/documents/items/:itemId/accept           -> DocumentsChange
 *   POST /api/desk/applications/:id/documents/items/:itemId/attention {reason} -> DocumentsChange
 *   POST /api/desk/applications/:id/documents/requests {label, detail?}      -> DocumentsChange
 * A file is streamed from the decrypting reader under a name of ours, with
 * nosniff, no-store and a sandboxing Content-Security-Policy, so nothing in it
 * runs in the desk's origin; a file the scanner flagged, or whose checks have
 * not finished (a PDF waiting for its password among them), is not served (409).
 * Every view and download is audited (document.viewed, document.downloaded).
 * An item moves only as domain/documents/item-state.ts allows; each change,
 * its audit row (on the lead's timeline) and, for one needing attention, the
 * applicant's e-mail with a fresh room link are one transaction.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { APPLICATION_ACTIONS } from "#domain/audit/actions";
import { documentAttentionInput, documentRequestInput } from "#domain/desk/inputs";
import type { DocumentsChange, DocumentsPanel } from "#domain/desk/contract";
import type { ItemEvent } from "#domain/documents/item-state";
import { listChecklistItems, documentsStateOf } from "../../documents/checklist-repository";
import { moveChecklistItemIn, requestDocumentIn } from "../../documents/checklist";
import { createDecisionClock } from "../../review-clock/deadline";
import { readDocument } from "../../documents/document-store";
import {
  documentHeaders,
  servedFileName,
  whyNotServed,
  type NotServed,
} from "../../documents/served-document";
import { documentsKeys, type DocumentsKeys } from "../../documents/keyring-setup";
import { createInboxRepository } from "../../inbox/inbox-repository";
import { composeDocumentAttention } from "../../mail/compose";
import { insertMails, notifyMailQueued } from "../../mail/outbox-repository";
import { issueRoomLink, roomUrl } from "../../room/room-link";
import { roomDocument, roomDocuments } from "../../room/room-repository";
import { isUuid } from "../../store/row-values";
import type { Queryable } from "../../store/store";
import { createApplicationRepository } from "../../work/application-repository";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { NOT_FOUND, Refusal, applicationActions, applicationParams } from "../application/application-action";
import { toDocumentsPanel } from "./documents-view";

export const DOCUMENT_MESSAGES = {
  held: "Our virus scanner flagged this file, so it is held and never opened or downloaded. Ask the applicant to send the document again.",
  needsPassword: "This PDF is locked: it is waiting for the applicant's password and cannot be opened yet.",
  checking: "This file is still being checked. Try again in a moment.",
  heldOnly:
    "Every file on this item is held by the virus scanner: it cannot be accepted. Mark it as needing attention instead.",
  noItem: "This application has no such checklist item.",
  quarantined: "This application is in quarantine: release it before reviewing its documents",
  documentsOff: "Documents are not available: the documents' master key is not configured.",
} as const;

const NOT_SERVED_MESSAGES: Record<NotServed, string> = {
  held: DOCUMENT_MESSAGES.held,
  "needs-password": DOCUMENT_MESSAGES.needsPassword,
  checking: DOCUMENT_MESSAGES.checking,
};

/**
 * What a served document may do in the browser: nothing. `sandbox` gives it an
 * origin of its own with no script, so a file can never act in the desk's
 * origin; the styles let a browser's PDF viewer lay itself out.
 */
export const DOCUMENT_CSP =
  "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

const uuid = z.string().refine(isUuid);
const documentParams = applicationParams.extend({ documentId: uuid });
const itemParams = applicationParams.extend({ itemId: uuid });

type Disposition = "inline" | "attachment";

const documentRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { store, config } = app;
  const staff = { preValidation: requireRole("staff") };
  const applications = createApplicationRepository(store);
  const inbox = createInboxRepository(store);
  const { detail } = applicationActions(app);
  let keys: DocumentsKeys | undefined;
  const keysOf = () => (keys ??= documentsKeys(config));
  // An item accepted may complete the documents: the decision's deadline is counted from then.
  const decisionClock = createDecisionClock(config);

  /** The panel as it stands now; null when there is no such application. */
  async function panel(applicationId: string, db: Queryable = store): Promise<DocumentsPanel | null> {
    const state = await documentsStateOf(db, applicationId);
    if (state === null) return null;
    const [items, documents] = await Promise.all([
      listChecklistItems(db, applicationId),
      roomDocuments(db, applicationId),
    ]);
    return toDocumentsPanel(state, items, documents);
  }

  app.get(
    "/api/desk/applications/:id/documents",
    { ...staff, schema: { params: applicationParams } },
    async (request, reply) => (await panel(request.params.id)) ?? reply.code(404).send(NOT_FOUND),
  );

  async function serve(
    request: FastifyRequest<{ Params: { id: string; documentId: string } }>,
    reply: FastifyReply,
    disposition: Disposition,
  ) {
    const { id, documentId } = request.params;
    const document = await roomDocument(store, id, documentId);
    if (!document) return reply.code(404).send(NOT_FOUND);
    // Not served held, or before its checks (the scanner among them) are done.
    const notServed = whyNotServed(document);
    if (notServed) return reply.code(409).send({ error: NOT_SERVED_MESSAGES[notServed] });
    const found = keysOf();
    if ("off" in found) return reply.code(503).send({ error: DOCUMENT_MESSAGES.documentsOff });
    const body = await readDocument(store, found.keyring, documentId);
    const fileName = servedFileName(document);
    const action = disposition === "inline" ? "document.viewed" : "document.downloaded";
    await app.desk.audit.record(
      auditRecord(request, action, id, { documentId, itemId: document.itemId, fileName }),
    );
    return reply
      .headers(documentHeaders(document, fileName, disposition))
      .header("content-security-policy", DOCUMENT_CSP)
      .send(body);
  }

  const served = { ...staff, schema: { params: documentParams } };
  app.get("/api/desk/applications/:id/documents/:documentId/view", served, (request, reply) =>
    serve(request, reply, "inline"),
  );
  app.get("/api/desk/applications/:id/documents/:documentId/download", served, (request, reply) =>
    serve(request, reply, "attachment"),
  );

  /**
   * One change to the checklist in a transaction with the application locked
   * (quarantined: refused), its audit row written by `change`; answers the
   * panel and the application (its timeline shows the change) after it, or the refusal.
   */
  async function change(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    work: (tx: Queryable) => Promise<{ mailQueued?: boolean } | void>,
  ) {
    const { id } = request.params;
    try {
      const done = await store.transaction(async (tx) => {
        const found = await applications.lock(tx, id);
        if (!found) throw new Refusal(404, NOT_FOUND.error);
        if (found.status === "quarantined") throw new Refusal(409, DOCUMENT_MESSAGES.quarantined);
        return work(tx);
      });
      if (done?.mailQueued) notifyMailQueued();
    } catch (error) {
      if (error instanceof Refusal) return reply.code(error.status).send({ error: error.error });
      throw error;
    }
    const [documents, application] = await Promise.all([panel(id), detail(id)]);
    return { documents, application } as DocumentsChange;
  }

  /** Moves the item by `event`; a move item-state.ts refuses is a 409 in its words. */
  async function move(
    tx: Queryable,
    request: FastifyRequest<{ Params: { id: string; itemId: string } }>,
    event: ItemEvent,
  ) {
    const { id, itemId } = request.params;
    const items = await listChecklistItems(tx, id);
    const item = items.find((candidate) => candidate.id === itemId);
    if (!item) throw new Refusal(404, DOCUMENT_MESSAGES.noItem);
    const moved = await moveChecklistItemIn(tx, id, itemId, event, request.staff!.userId, decisionClock);
    if (!moved) throw new Refusal(404, DOCUMENT_MESSAGES.noItem);
    if (!moved.ok) throw new Refusal(409, moved.error);
    return item;
  }

  app.post(
    "/api/desk/applications/:id/documents/items/:itemId/accept",
    { ...staff, schema: { params: itemParams } },
    (request, reply) =>
      change(request, reply, async (tx) => {
        const { id, itemId } = request.params;
        const files = (await roomDocuments(tx, id)).filter((document) => document.itemId === itemId);
        if (files.length > 0 && files.every((file) => file.scan === "flagged")) {
          throw new Refusal(409, DOCUMENT_MESSAGES.heldOnly);
        }
        const item = await move(tx, request, { type: "accept", by: "staff" });
        await app.desk.audit.record(
          auditRecord(request, APPLICATION_ACTIONS.documentAccepted, id, { itemId, item: item.label }),
          tx,
        );
      }),
  );

  app.post(
    "/api/desk/applications/:id/documents/items/:itemId/attention",
    { ...staff, schema: { params: itemParams, body: deskBody(documentAttentionInput) } },
    (request, reply) =>
      change(request, reply, async (tx) => {
        const { id, itemId } = request.params;
        const { reason } = request.body;
        const item = await move(tx, request, { type: "flag", by: "staff", reason });
        const shown = await inbox.show(id, tx);
        const email = String(shown?.application.email ?? "");
        const reference = String(shown?.application.reference ?? "your application");
        // A fresh link: the stored ones are only hashes, and the e-mail's copy forgets its token once sent.
        const token = await issueRoomLink(tx, id, "asked-again");
        const mail = await composeDocumentAttention(
          email,
          { reference, item: item.label, reason, roomUrl: roomUrl(config.siteUrl, token) },
          config,
        );
        const mailQueued =
          (await insertMails(tx, [mail], { siteUrl: config.siteUrl, applicationId: id })) > 0;
        await app.desk.audit.record(
          auditRecord(request, APPLICATION_ACTIONS.documentFlagged, id, {
            itemId,
            item: item.label,
            reason,
            mailQueued,
          }),
          tx,
        );
        return { mailQueued };
      }),
  );

  app.post(
    "/api/desk/applications/:id/documents/requests",
    { ...staff, schema: { params: applicationParams, body: deskBody(documentRequestInput) } },
    (request, reply) =>
      change(request, reply, async (tx) => {
        const { id } = request.params;
        const { label, detail } = request.body;
        const itemId = await requestDocumentIn(tx, id, {
          label,
          detail: detail || null,
          requestedBy: request.staff!.userId,
        });
        await app.desk.audit.record(
          auditRecord(request, APPLICATION_ACTIONS.documentRequested, id, {
            itemId,
            item: label,
            detail: detail || null,
          }),
          tx,
        );
      }),
  );
};

export default documentRoutes;
