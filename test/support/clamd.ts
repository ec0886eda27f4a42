/**
 * A real clamd for the tests (decision 0021), from Debian's clamav-daemon,
 * with a signature database of two test-only lines: the EICAR test file's MD5
 * and size (the file itself), and its 68 bytes anywhere in a file (a PDF or a
 * photo carrying it, which the room's type check lets through). The official
 * database cannot be downloaded here, and the tests need only to know that a
 * flagged file is held. The EICAR string is put
 * together at run time, so no file in the repository is one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CLAMD_PATH = process.env.CLAMD_PATH ?? "/usr/sbin/clamd";

/** The EICAR anti-virus test file (68 bytes): harmless, and every scanner's "found". */
export const eicar = (): Buffer =>
  Buffer.from(
    ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-TEST-FILE!", "$H+H*"].join(""),
    "latin1",
  );

/** The name our test signature reports; clamd adds ".UNOFFICIAL" to signatures not its own. */
export const TEST_SIGNATURE = "Harborline.Test.EICAR";

export interface TestClamd {
  socket: string;
  stop(): Promise<void>;
}

/** Starts clamd in the foreground on a socket of its own; resolves once it answers. */
export async function startTestClamd(): Promise<TestClamd> {
  if (!existsSync(CLAMD_PATH)) {
    throw new Error(
      `The scanner tests need clamd at ${CLAMD_PATH}. On Debian, as root: apt-get install -y clamav-daemon ` +
        "(or set CLAMD_PATH). No signature download is needed: the tests bring their own.",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "harborline-clamd-"));
  const database = join(dir, "db");
  mkdirSync(database);
  const md5 = createHash("md5").update(eicar()).digest("hex");
  writeFileSync(join(database, "test.hdb"), `${md5}:${eicar().length}:${TEST_SIGNATURE}\n`);
  // Name:TargetType(0, any file):Offset(*, anywhere):HexSignature (an .ndb body signature).
  writeFileSync(join(database, "test.ndb"), `${TEST_SIGNATURE}:0:*:${eicar().toString("hex")}\n`);
  const socket = join(dir, "clamd.sock");
  const config = join(dir, "clamd.conf");
  writeFileSync(
    config,
    [
      "Foreground yes",
      `DatabaseDirectory ${database}`,
      `LocalSocket ${socket}`,
      `TemporaryDirectory ${dir}`,
      `PidFile ${join(dir, "clamd.pid")}`,
      // A log of its own: clamd locks its log file, so two at once (test files run in
      // parallel) cannot share one, not even /dev/null.
      `LogFile ${join(dir, "clamd.log")}`,
      "StreamMaxLength 30M",
      // As root clamd would switch to the clamav user, who cannot read this folder.
      ...(process.getuid?.() === 0 ? ["User root"] : []),
      "",
    ].join("\n"),
  );
  const child = spawn(CLAMD_PATH, ["-c", config], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr?.on("data", (data: Buffer) => (errors += data.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(() => existsSync(socket), child, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`clamd did not start: ${(error as Error).message}\n${errors}`);
  }
  return { socket, stop };
}

async function waitFor(ready: () => boolean, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`it exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`no socket after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
