/**
 * Password-protected statements opened with Debian's qpdf: which PDFs are
 * locked, the right password opens one into a plain PDF streamed onwards, a
 * wrong one is refused before anything is written, and the password never
 * reaches qpdf's arguments. The locked files are made here with qpdf itself.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../../test/support/document-files";
import {
  PdfToolError,
  mayBeEncrypted,
  qpdfPath,
  WrongPdfPasswordError,
  pdfLock,
  unlockPdf,
  withPrivateFile,
} from "./pdf-password";

const PASSWORD = `open "sesame"; $(touch /tmp/pwned) #`;

describe("password-protected PDFs", () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "harborline-pdf-test-"));
    writeFileSync(file("plain.pdf"), samplePdf());
    execFileSync(qpdfPath(), [
      "--encrypt",
      PASSWORD,
      "owner-secret",
      "256",
      "--",
      file("plain.pdf"),
      file("locked.pdf"),
    ]);
    execFileSync(qpdfPath(), [
      "--encrypt",
      "",
      "owner-secret",
      "256",
      "--",
      file("plain.pdf"),
      file("owner-only.pdf"),
    ]);
    writeFileSync(file("page.html"), "<!doctype html><p>not a pdf</p>");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("tells a plain PDF, one that opens without a password, and one that needs one", async () => {
    expect(await pdfLock(file("plain.pdf"))).toBe("none");
    expect(await pdfLock(file("owner-only.pdf"))).toBe("owner-only");
    expect(await pdfLock(file("locked.pdf"))).toBe("password");
    await expect(pdfLock(file("page.html"))).rejects.toThrow(PdfToolError);
  });

  it("tells from the stream alone which PDFs may be locked, /Encrypt split across pieces too", async () => {
    const pieces = (bytes: Buffer, size: number) =>
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, at) =>
        bytes.subarray(at * size, at * size + size),
      );
    expect(await mayBeEncrypted([readFileSync(file("plain.pdf"))])).toBe(false);
    for (const name of ["locked.pdf", "owner-only.pdf"]) {
      const bytes = readFileSync(file(name));
      expect(await mayBeEncrypted([bytes])).toBe(true);
      const at = bytes.indexOf("/Encrypt") + 3;
      expect(await mayBeEncrypted([bytes.subarray(0, at), bytes.subarray(at)])).toBe(true);
      expect(await mayBeEncrypted(pieces(bytes, 5))).toBe(true);
    }
  });

  it("opens one with its password into a plain PDF, streamed onwards", async () => {
    let unlocked = Buffer.alloc(0);
    await unlockPdf(file("locked.pdf"), PASSWORD, async (stream) => {
      unlocked = await buffer(stream);
    });
    expect(unlocked.subarray(0, 5).toString()).toBe("%PDF-");
    expect(unlocked.includes("/Encrypt")).toBe(false);
    writeFileSync(file("unlocked.pdf"), unlocked);
    expect(await pdfLock(file("unlocked.pdf"))).toBe("none");
    expect(execFileSync(qpdfPath(), ["--check", file("unlocked.pdf")]).toString()).toMatch(
      /No syntax or stream encoding errors/,
    );
  });

  it("refuses a wrong password before anything is written", async () => {
    let consumed = false;
    const attempt = unlockPdf(file("locked.pdf"), "not it", async () => {
      consumed = true;
    });
    await expect(attempt).rejects.toThrow(WrongPdfPasswordError);
    await expect(attempt).rejects.toThrow("That password did not open the file.");
    expect(consumed).toBe(false);
  });

  it("never passes the password in qpdf's arguments: they are fixed flags and the path", async () => {
    const log = file("argv.log");
    const wrapper = file("qpdf-wrapper.sh");
    writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\n' "$@" >> '${log}'\nexec '${qpdfPath()}' "$@"\n`, {
      mode: 0o700,
    });
    const real = process.env.QPDF_PATH;
    process.env.QPDF_PATH = wrapper;
    try {
      await unlockPdf(file("locked.pdf"), PASSWORD, async (stream) => void (await buffer(stream)));
      await expect(unlockPdf(file("locked.pdf"), "not it", async () => undefined)).rejects.toThrow(
        WrongPdfPasswordError,
      );
    } finally {
      if (real === undefined) delete process.env.QPDF_PATH;
      else process.env.QPDF_PATH = real;
    }
    const argv = readFileSync(log, "utf8");
    expect(argv).toContain("--password-file=-");
    expect(argv).not.toContain("sesame");
    expect(argv).not.toContain("not it");
  });

  it("hands qpdf a private copy and removes it afterwards, even when the work fails", async () => {
    // Its own folder, not a count of every harborline-pdf- folder: other test files make theirs meanwhile.
    let seen = "";
    let seenMode = 0;
    let folderMode = 0;
    await expect(
      withPrivateFile([samplePdf()], async (path) => {
        seen = path;
        seenMode = statSync(path).mode & 0o777;
        folderMode = statSync(dirname(path)).mode & 0o777;
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(seenMode).toBe(0o600);
    expect(folderMode).toBe(0o700);
    expect(dirname(seen).startsWith(join(tmpdir(), "harborline-pdf-"))).toBe(true);
    expect(existsSync(dirname(seen))).toBe(false);
  });
});
