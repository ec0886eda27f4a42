/**
 * The accepted documents' worker: the outbox loop (outbox/worker-loop.ts)
 * over document_outbox (document-outbox-repository.ts). Each attempt reads
 * the document as it is now, hashes its decrypted bytes (streamed, never
 * whole in memory), makes a fresh short-lived link (document-link.ts) and
 * POSTs the announcement to CRM_DOCUMENT_URL with `document-<id>` as the
 * Idempotency-Key (post-to-crm.ts): the same policy, schedule, leases and
 * claims as the applications', so each document reaches the CRM once across
 * outages, restarts and instances. docs/delivery.md is the contract.
 */
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { readDocument } from "../documents/document-store";
import type { Keyring } from "../documents/master-key";
import { buildOutboxWorker, type OutboxWorkerSetup } from "../outbox/outbox-worker";
import type { AttemptAnswer, OutboxWorker } from "../outbox/worker-loop";
import type { Store } from "../store/store";
import { signDocumentLink, type DocumentLink } from "./document-link";
import {
  acceptedDocument,
  createDocumentOutbox,
  documentKey,
  DOCUMENT_OUTBOX,
  type AcceptedDocument,
} from "./document-outbox-repository";
import { postToCrm } from "./post-to-crm";

/** The body's `type`: what tells an accepted document from anything else the CRM receives. */
export const DOCUMENT_EVENT = "document.accepted";

/** Exactly what the CRM receives for one accepted document, keys in this order. */
export interface DocumentPayload {
  type: typeof DOCUMENT_EVENT;
  documentId: string;
  /** Our application id: the Idempotency-Key its application was delivered with. */
  applicationId: string;
  reference: string | null;
  item: { id: string; slot: string; kind: string; label: string } | null;
  file: { name: string | null; mediaType: string | null; size: number; sha256: string };
  acceptedAt: string;
  download: DocumentLink;
}

export function buildDocumentPayload(
  document: AcceptedDocument,
  sha256: string,
  download: DocumentLink,
): DocumentPayload {
  return {
    type: DOCUMENT_EVENT,
    documentId: document.documentId,
    applicationId: document.applicationId,
    reference: document.reference,
    item:
      document.itemId && document.slot && document.kind && document.label
        ? { id: document.itemId, slot: document.slot, kind: document.kind, label: document.label }
        : null,
    file: { name: document.originalName, mediaType: document.mediaType, size: document.size, sha256 },
    acceptedAt: document.acceptedAt,
    download,
  };
}

/** The SHA-256 (hex) of a document's decrypted bytes, read a chunk at a time. */
export async function documentSha256(store: Store, keyring: Keyring, documentId: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(await readDocument(store, keyring, documentId), hash);
  return hash.digest("hex");
}

export interface DocumentWorkerOptions extends OutboxWorkerSetup {
  url: string;
  siteUrl: string;
  keyring: Keyring;
}

/** Started by main.ts when CRM_DOCUMENT_URL is set; woken when an item is accepted (notifyDocumentsQueued). */
export function createDocumentWorker(options: DocumentWorkerOptions): OutboxWorker {
  const { config, url, siteUrl, keyring, store } = options;
  return buildOutboxWorker(options, {
    name: "document worker",
    outbox: DOCUMENT_OUTBOX,
    component: "document-delivery",
    claims: createDocumentOutbox,
    async attempt(claim, shutdown): Promise<AttemptAnswer<"delivered">> {
      let body: string;
      try {
        const document = await acceptedDocument(store, claim.documentId);
        // Held by the scanner since, or its application gone: nothing to hand over.
        if (!document) return { outcome: "dead", error: "the document can no longer be served" };
        const sha256 = await documentSha256(store, keyring, document.documentId);
        const download = signDocumentLink(keyring, siteUrl, document.documentId);
        body = JSON.stringify(buildDocumentPayload(document, sha256, download));
      } catch (error) {
        return { outcome: "retry", error: `reading the document failed: ${(error as Error).message}` };
      }
      return postToCrm({
        url,
        key: documentKey(claim.documentId),
        body,
        timeoutMs: config.timeoutMs,
        shutdown,
      });
    },
    describe: (claim) => ({ documentId: claim.documentId }),
    codeField: "status",
    messages: {
      delivered: "accepted document announced to the CRM",
      retry: "accepted document delivery failed; will retry",
      dead: "accepted document delivery failed for good; row is dead",
      unrecorded: "could not record an accepted document delivery attempt",
      expired: "claim expired before the attempt was recorded",
      unclaimed: "could not claim document outbox rows",
    },
    startFields: { url: new URL(url).origin },
  });
}
