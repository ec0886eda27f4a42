/**
 * Bank statements read by the machine (decision 0022): once a PDF filed under
 * a bank-statement item has passed its checks (a locked one once it is
 * opened), its first pages' text is read with PDF.js in a worker thread and
 * the statement's period is looked for in it (statement-period.ts). The text
 * lives in memory only, in the worker and here, for as long as the search
 * takes: never on disk, in the store or in the log. The work is bounded
 * (READ_LIMITS): a file too large, too slow, too hungry or not a readable PDF
 * is "not read", as is a photo (there is no OCR).
 */
import { Worker } from "node:worker_threads";
import type { StatementReading } from "../../domain/documents/statement-coverage";
import type { Store } from "../store/store";
import { isStatementDocument, setStatementReading, findDocument } from "./document-repository";
import { readDocument } from "./document-store";
import type { Keyring } from "./master-key";
import { MAX_TEXT_CHARS, findStatementPeriod } from "./statement-period";
import { turns } from "./turns";

export interface ReadLimits {
  /** A larger file is not read. */
  maxBytes: number;
  /** Pages read from the start (the period is on the first). */
  maxPages: number;
  maxChars: number;
  /** The worker is ended after this long. */
  timeoutMs: number;
  /** The worker's heap. */
  memoryMb: number;
}

export const READ_LIMITS: ReadLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxPages: 10,
  maxChars: MAX_TEXT_CHARS,
  timeoutMs: 15_000,
  memoryMb: 256,
};

/** Readers at once in this process (each is a thread with its own heap); more wait their turn. */
const readerTurn = turns(2);

const WORKER = new URL("./statement-text-worker.mjs", import.meta.url);

/** Why a reading gave no text, for the log (never the text). */
export type TextFailure = "timeout" | "memory" | "unreadable";

/** The text of a PDF's first pages, or why there is none. */
export async function pdfText(
  pdf: Uint8Array,
  limits: ReadLimits = READ_LIMITS,
): Promise<{ text: string } | { failure: TextFailure }> {
  // A copy the worker takes over (transferred, not copied again).
  const bytes = new Uint8Array(pdf);
  const release = await readerTurn();
  try {
    return await new Promise((resolve) => {
      const worker = new Worker(WORKER, {
        workerData: { bytes, maxPages: limits.maxPages, maxChars: limits.maxChars },
        transferList: [bytes.buffer],
        resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
        // What PDF.js prints may quote the file: it goes nowhere.
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      let settled = false;
      const settle = (result: { text: string } | { failure: TextFailure }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(result);
      };
      const timer = setTimeout(() => settle({ failure: "timeout" }), limits.timeoutMs);
      worker.once("message", (message: { text?: string }) =>
        settle(typeof message.text === "string" ? { text: message.text } : { failure: "unreadable" }),
      );
      worker.once("error", (error: NodeJS.ErrnoException) =>
        settle({ failure: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "unreadable" }),
      );
      worker.once("exit", () => settle({ failure: "unreadable" }));
    });
  } finally {
    release();
  }
}

/** A stream's bytes, or null past `maxBytes` (the rest is not read). */
async function collect(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of source) {
    size += piece.length;
    if (size > maxBytes) return null;
    pieces.push(Buffer.from(piece));
  }
  return Buffer.concat(pieces, size);
}

export interface StatementReader {
  store: Store;
  keyring: Keyring;
  log: { warn(details: object, message: string): void };
  limits?: ReadLimits;
}

/** A statement document waits for its reading while its checks run; false for any other document. */
export async function markStatementPending(store: Store, documentId: string): Promise<boolean> {
  if (!(await isStatementDocument(store, documentId))) return false;
  await setStatementReading(store, documentId, { state: "pending" });
  return true;
}

/**
 * Reads a checked statement document's period and stores it; `held`: the
 * virus scanner flagged it, and it is not opened. Nothing happens to a
 * document filed under another kind of item.
 */
export async function readStatement(
  reader: StatementReader,
  documentId: string,
  held = false,
): Promise<StatementReading | null> {
  const { store, keyring, log, limits = READ_LIMITS } = reader;
  if (!(await isStatementDocument(store, documentId))) return null;
  const document = await findDocument(store, documentId);
  let reading: StatementReading = { state: "not-read" };
  if (!held && document?.mediaType === "application/pdf") {
    const bytes =
      document.size <= limits.maxBytes
        ? await collect(await readDocument(store, keyring, documentId), limits.maxBytes)
        : null;
    const result = bytes ? await pdfText(bytes, limits) : ({ failure: "too large" } as const);
    if ("text" in result) {
      const period = findStatementPeriod(result.text);
      if (period) reading = { state: "read", ...period };
    } else {
      log.warn({ documentId, reason: result.failure }, "A bank statement's text could not be read: not read");
    }
  }
  await setStatementReading(store, documentId, reading);
  return reading;
}
