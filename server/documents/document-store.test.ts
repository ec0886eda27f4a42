/**
 * The encrypted document store on both engines (decisions 0019, 0020): files
 * go in and come out as streams, the stored bytes are not the file, and
 * stored bytes that were changed, swapped, moved or cut short never come out
 * as a file. Key rotation re-wraps data keys without touching a chunk.
 */
import { randomBytes } from "node:crypto";
import { buffer, text } from "node:stream/consumers";
import { beforeEach, describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { samplePdf } from "../../test/support/document-files";
import { ENGINES, useTestApp } from "../../test/support/server";
import type { Store } from "../store/store";
import { countDocumentsByKey, findDocument } from "./document-repository";
import {
  CHUNK_BYTES,
  DocumentConflictError,
  DocumentTooLargeError,
  appendToDocument,
  createDocument,
  readDocument,
  rewrapDataKeys,
  writeDocument,
} from "./document-store";
import { DocumentIntegrityError, DocumentKeyError } from "./envelope";
import { keyringFrom } from "./master-key";

const keyA = randomBytes(32).toString("base64");
const keyB = randomBytes(32).toString("base64");
const keyring = keyringFrom(keyA);

/** A PDF of about three and a half chunks, so it has whole chunks and a short last one. */
const pdf = samplePdf("Statement March 2026 balance 12,345.67", 24_000);

/** `bytes` in pieces of uneven sizes, as a network delivers them. */
async function* pieces(bytes: Buffer, sizes = [1000, 65_536, 7, 200_000, 31_337]): AsyncGenerator<Buffer> {
  let at = 0;
  for (let turn = 0; at < bytes.length; turn++) {
    const size = sizes[turn % sizes.length];
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** Fails after `after` bytes, as a dropped connection does. */
async function* dropsAfter(bytes: Buffer, after: number): AsyncGenerator<Buffer> {
  yield* pieces(bytes.subarray(0, after));
  throw new Error("connection reset");
}

async function storedBytes(store: Store, documentId: string): Promise<Buffer> {
  const { rows } = await store.query<{ sealed: string }>(
    "SELECT encode(sealed, 'base64') AS sealed FROM document_chunks WHERE document_id = $1 ORDER BY chunk_index",
    [documentId],
  );
  return Buffer.concat(rows.map((row) => Buffer.from(row.sealed, "base64")));
}

const read = async (store: Store, id: string, ring = keyring) => buffer(await readDocument(store, ring, id));

describe.each(ENGINES)("the document store on %s", (engine) => {
  const context = useTestApp(engine);
  let applicationId: string;
  beforeEach(async () => {
    applicationId = await submit(context.app);
  });
  const store = () => context.db.store;
  const write = (bytes: Buffer, ring = keyring) =>
    writeDocument(
      store(),
      ring,
      { applicationId, uploadedBy: "applicant", mediaType: "application/pdf" },
      pieces(bytes),
    );

  it("gives back the file it was given, byte for byte, in chunks of 256 KiB", async () => {
    expect(pdf.length).toBeGreaterThan(3 * CHUNK_BYTES);
    const { id, size } = await write(pdf);
    expect(size).toBe(pdf.length);
    expect((await read(store(), id)).equals(pdf)).toBe(true);
    expect(await findDocument(store(), id)).toMatchObject({
      state: "complete",
      size: pdf.length,
      chunkCount: Math.ceil(pdf.length / CHUNK_BYTES),
      keyId: keyring.current.id,
    });
  });

  it("stores bytes that are not the file: no %PDF, no 16-byte run of it", async () => {
    const { id } = await write(pdf);
    const raw = await storedBytes(store(), id);
    expect(raw.length).toBe(pdf.length + 28 * Math.ceil(pdf.length / CHUNK_BYTES));
    expect(raw.includes("%PDF")).toBe(false);
    expect(raw.includes("Statement March 2026")).toBe(false);
    const runs = new Set<string>();
    for (let at = 0; at + 16 <= raw.length; at++) runs.add(raw.toString("latin1", at, at + 16));
    let found = 0;
    for (let at = 0; at + 16 <= pdf.length; at++) if (runs.has(pdf.toString("latin1", at, at + 16))) found++;
    expect(found).toBe(0);
    // Nor is the data key anywhere in clear: the row holds it wrapped (60 bytes).
    const { rows } = await store().query<{ length: number }>(
      "SELECT octet_length(wrapped_key) AS length FROM documents WHERE id = $1",
      [id],
    );
    expect(rows[0].length).toBe(60);
  });

  it("writes each chunk as it arrives, not once the stream has ended", async () => {
    const id = await createDocument(store(), keyring, { applicationId, uploadedBy: "applicant" });
    let storedMidway = -1;
    async function* slowly() {
      for await (const piece of pieces(pdf, [64 * 1024])) {
        yield piece;
        if (storedMidway < 0 && (await findDocument(store(), id))!.chunkCount > 0) {
          storedMidway = (await findDocument(store(), id))!.size;
        }
      }
    }
    await appendToDocument(store(), keyring, id, slowly());
    expect(storedMidway).toBe(CHUNK_BYTES);
  });

  it("reads a changed byte as an error, never as a file", async () => {
    const { id } = await write(pdf);
    await store().query(
      "UPDATE document_chunks SET sealed = set_byte(sealed, 40, get_byte(sealed, 40) # 1) WHERE document_id = $1 AND chunk_index = 1",
      [id],
    );
    await expect(read(store(), id)).rejects.toThrow(DocumentIntegrityError);
    await expect(read(store(), id)).rejects.toThrow(/chunk 1, does not open/);
  });

  it("reads two swapped chunks as an error", async () => {
    const { id } = await write(pdf);
    await store().query(
      `UPDATE document_chunks c SET sealed = o.sealed FROM document_chunks o
        WHERE c.document_id = $1 AND o.document_id = $1 AND c.chunk_index IN (0, 1) AND o.chunk_index = 1 - c.chunk_index`,
      [id],
    );
    await expect(read(store(), id)).rejects.toThrow(/chunk 0, does not open/);
  });

  it("reads a chunk moved from another document as an error", async () => {
    const first = await write(pdf);
    const second = await write(pdf);
    await store().query(
      `UPDATE document_chunks c SET sealed = o.sealed FROM document_chunks o
        WHERE c.document_id = $1 AND c.chunk_index = 0 AND o.document_id = $2 AND o.chunk_index = 0`,
      [first.id, second.id],
    );
    await expect(read(store(), first.id)).rejects.toThrow(/chunk 0, does not open/);
  });

  it("reads a file cut short as an error, even with its row changed to match", async () => {
    const { id } = await write(pdf);
    const last = Math.ceil(pdf.length / CHUNK_BYTES) - 1;
    await store().query("DELETE FROM document_chunks WHERE document_id = $1 AND chunk_index = $2", [
      id,
      last,
    ]);
    await expect(read(store(), id)).rejects.toThrow(/lost chunk/);
    await store().query("UPDATE documents SET chunk_count = chunk_count - 1, size = $2 WHERE id = $1", [
      id,
      last * CHUNK_BYTES,
    ]);
    await expect(read(store(), id)).rejects.toThrow(/\(the last\), does not open/);
  });

  it("fails clearly under the wrong master key, before any byte is read", async () => {
    const { id } = await write(pdf);
    const other = keyringFrom(keyB);
    await expect(readDocument(store(), other, id)).rejects.toThrow(DocumentKeyError);
    await expect(readDocument(store(), other, id)).rejects.toThrow(
      new RegExp(
        `stored under master key ${keyring.current.id}, which this server does not have.*DOCUMENTS_MASTER_KEY`,
      ),
    );
  });

  it("reads a wrapped key moved from another document as an error", async () => {
    const first = await write(pdf);
    const second = await write(Buffer.from("%PDF-1.7 another"));
    await store().query(
      "UPDATE documents SET wrapped_key = (SELECT wrapped_key FROM documents WHERE id = $2) WHERE id = $1",
      [first.id, second.id],
    );
    await expect(readDocument(store(), keyring, first.id)).rejects.toThrow(/data key does not open/);
  });

  it("rotation re-wraps every data key under the new key and leaves every chunk as it was", async () => {
    const ids = [(await write(pdf)).id, (await write(Buffer.from("%PDF-1.7 two"))).id];
    const before = await Promise.all(ids.map((id) => storedBytes(store(), id)));
    const rotated = keyringFrom(keyB, keyA);
    expect(await rewrapDataKeys(store(), rotated, 1)).toBe(2);
    expect(await countDocumentsByKey(store())).toEqual({ [rotated.current.id]: 2 });
    const after = await Promise.all(ids.map((id) => storedBytes(store(), id)));
    expect(after.map((bytes, index) => bytes.equals(before[index]))).toEqual([true, true]);
    // The old key is no longer needed.
    expect((await read(store(), ids[0], keyringFrom(keyB))).equals(pdf)).toBe(true);
    await expect(readDocument(store(), keyringFrom(keyA), ids[0])).rejects.toThrow(DocumentKeyError);
    expect(await rewrapDataKeys(store(), rotated)).toBe(0);
  });

  it("rotation without the old key stops, naming the key it needs, and changes nothing", async () => {
    const { id } = await write(pdf);
    await expect(rewrapDataKeys(store(), keyringFrom(keyB))).rejects.toThrow(DocumentKeyError);
    expect(await countDocumentsByKey(store())).toEqual({ [keyring.current.id]: 1 });
    expect((await read(store(), id)).equals(pdf)).toBe(true);
  });

  describe("an upload of a declared size, resumed", () => {
    const upload = () =>
      createDocument(store(), keyring, { applicationId, uploadedBy: "applicant", declaredSize: pdf.length });

    it("keeps every byte that arrived before the connection dropped, and resumes from there", async () => {
      const id = await upload();
      const cut = CHUNK_BYTES + 12_345;
      await expect(
        appendToDocument(store(), keyring, id, dropsAfter(pdf, cut), { offset: 0 }),
      ).rejects.toThrow("connection reset");
      expect(await findDocument(store(), id)).toMatchObject({ state: "uploading", size: cut, chunkCount: 2 });
      await expect(readDocument(store(), keyring, id)).rejects.toThrow(/No document/);
      const result = await appendToDocument(store(), keyring, id, pieces(pdf.subarray(cut)), { offset: cut });
      expect(result).toEqual({ size: pdf.length, complete: true });
      expect((await read(store(), id)).equals(pdf)).toBe(true);
    });

    it("stays unfinished after a part that ends short of the declared size", async () => {
      const id = await upload();
      expect(await appendToDocument(store(), keyring, id, pieces(pdf.subarray(0, 1000)))).toEqual({
        size: 1000,
        complete: false,
      });
      expect(
        await appendToDocument(store(), keyring, id, pieces(pdf.subarray(1000)), { offset: 1000 }),
      ).toEqual({
        size: pdf.length,
        complete: true,
      });
      expect(await text(await readDocument(store(), keyring, id))).toBe(pdf.toString());
    });

    it("refuses a part that starts anywhere but where the store stands", async () => {
      const id = await upload();
      await appendToDocument(store(), keyring, id, pieces(pdf.subarray(0, 5000)));
      await expect(
        appendToDocument(store(), keyring, id, pieces(pdf.subarray(4000)), { offset: 4000 }),
      ).rejects.toThrow(DocumentConflictError);
    });

    it("lets one of two writers at the same place win, and the other fail without writing", async () => {
      const id = await upload();
      const results = await Promise.allSettled([
        appendToDocument(store(), keyring, id, pieces(pdf), { offset: 0 }),
        appendToDocument(store(), keyring, id, pieces(pdf), { offset: 0 }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect((await read(store(), id)).equals(pdf)).toBe(true);
    });

    it("refuses bytes beyond the declared size", async () => {
      const id = await upload();
      await expect(
        appendToDocument(store(), keyring, id, pieces(Buffer.concat([pdf, Buffer.from("x")]))),
      ).rejects.toThrow(DocumentTooLargeError);
    });

    it("refuses a complete document's further bytes", async () => {
      const id = await upload();
      await appendToDocument(store(), keyring, id, pieces(pdf));
      await expect(appendToDocument(store(), keyring, id, pieces(Buffer.from("x")))).rejects.toThrow(
        /is complete/,
      );
    });
  });

  it("refuses a file over the limit, and an empty one", async () => {
    await expect(
      writeDocument(store(), keyring, { applicationId, uploadedBy: "staff" }, pieces(pdf), {
        maxBytes: 1000,
      }),
    ).rejects.toThrow(DocumentTooLargeError);
    await expect(
      writeDocument(store(), keyring, { applicationId, uploadedBy: "staff" }, pieces(Buffer.alloc(0))),
    ).rejects.toThrow(/empty/);
  });

  it("goes with its application: the purge's deletion takes the document and its chunks", async () => {
    // Quarantined spam, which the purge deletes with its consent record.
    applicationId = await submit(context.app, { companyWebsite: "https://spam.example.test" });
    const { id } = await write(pdf);
    // The purge's statements (server/retention/purge-repository.ts, deleteApplications).
    await store().transaction(async (tx) => {
      await tx.query("DELETE FROM consents WHERE application_id = $1", [applicationId]);
      await tx.query("DELETE FROM outbox WHERE application_id = $1", [applicationId]);
      await tx.query("DELETE FROM applications WHERE id = $1", [applicationId]);
    });
    expect(await findDocument(store(), id)).toBeNull();
    expect((await storedBytes(store(), id)).length).toBe(0);
  });
});
