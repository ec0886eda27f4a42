/**
 * Password-protected PDFs, opened with Debian's qpdf (decision 0021). The
 * applicant's password goes to qpdf on its standard input, never in its
 * arguments (which every user of the machine can read), is used for this one
 * file and is kept nowhere: not stored, not logged, not in an error message.
 * qpdf reads a seekable file, so the locked PDF is handed to it as a file of
 * our own (mode 0600, in a folder of mode 0700), removed afterwards.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Debian's qpdf, or QPDF_PATH (read on each run). */
export const qpdfPath = () => process.env.QPDF_PATH ?? "/usr/bin/qpdf";

/** none: not encrypted; owner-only: encrypted, but opens without a password (kept as it is); password: needs one. */
export type PdfLock = "none" | "owner-only" | "password";

export class WrongPdfPasswordError extends Error {
  constructor() {
    super("That password did not open the file.");
    this.name = "WrongPdfPasswordError";
  }
}

/** qpdf could not read the file as a PDF, or is missing. */
export class PdfToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfToolError";
  }
}

interface Run {
  code: number | null;
  stderr: string;
}

function run(args: string[], input?: string, stdout?: (stream: Readable) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(qpdfPath(), args, { stdio: ["pipe", stdout ? "pipe" : "ignore", "pipe"] });
    const { stdin, stderr: errors } = child;
    let stderr = "";
    errors?.on("data", (data: Buffer) => (stderr += data.toString()));
    child.once("error", (error) =>
      reject(new PdfToolError(`qpdf could not run (${qpdfPath()}): ${error.message}`)),
    );
    const reading = stdout && child.stdout ? stdout(child.stdout) : Promise.resolve();
    stdin?.on("error", () => undefined);
    stdin?.end(input ?? "");
    child.once("close", (code) => {
      reading.then(() => resolve({ code, stderr }), reject);
    });
  });
}

/** Whether the PDF at `path` is locked, and how. */
export async function pdfLock(path: string): Promise<PdfLock> {
  // --requires-password: 0 a password is needed, 2 not encrypted, 3 encrypted but none needed.
  const { code, stderr } = await run(["--requires-password", path]);
  if (code === 0) return "password";
  if (code === 3) return "owner-only";
  if (code === 2 && stderr.trim() === "") return "none";
  throw new PdfToolError("The file could not be read as a PDF.");
}

const ENCRYPT = Buffer.from("/Encrypt");

/**
 * Whether a PDF may be encrypted, read as it streams: its trailer (or its
 * cross-reference stream's dictionary, never compressed) names /Encrypt. Only
 * such a PDF is written to a temporary file for qpdf to tell how it is
 * locked; every other one is never on disk in clear.
 */
export async function mayBeEncrypted(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const piece of source) {
    const window = Buffer.concat([tail, piece]);
    if (window.includes(ENCRYPT)) return true;
    tail = window.subarray(Math.max(0, window.length - (ENCRYPT.length - 1)));
  }
  return false;
}

/** Runs `work` with `source` written to a private temporary file, removed afterwards whatever happens. */
export async function withPrivateFile<T>(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable,
  work: (path: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "harborline-pdf-")); // mode 0700
  const path = join(dir, "locked.pdf");
  try {
    const readable = source instanceof Readable ? source : Readable.from(source);
    await pipeline(readable, createWriteStream(path, { mode: 0o600, flags: "wx" }));
    return await work(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The locked PDF at `path`, opened with `password`: its unlocked bytes go to
 * `consume` as a stream (into the encrypting writer). A wrong password is a
 * WrongPdfPasswordError before any byte is written.
 */
export async function unlockPdf(
  path: string,
  password: string,
  consume: (unlocked: Readable) => Promise<void>,
): Promise<void> {
  const input = `${password}\n`;
  // --password-file=- reads the password's first line from standard input. Counting the
  // pages opens the document, so a wrong password fails here, before anything is written.
  const check = await run(["--password-file=-", "--show-npages", path], input);
  if (check.code !== 0) {
    if (/invalid password/i.test(check.stderr)) throw new WrongPdfPasswordError();
    throw new PdfToolError("The file could not be read as a PDF.");
  }
  const { code } = await run(["--password-file=-", "--decrypt", path, "-"], input, consume);
  if (code !== 0 && code !== 3) throw new PdfToolError("The file could not be opened.");
}
