/**
 * Documents in and out of the store, encrypted (decisions 0019, 0020): a
 * stream is written one chunk at a time, each sealed under the document's
 * data key, and read back the same way, so a file is never whole in memory.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Store } from "../store/store";
import {
  appendChunk,
  deleteDrafts,
  findDocument,
  insertDraftChunk,
  insertDocument,
  lockDocumentsUnderOtherKeys,
  readChunk,
  replaceWrappedKey,
  swapInDrafts,
  type DocumentChecks,
  type DocumentRow,
  type Uploader,
} from "./document-repository";
import {
  DocumentIntegrityError,
  newDataKey,
  openChunk,
  sealChunk,
  unwrapDataKey,
  wrapDataKey,
} from "./envelope";
import type { Keyring } from "./master-key";

/** Plaintext bytes per sealed chunk (the last, or one cut short by a dropped upload, is shorter). */
export const CHUNK_BYTES = 256 * 1024;

export class DocumentNotFoundError extends Error {
  constructor(id: string) {
    super(`No document ${id}`);
    this.name = "DocumentNotFoundError";
  }
}

/** The document is not where the writer expected: another write went first, or it is complete. */
export class DocumentConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentConflictError";
  }
}

/** More bytes than the document's declared size or the limit allow. */
export class DocumentTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The file is larger than ${limit} bytes`);
    this.name = "DocumentTooLargeError";
  }
}

export interface NewDocument {
  /** Chosen by the caller (tus names the upload before it is stored); a new one when unset. */
  id?: string;
  /** The application it belongs to; null for a claim's evidence (server/claims/), which no purge takes. */
  applicationId: string | null;
  itemId?: string | null;
  uploadedBy: Uploader;
  originalName?: string | null;
  mediaType?: string | null;
  /** The size announced up front (tus's Upload-Length); unset when it is learned at the end. */
  declaredSize?: number | null;
  /** Where its checks stand (decision 0021); "pending" unless told: an unchecked file is not served. */
  checks?: DocumentChecks;
}

/** Makes the document's row and its data key, wrapped under the current master key; returns its id. */
export async function createDocument(store: Store, keyring: Keyring, document: NewDocument): Promise<string> {
  const id = document.id ?? randomUUID();
  await insertDocument(store, {
    id,
    applicationId: document.applicationId,
    itemId: document.itemId ?? null,
    uploadedBy: document.uploadedBy,
    originalName: document.originalName ?? null,
    mediaType: document.mediaType ?? null,
    declaredSize: document.declaredSize ?? null,
    keyId: keyring.current.id,
    wrappedKey: wrapDataKey(keyring.current, id, newDataKey()),
    checks: document.checks ?? "pending",
  });
  return id;
}

export interface AppendOptions {
  /** Where the writer believes the document stands (tus's Upload-Offset); a mismatch is a conflict. */
  offset?: number;
  /** At most this many bytes in all, when no size was declared. */
  maxBytes?: number;
}

export interface AppendResult {
  /** Bytes stored in all. */
  size: number;
  /** Every byte is in. */
  complete: boolean;
}

/**
 * Appends `source`'s bytes to an unfinished document. With a declared size the
 * chunk that reaches it is the last; without one the stream's end is. If the
 * source fails mid-way (a dropped connection), the bytes that arrived are
 * stored first, so an upload resumes from them, and the error is rethrown.
 */
export async function appendToDocument(
  store: Store,
  keyring: Keyring,
  documentId: string,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: AppendOptions = {},
): Promise<AppendResult> {
  const document = await findDocument(store, documentId);
  if (!document) throw new DocumentNotFoundError(documentId);
  if (document.state !== "uploading") throw new DocumentConflictError(`Document ${documentId} is complete`);
  if (options.offset !== undefined && options.offset !== document.size) {
    throw new DocumentConflictError(
      `Document ${documentId} holds ${document.size} bytes, not ${options.offset}`,
    );
  }
  const dataKey = unwrapDataKey(keyring, documentId, document.keyId, document.wrappedKey);
  const limit = document.declaredSize ?? options.maxBytes ?? Number.POSITIVE_INFINITY;
  let size = document.size;
  let index = document.chunkCount;
  let pending: Buffer[] = [];
  let pendingBytes = 0;

  const writeChunk = async (bytes: Buffer, final: boolean) => {
    const sealed = sealChunk(dataKey, documentId, index, final, bytes);
    const written = await appendChunk(store, {
      documentId,
      index,
      plainSize: bytes.length,
      sealed,
      sizeBefore: size,
      final,
    });
    if (!written)
      throw new DocumentConflictError(`Document ${documentId} was written by someone else meanwhile`);
    size += bytes.length;
    index += 1;
  };
  const isLast = (bytes: number) =>
    document.declaredSize === null ? null : size + bytes === document.declaredSize;

  try {
    for await (const piece of source) {
      if (size + pendingBytes + piece.length > limit) throw new DocumentTooLargeError(limit);
      pending.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
      pendingBytes += piece.length;
      // A full chunk with bytes after it is never the last: seal it now.
      while (pendingBytes > CHUNK_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        await writeChunk(joined.subarray(0, CHUNK_BYTES), false);
        pending = [joined.subarray(CHUNK_BYTES)];
        pendingBytes -= CHUNK_BYTES;
      }
    }
  } catch (error) {
    // Keep what arrived (not past a limit), so the upload resumes from it.
    if (
      pendingBytes > 0 &&
      !(error instanceof DocumentTooLargeError) &&
      !(error instanceof DocumentConflictError)
    ) {
      await writeChunk(Buffer.concat(pending, pendingBytes), isLast(pendingBytes) === true);
    }
    throw error;
  }
  if (pendingBytes > 0) {
    await writeChunk(Buffer.concat(pending, pendingBytes), isLast(pendingBytes) ?? true);
  } else if (document.declaredSize === null && size === document.size) {
    throw new DocumentConflictError(`Document ${documentId}: an empty file is not stored`);
  }
  return { size, complete: document.declaredSize === null || size === document.declaredSize };
}

/** A whole file from a stream whose size is learned at its end; returns the new document's id and size. */
export async function writeDocument(
  store: Store,
  keyring: Keyring,
  document: Omit<NewDocument, "declaredSize">,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: { maxBytes?: number } = {},
): Promise<{ id: string; size: number }> {
  const id = await createDocument(store, keyring, document);
  const { size } = await appendToDocument(store, keyring, id, source, options);
  return { id, size };
}

/**
 * New bytes for a complete document in place of its old ones (a photo written
 * again, a PDF opened with its password): sealed one chunk at a time under
 * the document's own key into drafts, then swapped in by one transaction if
 * the document's checks still stand at `from` (they move to `to`). A
 * DocumentConflictError, and nothing changed, when they do not (another
 * writer went first) or the source is empty; a DocumentTooLargeError past
 * `maxBytes`. Returns the new size.
 */
export async function replaceDocumentBytes(
  store: Store,
  keyring: Keyring,
  documentId: string,
  source: AsyncIterable<Uint8Array>,
  checks: { from: DocumentChecks; to: DocumentChecks; maxBytes?: number },
): Promise<number> {
  const document = await findDocument(store, documentId);
  if (!document || document.state !== "complete") throw new DocumentNotFoundError(documentId);
  const dataKey = unwrapDataKey(keyring, documentId, document.keyId, document.wrappedKey);
  const writer = randomUUID();
  const limit = checks.maxBytes ?? Number.POSITIVE_INFINITY;
  let size = 0;
  let index = 0;
  /** The chunk before the one being filled: it is the last only once the source ends. */
  let held: Buffer | null = null;
  let filling: Buffer[] = [];
  let fillingBytes = 0;
  const writeChunk = async (bytes: Buffer, final: boolean) => {
    const sealed = sealChunk(dataKey, documentId, index, final, bytes);
    await insertDraftChunk(store, { documentId, writer, index, plainSize: bytes.length, sealed });
    index += 1;
  };
  try {
    for await (const piece of source) {
      size += piece.length;
      if (size > limit) throw new DocumentTooLargeError(limit);
      filling.push(Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength));
      fillingBytes += piece.length;
      while (fillingBytes >= CHUNK_BYTES) {
        const joined = Buffer.concat(filling, fillingBytes);
        if (held) await writeChunk(held, false);
        held = joined.subarray(0, CHUNK_BYTES);
        filling = [joined.subarray(CHUNK_BYTES)];
        fillingBytes -= CHUNK_BYTES;
      }
    }
    if (size === 0) throw new DocumentConflictError(`Document ${documentId}: an empty file is not stored`);
    if (held) await writeChunk(held, fillingBytes === 0);
    if (fillingBytes > 0) await writeChunk(Buffer.concat(filling, fillingBytes), true);
  } catch (error) {
    await deleteDrafts(store, documentId, writer);
    throw error;
  }
  const swapped = await store.transaction((tx) =>
    swapInDrafts(tx, { documentId, writer, size, chunkCount: index }, checks.from, checks.to),
  );
  if (!swapped)
    throw new DocumentConflictError(`Document ${documentId} was changed by someone else meanwhile`);
  return size;
}

/**
 * A complete document's bytes as a stream, decrypted one chunk at a time as
 * the reader asks for them. Its key is checked before the stream is handed
 * over (a wrong master key fails here); a chunk that does not open fails the
 * stream at that chunk.
 */
export async function readDocument(store: Store, keyring: Keyring, documentId: string): Promise<Readable> {
  const document = await findDocument(store, documentId);
  if (!document || document.state !== "complete") throw new DocumentNotFoundError(documentId);
  const dataKey = unwrapDataKey(keyring, documentId, document.keyId, document.wrappedKey);
  return Readable.from(chunks(store, document, dataKey), { objectMode: false });
}

async function* chunks(store: Store, document: DocumentRow, dataKey: Buffer): AsyncGenerator<Buffer> {
  let total = 0;
  for (let index = 0; index < document.chunkCount; index++) {
    const chunk = await readChunk(store, document.id, index);
    if (!chunk) throw new DocumentIntegrityError(`Document ${document.id} has lost chunk ${index}`);
    const plaintext = openChunk(dataKey, document.id, index, index === document.chunkCount - 1, chunk.sealed);
    if (plaintext.length !== chunk.plainSize) {
      throw new DocumentIntegrityError(`Document ${document.id}, chunk ${index}, is not the length recorded`);
    }
    total += plaintext.length;
    yield plaintext;
  }
  if (total !== document.size)
    throw new DocumentIntegrityError(`Document ${document.id} is not the size recorded`);
}

/**
 * After a rotation: every data key wrapped by an older master key is wrapped
 * again under the current one, `batchSize` documents per transaction; no file
 * is re-encrypted. Returns how many were re-wrapped. Instances may run it
 * together (rows are locked, skipped by the others).
 */
export async function rewrapDataKeys(store: Store, keyring: Keyring, batchSize = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await store.transaction(async (tx) => {
      const rows = await lockDocumentsUnderOtherKeys(tx, keyring.current.id, batchSize);
      for (const row of rows) {
        const dataKey = unwrapDataKey(keyring, row.id, row.keyId, row.wrappedKey);
        await replaceWrappedKey(
          tx,
          row.id,
          row.keyId,
          keyring.current.id,
          wrapDataKey(keyring.current, row.id, dataKey),
        );
      }
      return rows.length;
    });
    total += done;
    if (done < batchSize) return total;
  }
}
