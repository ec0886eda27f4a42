/**
 * The checks an upload missed, caught up by the periodic sweep, on both
 * engines: a photo whose checks a crash cut short is written again without
 * its EXIF and its item becomes received; once the scanner answers, a file
 * stored "not scanned" that carries the EICAR test string is held and its
 * item needs attention, a clean one is marked clean and its accepted item
 * stays accepted; a scanner still silent changes nothing.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eicar, startTestClamd, type TestClamd } from "../../test/support/clamd";
import { samplePdf } from "../../test/support/document-files";
import { apply, checklist, session } from "../../test/support/room";
import { ENGINES, testConfig, useTestApp } from "../../test/support/server";
import { SCANNER_FLAGGED_REASON } from "./checklist";
import { sweepDocumentChecks } from "./check-sweep";
import { findDocument } from "./document-repository";
import { readDocument, writeDocument } from "./document-store";
import { keyringFrom } from "./master-key";

const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const log = { warn: () => undefined };

describe.each(ENGINES)("catching up on checks on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { DOCUMENTS_MASTER_KEY: KEY } });
  let clamd: TestClamd | undefined;
  beforeAll(async () => {
    clamd = await startTestClamd();
  });
  afterAll(() => clamd?.stop());

  const sweep = (env: Record<string, string> = {}) =>
    sweepDocumentChecks({
      store: ctx.db.store,
      config: testConfig({ DOCUMENTS_MASTER_KEY: KEY, ...env }),
      log,
    });

  /** A complete document for the application's item, as an upload leaves it. */
  async function stored(
    applicationId: string,
    itemId: string,
    bytes: Buffer,
    mediaType: string,
    checks?: "done",
  ) {
    const { id } = await writeDocument(
      ctx.db.store,
      keyring,
      { applicationId, itemId, uploadedBy: "applicant", mediaType, checks },
      [bytes],
    );
    return id;
  }

  async function room() {
    const { id, token } = await apply(ctx.app);
    const cookie = await session(ctx.app, token);
    const items = await checklist(ctx.app, cookie);
    return { id, cookie, items };
  }

  it("checks again a photo whose checks were cut short, and moves its item on", async () => {
    const { id: applicationId, cookie, items } = await room();
    const photo = await sharp({ create: { width: 30, height: 10, channels: 3, background: "#204080" } })
      .withExif({ IFD3: { GPSMapDatum: "WGS-84" } })
      .jpeg()
      .toBuffer();
    const id = await stored(applicationId, items[0].id, photo, "image/jpeg");
    // Not yet: checks under way a moment ago are not taken from their upload.
    expect(await sweep()).toBe(0);
    await ctx.db.store.query("UPDATE documents SET completed_at = now() - interval '1 hour' WHERE id = $1", [
      id,
    ]);

    expect(await sweep()).toBe(1);
    expect(await findDocument(ctx.db.store, id)).toMatchObject({ checks: "done", scan: "not-scanned" });
    const bytes = await buffer(await readDocument(ctx.db.store, keyring, id));
    expect(bytes.includes("WGS-84")).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect((await checklist(ctx.app, cookie))[0].state).toBe("received");
    expect(await sweep()).toBe(0);
  });

  it("scans what was stored 'not scanned' once the scanner answers: EICAR held, the rest clean and left as it was", async () => {
    const { id: applicationId, cookie, items } = await room();
    const infected = Buffer.concat([samplePdf("Statement"), Buffer.from("%"), eicar(), Buffer.from("\n")]);
    const flagged = await stored(applicationId, items[0].id, infected, "application/pdf", "done");
    const clean = await stored(applicationId, items[1].id, samplePdf("Clean"), "application/pdf", "done");
    await ctx.db.store.query("UPDATE document_checklist_items SET state = 'accepted' WHERE id = $1", [
      items[1].id,
    ]);

    // The scanner does not answer: nothing changes.
    expect(await sweep({ CLAMD_SOCKET: join(tmpdir(), "harborline-no-clamd.sock") })).toBe(0);
    expect((await findDocument(ctx.db.store, flagged))?.scan).toBe("not-scanned");

    expect(await sweep({ CLAMD_SOCKET: clamd!.socket })).toBe(2);
    expect(await findDocument(ctx.db.store, flagged)).toMatchObject({ scan: "flagged" });
    expect(await findDocument(ctx.db.store, clean)).toMatchObject({ scan: "clean" });
    const [held, accepted] = await checklist(ctx.app, cookie);
    expect(held).toMatchObject({ state: "needs-attention", reason: SCANNER_FLAGGED_REASON });
    expect(held.documents[0]).toMatchObject({ id: flagged, held: true });
    expect(accepted.state).toBe("accepted");
    expect(await sweep({ CLAMD_SOCKET: clamd!.socket })).toBe(0);
  });
});
