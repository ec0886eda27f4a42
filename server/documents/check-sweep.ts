/**
 * The checks an upload missed (decision 0021), caught up periodically:
 * documents whose checks a crash or a stop cut short are checked again from
 * the start, and, while the virus scanner answers, documents stored "not
 * scanned" (it was down, or not yet configured) are scanned; a file flagged
 * now is held and its item needs attention. Every instance may run it: a
 * file checked by two at once ends the same.
 */
import type { Actor } from "../../domain/documents/item-state";
import type { Config } from "../config";
import type { Store } from "../store/store";
import { moveItemAfterChecks } from "./checklist";
import { pingClamd } from "./clamd";
import { interruptedChecks, notScanned, type DocumentToCheck } from "./document-repository";
import { documentsKeys } from "./keyring-setup";
import {
  RefusedUploadError,
  checkUpload,
  scanAgain,
  type CheckOutcome,
  type UploadChecks,
} from "./upload-checks";

/** How often a pass runs. */
export const CHECK_SWEEP_EVERY_MS = 5 * 60_000;

/** Checks still "pending" this long after the last byte were cut short (they take seconds). */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;

/** Documents taken in one pass, of each kind. */
const BATCH = 50;

const uploader = (document: DocumentToCheck): { actor: Actor; by: string } => ({
  actor: document.uploadedBy,
  by: document.uploadedBy,
});

export interface SweepDeps {
  store: Store;
  config: Pick<Config, "dataDir" | "databaseUrl" | "documents">;
  log: UploadChecks["log"];
}

/**
 * One pass; how many documents it took. The master keys are looked for only
 * when there is work (the embedded default makes its key file on first use).
 */
export async function sweepDocumentChecks({ store, config, log }: SweepDeps): Promise<number> {
  const scanner = config.documents.clamd;
  const interrupted = await interruptedChecks(store, INTERRUPTED_AFTER_MS, BATCH);
  const unscanned = scanner && (await pingClamd(scanner)) ? await notScanned(store, BATCH) : [];
  if (interrupted.length === 0 && unscanned.length === 0) return 0;
  const keys = documentsKeys(config);
  if ("off" in keys) return 0;
  const checks: UploadChecks = {
    store,
    keyring: keys.keyring,
    scanner,
    maxBytes: config.documents.maxFileBytes,
    log,
  };
  let done = 0;
  const settle = async (document: DocumentToCheck, outcome: CheckOutcome) => {
    if (document.itemId) {
      await moveItemAfterChecks(store, document.applicationId, document.itemId, outcome, uploader(document));
    }
  };
  for (const document of interrupted) {
    try {
      await settle(document, await checkUpload(checks, document.id));
      done += 1;
    } catch (error) {
      if (error instanceof RefusedUploadError)
        done += 1; // deleted: a photo that does not decode
      else log.warn({ documentId: document.id, err: error }, "checking a document again failed");
    }
  }
  for (const document of unscanned) {
    // Only a flagged file moves its item: a clean one stays as staff left it.
    if ((await scanAgain(checks, document.id)) === "held") await settle(document, "held");
    done += 1;
  }
  return done;
}
