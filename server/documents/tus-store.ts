/**
 * tus's storage (decision 0018) over the encrypted document store: an upload
 * is a document; each PATCH appends its bytes as sealed chunks, keeping what
 * arrived when a connection drops; the offset is what the store holds. The
 * first bytes decide the type (domain/documents/file-kind.ts): a file we do
 * not take is deleted with the answer, and nothing of it stays.
 */
import { DataStore, ERRORS, Upload } from "@tus/utils";
import type { Readable } from "node:stream";
import { SNIFF_BYTES, detectFileKind } from "../../domain/documents/file-kind";
import type { Store } from "../store/store";
import { deleteDocument, findDocument, setMediaType } from "./document-repository";
import {
  DocumentConflictError,
  DocumentNotFoundError,
  DocumentTooLargeError,
  appendToDocument,
  createDocument,
} from "./document-store";
import type { Keyring } from "./master-key";

/** The metadata keys the server sets itself; a client's own values for them are replaced. */
export const APPLICATION_KEY = "harborline-application";
export const UPLOADER_KEY = "harborline-uploader";

/** What tus answers for an error thrown from a store or hook. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

const refusal = (status_code: number, body: string): TusRefusal => ({ status_code, body });

export class DocumentTusStore extends DataStore {
  constructor(
    private readonly store: Store,
    private readonly keyring: Keyring,
  ) {
    super();
    this.extensions = ["creation", "termination"];
  }

  override async create(upload: Upload): Promise<Upload> {
    const metadata = upload.metadata ?? {};
    const applicationId = metadata[APPLICATION_KEY];
    if (!applicationId) throw refusal(500, "The upload has no application");
    if (upload.sizeIsDeferred || !upload.size)
      throw refusal(400, "The file's size must be given (Upload-Length)");
    await createDocument(this.store, this.keyring, {
      id: upload.id,
      applicationId,
      itemId: metadata.itemId || null,
      uploadedBy: metadata[UPLOADER_KEY] === "staff" ? "staff" : "applicant",
      originalName: metadata.filename?.slice(0, 255) || null,
      declaredSize: upload.size,
    });
    return upload;
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const source = offset === 0 ? this.sniffed(readable, id) : readable;
    try {
      return (await appendToDocument(this.store, this.keyring, id, source, { offset })).size;
    } catch (error) {
      if (error instanceof DocumentTooLargeError) throw ERRORS.ERR_SIZE_EXCEEDED;
      if (error instanceof DocumentConflictError) throw ERRORS.INVALID_OFFSET;
      if (error instanceof DocumentNotFoundError) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
  }

  /** The first bytes, checked before any is stored; a refused file's upload is deleted. */
  private async *sniffed(readable: Readable, id: string): AsyncGenerator<Buffer> {
    const head: Buffer[] = [];
    let length = 0;
    const iterator = readable[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (let next = await iterator.next(); ; next = await iterator.next()) {
      if (!next.done) {
        head.push(next.value);
        length += next.value.length;
      }
      if (next.done || length >= SNIFF_BYTES) break;
    }
    const first = Buffer.concat(head, length);
    const detection = detectFileKind(first.subarray(0, SNIFF_BYTES));
    if (!detection.accepted) {
      readable.destroy();
      await deleteDocument(this.store, id);
      throw refusal(415, detection.message);
    }
    await setMediaType(this.store, id, detection.mediaType);
    yield first;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }

  override async getUpload(id: string): Promise<Upload> {
    const document = await findDocument(this.store, id);
    if (!document || document.declaredSize === null) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: document.declaredSize,
      offset: document.size,
      metadata: { filename: document.originalName, [APPLICATION_KEY]: document.applicationId },
      creation_date: document.createdAt,
    });
  }

  override async remove(id: string): Promise<void> {
    if (!(await deleteDocument(this.store, id))) throw ERRORS.FILE_NOT_FOUND;
  }
}
