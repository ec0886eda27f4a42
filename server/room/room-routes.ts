/**
 * The applicant's side of the document room (issue 42), under /api/room
 * (docs/http-api.md). The page at `${SITE_URL}/documents/<token>` (app/features/document-room/)
 * reads these answers (domain/documents/room-view.ts); opening it (GET, HEAD: what a mail
 * scanner does) changes nothing here.
 *
 * POST /api/room/session {token}   starts a session for the link's application:
 *   201 {reference} + the session cookie; 404 for a token that opens nothing.
 * GET /api/room/session            {open}: whether this browser holds a live session (always 200).
 * DELETE /api/room/session         ends it (204).
 * POST /api/room/links {email}     e-mails fresh links to the address's
 *   applications; 202, the same answer and words whether the address is known.
 * GET /api/room                    the application's reference, status and checklist.
 * POST /api/room/items/:id/not-applicable {reason}   the applicant's declaration.
 * /api/room/uploads[/:id]          tus (server/documents/upload-routes.ts); the
 *   item a file is for is the upload's `itemId` metadata.
 * GET /api/room/documents/:id      a document, as an attachment under a name of ours.
 * POST /api/room/documents/:id/unlock {password}   opens a password-protected PDF once.
 *
 * Every route but the first four needs the session: none is 401, an ended one
 * 401 saying to ask for a new link. Another application's room, item, document
 * or upload is 404, whatever id is tried. Every non-GET request must come from
 * our own origin (plugins/same-origin.ts), as the desk's do. Each route
 * declares its input with the zod schemas in domain/documents/room-requests.ts
 * (plugins/input-schemas.ts); the session is checked before any input is read.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fundingTypeOptions } from "#domain/application/schema";
import { ITEM_STATE_LABELS } from "#domain/documents/item-state";
import { DOCUMENT_KIND_COPY, type DocumentKind } from "#domain/documents/kinds";
import {
  LINK_INVALID,
  ROOM_TOKEN,
  notApplicableRequestSchema,
  roomIdParams,
  roomLinksRequestSchema,
  roomSessionRequestSchema,
  unlockRequestSchema,
} from "#domain/documents/room-requests";
import { roomStatus } from "#domain/documents/room-status";
import {
  ROOM_SESSION_PATH,
  type NotApplicableAnswer,
  type RoomDocumentView,
  type RoomSessionAnswer,
  type RoomView,
  type UnlockAnswer,
} from "#domain/documents/room-view";
import type { Config } from "../config";
import { listChecklistItems } from "../documents/checklist-repository";
import { moveChecklistItem, moveItemAfterChecks } from "../documents/checklist";
import { findDocument } from "../documents/document-repository";
import { DocumentTooLargeError, readDocument } from "../documents/document-store";
import { documentHeaders, servedFileName, whyNotServed, type NotServed } from "../documents/served-document";
import { PdfToolError, WrongPdfPasswordError } from "../documents/pdf-password";
import { NotLockedError, unlockUpload, type CheckOutcome } from "../documents/upload-checks";
import { documentsKeys, type DocumentsKeys } from "../documents/keyring-setup";
import { uploadRoutes } from "../documents/upload-routes";
import { composeRoomLinks } from "../mail/compose";
import { insertMails, notifyMailQueued } from "../mail/outbox-repository";
import { BODY_LIMIT, jsonPostOptions, requireJson } from "../plugins/json-body";
import { sameOrigin } from "../plugins/same-origin";
import { isUuid } from "../store/row-values";
import type { Store } from "../store/store";
import { createDecisionClock } from "../review-clock/deadline";
import { makeRoomChecklist } from "./room-checklist";
import { hashRoomToken, newRoomToken, roomUrl } from "./room-link";
import {
  applicationsOfEmail,
  endSession,
  findSession,
  hasItem,
  roomApplication,
  roomDocument,
  roomDocuments,
  startSession,
  type RoomDocumentRow,
} from "./room-repository";
import {
  ROOM_SESSION_ABSOLUTE_MS,
  ROOM_SESSION_IDLE_MS,
  clearRoomCookie,
  hashSessionId,
  newSessionId,
  readRoomCookie,
  setRoomCookie,
} from "./room-session";

export interface RoomRoutesOptions {
  store: Store;
  config: Config;
}

export const ROOM_MESSAGES = {
  noSession: "You are not in a document room. Open the link from your e-mail to continue.",
  sessionEnded:
    "Your session in the document room has ended. Ask for a new link by e-mail, or open the link you have again.",
  linkInvalid: LINK_INVALID,
  linksSent:
    "If this address has applications with us, a new link to each one's document room is on its way to it. It can take a few minutes to arrive.",
  notFound: "Not found",
  held: "This file is held: our virus scanner flagged it, so it cannot be downloaded. Please upload the document again; our team will be in touch.",
  documentsOff: "Documents are not available right now. Please try again later.",
  needsPassword:
    "This file is protected by a password. Send its password to open it, or upload it without one.",
  checking: "This file is still being checked. Please try again in a moment.",
  notOpened: "This file could not be opened with that password. Please upload it again without a password.",
  unlockedTooLarge:
    "Opened, this file is larger than the limit for one file. Please upload it without a password.",
  noItem: "Say which document the file is for.",
} as const;

/** Why a document is not served yet, in the applicant's words. */
const NOT_SERVED_MESSAGES: Record<NotServed, string> = {
  held: ROOM_MESSAGES.held,
  "needs-password": ROOM_MESSAGES.needsPassword,
  checking: ROOM_MESSAGES.checking,
};

/** The most applications one request for links covers (newest first). */
const LINKS_PER_REQUEST = 10;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ROOM_HEADERS = { "cache-control": "no-store", "x-robots-tag": "noindex, nofollow" };

/** A document as the room lists it. */
const documentView = (document: RoomDocumentRow): RoomDocumentView => ({
  id: document.id,
  fileName: document.originalName ?? servedFileName(document),
  size: document.size,
  type: document.mediaType,
  uploadedAt: document.completedAt,
  /** The virus scanner flagged it: never served. */
  held: document.scan === "flagged",
  /** A PDF that opens only with its password: not served until the applicant sends it. */
  needsPassword: document.checks === "needs-password",
  /** Its checks have not finished: not served yet. */
  checking: document.checks === "pending",
});

const fundingLabel = (value: string) =>
  fundingTypeOptions.find((option) => option.value === value)?.label ?? value;

const APPLICANT = { actor: "applicant", by: "applicant" } as const;

/** A path's id that names nothing is this route's 404, in its words. */
const NOT_FOUND_ID = { invalidInput: { notFound: "Not found" } };

const roomRoutes: FastifyPluginAsync<RoomRoutesOptions> = async (plugin, { store, config }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // The master keys are found when a file first goes in or out, not at start-up:
  // the embedded default makes its key file only once the room is used.
  let keys: DocumentsKeys | undefined;
  const keysOf = () => (keys ??= documentsKeys(config));
  // An item declared not applicable may complete the documents: the decision's deadline runs from then.
  const decisionClock = createDecisionClock(config);
  /** What an upload's checks need beside the keys and a log. */
  const uploadChecks = { store, scanner: config.documents.clamd, maxBytes: config.documents.maxFileBytes };
  /** Each request's session's application, once requireSession has found it. */
  const sessions = new WeakMap<FastifyRequest, string>();

  app.addHook("onRequest", async (request, reply) => {
    reply.headers(ROOM_HEADERS);
    if (!SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
      return reply.code(403).send({ error: "Cross-site request refused" });
    }
  });

  async function requireSession(request: FastifyRequest, reply: FastifyReply) {
    const id = readRoomCookie(request);
    const session = id ? await findSession(store, hashSessionId(id), ROOM_SESSION_IDLE_MS) : null;
    if (session?.state === "live") {
      sessions.set(request, session.applicationId);
      return;
    }
    if (id) clearRoomCookie(request, reply);
    return reply
      .code(401)
      .send({ error: session?.state === "expired" ? ROOM_MESSAGES.sessionEnded : ROOM_MESSAGES.noSession });
  }
  const applicationOf = (request: FastifyRequest) => sessions.get(request) ?? null;

  app.post(
    "/api/room/session",
    {
      ...jsonPostOptions,
      schema: { body: roomSessionRequestSchema },
      config: { ...jsonPostOptions.config, invalidInput: { error: LINK_INVALID } },
    },
    async (request, reply) => {
      const { token } = request.body;
      // A malformed token opens nothing, like an unknown one.
      if (!ROOM_TOKEN.test(token)) return reply.code(404).send({ error: ROOM_MESSAGES.linkInvalid });
      const id = newSessionId();
      const started = await startSession(store, hashRoomToken(token), hashSessionId(id), {
        idleMs: ROOM_SESSION_IDLE_MS,
        absoluteMs: ROOM_SESSION_ABSOLUTE_MS,
      });
      if (!started) return reply.code(404).send({ error: ROOM_MESSAGES.linkInvalid });
      const application = await roomApplication(store, started.applicationId);
      if (!application) return reply.code(404).send({ error: ROOM_MESSAGES.linkInvalid });
      // The checklist is made once, the first time the room is entered, as of the day it was applied for.
      await makeRoomChecklist(store, application, config.desk.timeZone);
      setRoomCookie(request, reply, id);
      return reply.code(201).send({ reference: application.reference, expiresAt: started.expiresAt });
    },
  );

  app.get(ROOM_SESSION_PATH, async (request) => {
    const id = readRoomCookie(request);
    const session = id ? await findSession(store, hashSessionId(id), ROOM_SESSION_IDLE_MS) : null;
    return { open: session?.state === "live" } satisfies RoomSessionAnswer;
  });

  app.delete("/api/room/session", async (request, reply) => {
    const id = readRoomCookie(request);
    if (id) await endSession(store, hashSessionId(id));
    clearRoomCookie(request, reply);
    return reply.code(204).send();
  });

  app.post(
    "/api/room/links",
    { ...jsonPostOptions, schema: { body: roomLinksRequestSchema } },
    async (request, reply) => {
      const { email } = request.body;
      const applications = await applicationsOfEmail(store, email, LINKS_PER_REQUEST);
      const tokens = applications.map(() => newRoomToken());
      // An unknown address costs the same rendering, so the answer's timing tells little.
      const mail = await composeRoomLinks(
        email,
        applications.length > 0
          ? applications.map((application, index) => ({
              reference: application.reference,
              fundingType: application.fundingType,
              submittedAt: application.submittedAt,
              url: roomUrl(config.siteUrl, tokens[index]),
            }))
          : [
              {
                reference: "HL-00000000",
                fundingType: "other",
                submittedAt: new Date().toISOString(),
                url: roomUrl(config.siteUrl, newRoomToken()),
              },
            ],
        config,
      );
      if (applications.length > 0) {
        const queued = await store.transaction(async (tx) => {
          // Under the address's daily cap (the mail outbox's): past it, no link is made either.
          const stored = await insertMails(tx, [mail], {
            siteUrl: config.siteUrl,
            applicationId: applications[0].id,
          });
          if (stored === 0) return false;
          for (const [index, application] of applications.entries()) {
            await tx.query(
              "INSERT INTO room_links (token_hash, application_id, made_for) VALUES ($1, $2, 'asked-again')",
              [hashRoomToken(tokens[index]), application.id],
            );
          }
          return true;
        });
        if (queued) notifyMailQueued();
      }
      return reply.code(202).send({ message: ROOM_MESSAGES.linksSent });
    },
  );

  app.get("/api/room", { preValidation: requireSession }, async (request, reply) => {
    const applicationId = applicationOf(request)!;
    const application = await roomApplication(store, applicationId);
    if (!application) return reply.code(404).send({ error: ROOM_MESSAGES.notFound });
    const [items, documents] = await Promise.all([
      listChecklistItems(store, applicationId),
      roomDocuments(store, applicationId),
    ]);
    return reply.send({
      reference: application.reference,
      fundingType: fundingLabel(application.fundingType),
      submittedAt: application.submittedAt,
      status: roomStatus({
        workStatus: application.workStatus,
        closeReason: application.closeReason,
        reviewDueAt: application.reviewDueAt,
        firstTouchedAt: application.firstTouchedAt,
        decisionDueAt: application.decisionDueAt,
        decidedAt: application.decidedAt,
        itemStates: items.map((item) => item.state),
      }),
      limits: {
        maxFileBytes: config.documents.maxFileBytes,
        maxApplicationBytes: config.documents.maxApplicationBytes,
      },
      checklist: items.map((item) => ({
        id: item.id,
        name: item.label,
        why:
          item.requestDetail ??
          DOCUMENT_KIND_COPY[item.kind as DocumentKind]?.hint ??
          DOCUMENT_KIND_COPY.requested.hint,
        state: item.state,
        stateLabel: ITEM_STATE_LABELS[item.state],
        reason: item.state === "needs-attention" || item.state === "not-applicable" ? item.reason : null,
        documents: documents.filter((document) => document.itemId === item.id).map(documentView),
      })),
    } satisfies RoomView);
  });

  app.post(
    "/api/room/items/:id/not-applicable",
    {
      bodyLimit: BODY_LIMIT,
      onRequest: requireJson,
      preValidation: requireSession,
      schema: { params: roomIdParams, body: notApplicableRequestSchema },
      config: NOT_FOUND_ID,
    },
    async (request, reply) => {
      const applicationId = applicationOf(request)!;
      const { id } = request.params;
      const moved = await moveChecklistItem(
        store,
        applicationId,
        id,
        { type: "declare-not-applicable", by: "applicant", reason: request.body.reason },
        "applicant",
        decisionClock,
      );
      if (!moved) return reply.code(404).send({ error: ROOM_MESSAGES.notFound });
      if (!moved.ok) return reply.code(409).send({ error: moved.error });
      return reply.send({
        id,
        state: moved.state,
        stateLabel: ITEM_STATE_LABELS[moved.state],
        reason: moved.reason,
      } satisfies NotApplicableAnswer);
    },
  );

  app.get(
    "/api/room/documents/:id",
    { preValidation: requireSession, schema: { params: roomIdParams }, config: NOT_FOUND_ID },
    async (request, reply) => {
      const applicationId = applicationOf(request)!;
      const { id } = request.params;
      const document = await roomDocument(store, applicationId, id);
      if (!document) return reply.code(404).send({ error: ROOM_MESSAGES.notFound });
      const notServed = whyNotServed(document);
      if (notServed) return reply.code(409).send({ error: NOT_SERVED_MESSAGES[notServed] });
      const documentKeys = keysOf();
      if ("off" in documentKeys) return reply.code(503).send({ error: ROOM_MESSAGES.documentsOff });
      const body = await readDocument(store, documentKeys.keyring, id);
      return reply.headers(documentHeaders(document, servedFileName(document), "attachment")).send(body);
    },
  );

  app.post(
    "/api/room/documents/:id/unlock",
    {
      ...jsonPostOptions,
      preValidation: requireSession,
      schema: { params: roomIdParams, body: unlockRequestSchema },
      config: { ...jsonPostOptions.config, ...NOT_FOUND_ID },
    },
    async (request, reply) => {
      const applicationId = applicationOf(request)!;
      const { id } = request.params;
      const document = await roomDocument(store, applicationId, id);
      if (!document) return reply.code(404).send({ error: ROOM_MESSAGES.notFound });
      const documentKeys = keysOf();
      if ("off" in documentKeys) return reply.code(503).send({ error: ROOM_MESSAGES.documentsOff });
      let outcome: CheckOutcome;
      try {
        outcome = await unlockUpload(
          { ...uploadChecks, keyring: documentKeys.keyring, log: request.log },
          id,
          request.body.password,
        );
      } catch (error) {
        if (error instanceof WrongPdfPasswordError) return reply.code(400).send({ error: error.message });
        if (error instanceof NotLockedError) return reply.code(409).send({ error: error.message });
        if (error instanceof PdfToolError) return reply.code(422).send({ error: ROOM_MESSAGES.notOpened });
        if (error instanceof DocumentTooLargeError) {
          return reply.code(413).send({ error: ROOM_MESSAGES.unlockedTooLarge });
        }
        throw error;
      }
      if (document.itemId) {
        await moveItemAfterChecks(store, applicationId, document.itemId, outcome, APPLICANT);
      }
      const [opened, items] = await Promise.all([
        roomDocument(store, applicationId, id),
        listChecklistItems(store, applicationId),
      ]);
      const item = items.find((candidate) => candidate.id === document.itemId);
      return reply.send({
        document: documentView(opened!),
        item: item ? { id: item.id, state: item.state, stateLabel: ITEM_STATE_LABELS[item.state] } : null,
      } satisfies UnlockAnswer);
    },
  );

  // The tus endpoint, in a scope of its own: the session first (401 without
  // one), then the upload's own checks (another application's upload is 404).
  await app.register(async (uploads) => {
    uploads.addHook("onRequest", async (_request, reply) => {
      // tus answers on the raw response, past Fastify's own headers.
      for (const [name, value] of Object.entries(ROOM_HEADERS)) reply.raw.setHeader(name, value);
    });
    uploads.addHook("preValidation", requireSession);
    uploads.addHook("preHandler", async (_request, reply) => {
      if ("off" in keysOf()) return reply.code(503).send({ error: ROOM_MESSAGES.documentsOff });
    });
    await uploads.register(uploadRoutes, {
      store,
      keyring: () => {
        const found = keysOf();
        if ("off" in found) throw new Error(found.off);
        return found.keyring;
      },
      path: "/api/room/uploads",
      maxFileBytes: config.documents.maxFileBytes,
      maxApplicationBytes: config.documents.maxApplicationBytes,
      uploader: "applicant",
      scanner: uploadChecks.scanner,
      applicationOf,
      async checkMetadata(applicationId, metadata) {
        const itemId = metadata.itemId;
        if (!itemId) return { status_code: 400, body: ROOM_MESSAGES.noItem };
        if (!isUuid(itemId) || !(await hasItem(store, applicationId, itemId))) {
          return { status_code: 404, body: ROOM_MESSAGES.notFound };
        }
        return null;
      },
      async onFinish(documentId, outcome) {
        const document = await findDocument(store, documentId);
        if (!document?.itemId) return;
        await moveItemAfterChecks(store, document.applicationId, document.itemId, outcome, APPLICANT);
      },
    });
  });
};

export default roomRoutes;
