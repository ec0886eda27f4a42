/**
 * What an upload goes through once its bytes are in (decision 0021), before
 * it is served: a PDF that needs a password waits for it (unlockUpload); a
 * photo is written again without its metadata, in the original's place; then
 * the virus scanner, when one is configured, reads what will be served. A
 * flagged file is held (never served); a scanner that does not answer loses
 * nothing: the file is kept as "not scanned" and the log says so. Every file
 * is read and written a chunk at a time, never whole; last, a bank statement
 * that passed is read for its period (statement-reading.ts, decision 0022),
 * whole in memory, bounded.
 */
import { scanStream, ScannerError, type ClamdTarget } from "./clamd";
import { deleteDocument, findDocument, setChecks, setScan, type ScanState } from "./document-repository";
import { DocumentConflictError, readDocument, replaceDocumentBytes } from "./document-store";
import type { Keyring } from "./master-key";
import { PdfToolError, mayBeEncrypted, pdfLock, unlockPdf, withPrivateFile } from "./pdf-password";
import { PhotoError, isPhotoType, reencodePhoto } from "./photo";
import { markStatementPending, readStatement } from "./statement-reading";
import type { Store } from "../store/store";

/** ready: served from now on; held: the scanner flagged it; needs-password: a locked PDF waits for its password. */
export type CheckOutcome = "ready" | "held" | "needs-password";

export interface UploadChecks {
  store: Store;
  keyring: Keyring;
  /** clamd, when configured; without it files are marked "not scanned". */
  scanner?: ClamdTarget;
  /** The most bytes a file may have after it is written again. */
  maxBytes: number;
  /** Told of a flagged file and of a scanner that does not answer (never a file's bytes or a password). */
  log: { warn(details: object, message: string): void };
}

export const PHOTO_UNREADABLE =
  "This photo could not be opened: the file may be damaged. Please take the photo again, or send the document as a PDF.";

/** A file refused once its bytes were in; nothing of it is kept. */
export class RefusedUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedUploadError";
  }
}

/** The document does not wait for a password. */
export class NotLockedError extends Error {
  constructor() {
    super("This file does not need a password.");
    this.name = "NotLockedError";
  }
}

/** Runs a newly complete upload's checks; a photo that does not decode is deleted and refused. */
export async function checkUpload(checks: UploadChecks, documentId: string): Promise<CheckOutcome> {
  const { store, keyring } = checks;
  const document = await findDocument(store, documentId);
  if (!document || document.checks !== "pending") {
    throw new DocumentConflictError(`Document ${documentId} has no checks waiting`);
  }
  await markStatementPending(store, documentId);
  if (
    document.mediaType === "application/pdf" &&
    (await mayBeEncrypted(await readDocument(store, keyring, documentId)))
  ) {
    const lock = await withPrivateFile(await readDocument(store, keyring, documentId), pdfLock).catch(
      (error: unknown) => {
        // A PDF qpdf cannot read is kept as it came: staff can still look at it.
        if (!(error instanceof PdfToolError)) throw error;
        checks.log.warn(
          { documentId, err: error.message },
          "qpdf could not read an uploaded PDF; kept as it is",
        );
        return "none" as const;
      },
    );
    if (lock === "password") {
      await setChecks(store, documentId, "pending", "needs-password");
      return "needs-password";
    }
  } else if (isPhotoType(document.mediaType)) {
    try {
      const photo = reencodePhoto(await readDocument(store, keyring, documentId), document.mediaType);
      await replaceDocumentBytes(store, keyring, documentId, photo, {
        from: "pending",
        to: "pending",
        maxBytes: checks.maxBytes,
      });
    } catch (error) {
      if (!(error instanceof PhotoError)) throw error;
      await deleteDocument(store, documentId);
      throw new RefusedUploadError(PHOTO_UNREADABLE);
    }
  }
  return finishChecks(checks, documentId);
}

/**
 * Opens a locked PDF with the applicant's password, once: the opened PDF
 * takes the locked one's place, then the rest of the checks run. The
 * password goes to qpdf on its standard input and is kept nowhere. A wrong
 * one is a WrongPdfPasswordError and changes nothing; a document that does
 * not wait for a password is a NotLockedError.
 */
export async function unlockUpload(
  checks: UploadChecks,
  documentId: string,
  password: string,
): Promise<CheckOutcome> {
  const { store, keyring } = checks;
  const document = await findDocument(store, documentId);
  if (!document || document.checks !== "needs-password") throw new NotLockedError();
  await withPrivateFile(await readDocument(store, keyring, documentId), (path) =>
    unlockPdf(path, password, async (unlocked) => {
      try {
        await replaceDocumentBytes(store, keyring, documentId, unlocked, {
          from: "needs-password",
          to: "pending",
          maxBytes: checks.maxBytes,
        });
      } catch (error) {
        unlocked.destroy(); // qpdf stops writing, and exits
        if (error instanceof DocumentConflictError) throw new NotLockedError();
        throw error;
      }
    }),
  );
  return finishChecks(checks, documentId);
}

async function finishChecks(checks: UploadChecks, documentId: string): Promise<CheckOutcome> {
  const scan = await scanDocument(checks, documentId);
  await readStatement(checks, documentId, scan === "flagged");
  await setChecks(checks.store, documentId, "pending", "done");
  return scan === "flagged" ? "held" : "ready";
}

/** Scans a checked document again (it was stored "not scanned"); "held" when the scanner flags it now. */
export async function scanAgain(checks: UploadChecks, documentId: string): Promise<CheckOutcome> {
  return (await scanDocument(checks, documentId)) === "flagged" ? "held" : "ready";
}

async function scanDocument(checks: UploadChecks, documentId: string): Promise<ScanState> {
  const { store, keyring, scanner, log } = checks;
  if (!scanner) return "not-scanned";
  try {
    const result = await scanStream(scanner, await readDocument(store, keyring, documentId));
    if (result.clean) {
      await setScan(store, documentId, "clean");
      return "clean";
    }
    await setScan(store, documentId, "flagged", result.signature);
    log.warn({ documentId, signature: result.signature }, "The virus scanner flagged an upload: it is held");
    return "flagged";
  } catch (error) {
    if (!(error instanceof ScannerError)) throw error;
    log.warn(
      { documentId, err: error.message },
      "The virus scanner did not answer: the upload is kept, marked not scanned",
    );
    return "not-scanned";
  }
}
