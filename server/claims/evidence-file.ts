/**
 * An evidence file into the document room's encrypted store (decisions 0019,
 * 0020: server/documents/document-store.ts, no crypto of its own), refused by
 * its first bytes unless it is a PDF, PNG or JPEG (#domain/documents/file-kind,
 * as the room decides), and read back for staff.
 */
import type { Readable } from "node:stream";
import { ACCEPTED_FILE_KINDS, detectFileKind, SNIFF_BYTES } from "#domain/documents/file-kind";
import { deleteDocument } from "../documents/document-repository";
import { appendToDocument, createDocument, readDocument } from "../documents/document-store";
import type { Keyring } from "../documents/master-key";
import type { Store } from "../store/store";

/** The file is not one we keep; `message` says what it is and what to send. */
export class RefusedEvidenceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedEvidenceError";
  }
}

/** Reads the first bytes of `source`, decides its kind, and hands every byte on. */
async function sniffed(
  source: AsyncIterable<Uint8Array>,
): Promise<{ mediaType: string; bytes: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(Buffer.from(next.value));
    headBytes += next.value.length;
  }
  const detection = detectFileKind(Buffer.concat(head, headBytes));
  if (!detection.accepted) throw new RefusedEvidenceError(detection.message);
  async function* bytes() {
    yield* head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { mediaType: detection.mediaType, bytes: bytes() };
}

/**
 * Stores the file, complete and checked by its bytes; returns its document's
 * id, type and size. A file cut short or over `maxBytes` leaves nothing behind.
 */
export async function storeEvidenceFile(
  store: Store,
  keyring: Keyring,
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<{ documentId: string; mediaType: string; size: number }> {
  const { mediaType, bytes } = await sniffed(source);
  const id = await createDocument(store, keyring, {
    applicationId: null,
    uploadedBy: "staff",
    mediaType,
    checks: "done",
  });
  try {
    const { size } = await appendToDocument(store, keyring, id, bytes, { maxBytes });
    return { documentId: id, mediaType, size };
  } catch (error) {
    await deleteDocument(store, id);
    throw error;
  }
}

export const readEvidenceFile = (store: Store, keyring: Keyring, documentId: string): Promise<Readable> =>
  readDocument(store, keyring, documentId);

/** The name a file is served under: ours, from the claim and the file's kind ("businesses-funded-evidence-2.pdf"). */
export function evidenceFileName(claimId: string, position: number, mediaType: string | null): string {
  const kind = Object.values(ACCEPTED_FILE_KINDS).find((entry) => entry.mediaType === mediaType);
  return `${claimId}-evidence-${position}.${kind?.extension ?? "bin"}`;
}
