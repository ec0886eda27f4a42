/**
 * ClamAV's daemon over its socket (decision 0021): INSTREAM sends the file in
 * length-prefixed pieces as it is read (from the decrypting reader, so never
 * whole in memory) and a zero length to end; clamd answers "stream: OK" or
 * "stream: <signature> FOUND". Protocol: clamd(8), "COMMANDS"; the "z" prefix
 * makes every command and answer end with a NUL byte.
 */
import { connect, type Socket } from "node:net";

export type ClamdTarget = { socket: string } | { host: string; port: number };

export type ScanResult = { clean: true } | { clean: false; signature: string };

/** clamd could not be reached, failed, or answered what we do not understand. */
export class ScannerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ScannerError";
  }
}

const where = (target: ClamdTarget) =>
  "socket" in target ? `socket ${target.socket}` : `${target.host}:${target.port}`;

/** The largest piece INSTREAM is sent in; clamd's StreamMaxLength bounds the whole file. */
const PIECE_BYTES = 64 * 1024;

interface Connection {
  write(bytes: Uint8Array): Promise<void>;
  /** clamd's answer, once it has sent it (up to its NUL byte, or the socket's end). */
  answer: Promise<string>;
  close(): void;
}

function open(target: ClamdTarget, timeoutMs: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket: Socket = "socket" in target ? connect(target.socket) : connect(target.port, target.host);
    socket.setTimeout(timeoutMs);
    let received = "";
    let failed: Error | null = null;
    const answer = new Promise<string>((resolveAnswer, rejectAnswer) => {
      socket.on("data", (data) => {
        received += data.toString("latin1");
        const end = received.indexOf("\0");
        if (end >= 0) {
          resolveAnswer(received.slice(0, end));
          socket.end();
        }
      });
      socket.on("end", () => resolveAnswer(received.replace(/\0$/, "")));
      socket.on("error", (error) => {
        failed = error;
        rejectAnswer(
          new ScannerError(`clamd is not answering at ${where(target)}: ${error.message}`, { cause: error }),
        );
      });
      socket.on("timeout", () => {
        socket.destroy(new Error(`no answer within ${timeoutMs} ms`));
      });
    });
    answer.catch(() => undefined);
    socket.once("connect", () =>
      resolve({
        answer,
        close: () => socket.destroy(),
        write: (bytes) =>
          new Promise((resolveWrite, rejectWrite) => {
            if (failed) return rejectWrite(failed);
            socket.write(bytes, (error) => (error ? rejectWrite(error) : resolveWrite()));
          }),
      }),
    );
    socket.once("error", (error) =>
      reject(
        new ScannerError(`clamd is not answering at ${where(target)}: ${error.message}`, { cause: error }),
      ),
    );
  });
}

/** PING: true when clamd answers PONG (the desk's health page). */
export async function pingClamd(target: ClamdTarget, timeoutMs = 2000): Promise<boolean> {
  try {
    const connection = await open(target, timeoutMs);
    await connection.write(Buffer.from("zPING\0"));
    return (await connection.answer) === "PONG";
  } catch {
    return false;
  }
}

/**
 * Scans the bytes `source` gives, as they come. Resolves clean or with the
 * signature found; rejects with a ScannerError when clamd cannot be reached,
 * refuses the stream (over its StreamMaxLength) or answers an error.
 */
export async function scanStream(
  target: ClamdTarget,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  timeoutMs = 60_000,
): Promise<ScanResult> {
  const connection = await open(target, timeoutMs);
  try {
    await connection.write(Buffer.from("zINSTREAM\0"));
    for await (const bytes of source) {
      for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
        const piece = bytes.subarray(at, at + PIECE_BYTES);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(piece.length);
        await connection.write(length);
        await connection.write(piece);
      }
    }
    await connection.write(Buffer.alloc(4));
  } catch (error) {
    // clamd closes the socket when the stream passes its limit: its answer says so.
    const answer = await connection.answer.catch(() => "");
    connection.close();
    if (answer) return interpret(answer);
    throw error instanceof ScannerError
      ? error
      : new ScannerError(`clamd scan failed: ${(error as Error).message}`);
  }
  return interpret(await connection.answer);
}

function interpret(answer: string): ScanResult {
  if (answer === "stream: OK") return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { clean: false, signature: found[1] };
  throw new ScannerError(`clamd answered: ${answer || "nothing"}`);
}
