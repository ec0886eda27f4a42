/**
 * The scanner's client against a real clamd with a test-only signature for
 * the EICAR file (test/support/clamd.ts), reading documents as they come out
 * of the encrypted store.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SIGNATURE, eicar, startTestClamd, type TestClamd } from "../../test/support/clamd";
import { submit } from "../../test/support/desk-applications";
import { samplePdf } from "../../test/support/document-files";
import { useTestApp } from "../../test/support/server";
import { ScannerError, pingClamd, scanStream } from "./clamd";
import { readDocument, writeDocument } from "./document-store";
import { keyringFrom } from "./master-key";

describe("scanning with clamd", () => {
  let clamd: TestClamd;
  beforeAll(async () => {
    clamd = await startTestClamd();
  });
  afterAll(() => clamd?.stop());
  const target = () => ({ socket: clamd.socket });

  it("answers a ping", async () => {
    expect(await pingClamd(target())).toBe(true);
  });

  it("flags the EICAR test file with the test signature", async () => {
    expect(await scanStream(target(), [eicar()])).toEqual({
      clean: false,
      signature: `${TEST_SIGNATURE}.UNOFFICIAL`,
    });
  });

  it("finds a statement clean", async () => {
    expect(await scanStream(target(), [samplePdf()])).toEqual({ clean: true });
  });

  it("scans a 25 MB file sent in pieces, clean", async () => {
    async function* pieces() {
      for (let sent = 0; sent < 25e6; sent += 1e6) yield randomBytes(1e6);
    }
    expect(await scanStream(target(), pieces())).toEqual({ clean: true });
  });

  it("says clearly when clamd cannot be reached", async () => {
    const nowhere = { socket: `${clamd.socket}.missing` };
    expect(await pingClamd(nowhere)).toBe(false);
    await expect(scanStream(nowhere, [samplePdf()])).rejects.toThrow(ScannerError);
    await expect(scanStream(nowhere, [samplePdf()])).rejects.toThrow(
      /clamd is not answering at socket .*missing/,
    );
  });

  describe("a document read from the encrypted store", () => {
    const context = useTestApp("pglite");
    const keyring = keyringFrom(randomBytes(32).toString("base64"));

    it("is scanned as it is decrypted: EICAR stored is EICAR found", async () => {
      const applicationId = await submit(context.app);
      const { id } = await writeDocument(
        context.db.store,
        keyring,
        { applicationId, uploadedBy: "applicant" },
        [eicar()],
      );
      const raw = await context.db.store.query<{ sealed: string }>(
        "SELECT encode(sealed, 'base64') AS sealed FROM document_chunks WHERE document_id = $1",
        [id],
      );
      expect(await scanStream(target(), [Buffer.from(raw.rows[0].sealed, "base64")])).toEqual({
        clean: true,
      });
      expect(await scanStream(target(), await readDocument(context.db.store, keyring, id))).toMatchObject({
        clean: false,
      });
    });
  });
});
