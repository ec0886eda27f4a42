/**
 * An upload's checks as the applicant meets them, through tus over real HTTP
 * on both engines (decision 0021): a photo comes back upright without its
 * EXIF (no GPS) and still a JPEG; a broken photo and a HEIC are refused and
 * nothing is kept; a password-protected PDF waits for its password, is
 * never served locked, refuses a wrong password without changing anything,
 * and opens once with the right one, which is found neither in the log nor
 * in the database; with a real clamd, a file carrying the EICAR test string
 * is held, never served, and its item needs attention, a clean one is marked
 * clean; a scanner that does not answer loses no file. A locked PDF uploaded
 * through one instance opens through another.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import sharp from "sharp";
import type * as tus from "tus-js-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eicar, startTestClamd, TEST_SIGNATURE, type TestClamd } from "../../test/support/clamd";
import { lockedPdf, sampleHeic, samplePdf } from "../../test/support/document-files";
import { ORIGIN, apply, checklist, listening, session, upload } from "../../test/support/room";
import {
  ENGINES,
  openTestStore,
  testConfig,
  useTwoInstances,
  type TestStore,
} from "../../test/support/server";
import { buildApp, loggerOptions, type App } from "../app";
import { SCANNER_FLAGGED_REASON } from "../documents/checklist";
import { qpdfPath } from "../documents/pdf-password";
import { PHOTO_UNREADABLE } from "../documents/upload-checks";
import type { Store } from "../store/store";
import { ROOM_MESSAGES } from "./room-routes";

const KEY = randomBytes(32).toString("base64");
const PASSWORD = `correct horse "battery" ${randomBytes(6).toString("hex")}`;

/** A 40×20 JPEG taken "on its side" (EXIF orientation 6), with a camera make and a GPS position. */
const gpsPhoto = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: "#c04020" } })
    .withExif({
      IFD0: { Make: "HarborlineTestPhone" },
      IFD3: { GPSMapDatum: "WGS-84", GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 46/1" },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

/** Whether qpdf needs a password to open these bytes. */
function needsPassword(pdf: Buffer): boolean {
  const dir = mkdtempSync(join(tmpdir(), "harborline-opened-"));
  try {
    writeFileSync(join(dir, "file.pdf"), pdf);
    execFileSync(qpdfPath(), ["--requires-password", join(dir, "file.pdf")]);
    return true; // exit 0: a password is needed
  } catch (error) {
    if ((error as { status?: number }).status === 2) return false; // not encrypted
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const refusal = (error: tus.DetailedError) => ({
  status: error.originalResponse?.getStatus(),
  body: error.originalResponse?.getBody(),
});

const download = (app: App, cookie: string, id: string) =>
  app.inject({ method: "GET", url: `/api/room/documents/${id}`, headers: { cookie } });

const unlock = (app: App, cookie: string, id: string, password: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/room/documents/${id}/unlock`,
    headers: { cookie, "content-type": "application/json", ...ORIGIN },
    payload: { password },
  });

/** Every row of every table, as text. */
async function everything(store: Store): Promise<string> {
  const { rows } = await store.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const dumps = [];
  for (const { name } of rows) {
    const table = await store.query(`SELECT * FROM "${name}"`);
    dumps.push(JSON.stringify(table.rows));
  }
  return dumps.join("\n");
}

/** One app with its JSON log kept, on a store emptied before each test, with `env` on top of the documents' key. */
function useLoggedApp(engine: (typeof ENGINES)[number], env: () => Record<string, string> = () => ({})) {
  const context = { lines: [] as string[] } as { db: TestStore; app: App; base: string; lines: string[] };
  beforeAll(async () => {
    context.db = await openTestStore(engine);
    const config = testConfig({ DOCUMENTS_MASTER_KEY: KEY, LOG_LEVEL: "trace", ...env() });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        context.lines.push(String(chunk));
        done();
      },
    });
    context.app = await buildApp({
      config,
      store: context.db.store,
      loggerInstance: pino(loggerOptions(config), sink),
    });
    await context.app.ready();
    context.base = await listening(context.app);
  });
  beforeEach(() => context.db.reset());
  afterAll(async () => {
    await context.app?.close();
    await context.db?.dispose();
  });
  return context;
}

/** A fresh application's session and its first two items. */
async function freshRoom(app: App) {
  const { token } = await apply(app);
  const cookie = await session(app, token);
  const [first, second] = await checklist(app, cookie);
  return { cookie, first, second };
}

describe.each(ENGINES)("an upload's checks on %s", (engine) => {
  const ctx = useLoggedApp(engine);

  it("serves a photo back upright, still a JPEG, without its EXIF: no GPS, no camera", async () => {
    const { cookie, first } = await freshRoom(ctx.app);
    const original = await gpsPhoto();
    expect(original.includes("WGS-84")).toBe(true);
    const id = await upload(ctx.base, cookie, first.id, original, "IMG_0001.jpg");

    const served = await download(ctx.app, cookie, id);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const photo = served.rawPayload;
    const metadata = await sharp(photo).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    for (const trace of ["WGS-84", "HarborlineTestPhone", "Exif"]) expect(photo.includes(trace)).toBe(false);
    expect(served.headers["content-length"]).toBe(String(photo.length));
    const [item] = await checklist(ctx.app, cookie);
    expect(item).toMatchObject({
      state: "received",
      documents: [{ id, size: photo.length, checking: false }],
    });
  });

  it("refuses a photo that does not decode, and a HEIC, saying what to send; nothing is kept", async () => {
    const { cookie, first } = await freshRoom(ctx.app);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4000)]);
    const refusedPhoto = await upload(ctx.base, cookie, first.id, broken, "photo.jpg").then(
      () => null,
      refusal,
    );
    expect(refusedPhoto).toEqual({ status: 422, body: PHOTO_UNREADABLE });
    const refusedHeic = await upload(ctx.base, cookie, first.id, sampleHeic, "IMG_0002.HEIC").then(
      () => null,
      refusal,
    );
    expect(refusedHeic?.status).toBe(415);
    expect(refusedHeic?.body).toMatch(/HEIC .*send it as a JPEG or a PDF/);
    expect((await ctx.db.store.query("SELECT id FROM documents")).rows).toEqual([]);
    expect((await checklist(ctx.app, cookie))[0]).toMatchObject({ state: "missing", documents: [] });
  });

  it("keeps a password-protected PDF locked until its password comes, once, and keeps the password nowhere", async () => {
    const { cookie, first } = await freshRoom(ctx.app);
    const locked = lockedPdf("Statement April 2026", PASSWORD);
    const id = await upload(ctx.base, cookie, first.id, locked, "april.pdf");

    // Listed as needing its password; the item waits; the file is not served.
    const [waiting] = await checklist(ctx.app, cookie);
    expect(waiting).toMatchObject({
      state: "missing",
      documents: [{ id, needsPassword: true, held: false }],
    });
    const refused = await download(ctx.app, cookie, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: ROOM_MESSAGES.needsPassword });

    // A wrong password changes nothing.
    const stored = () =>
      ctx.db.store.query(
        "SELECT d.size, d.checks, c.chunk_index, encode(c.sealed, 'base64') AS sealed FROM documents d JOIN document_chunks c ON c.document_id = d.id WHERE d.id = $1 ORDER BY c.chunk_index",
        [id],
      );
    const before = (await stored()).rows;
    const wrong = await unlock(ctx.app, cookie, id, "not the password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "That password did not open the file." });
    expect((await stored()).rows).toEqual(before);
    const empty = await unlock(ctx.app, cookie, id, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty("password");

    // The right one opens it: the item is received, and the PDF served opens without a password.
    const opened = await unlock(ctx.app, cookie, id, PASSWORD);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      document: { id, needsPassword: false, checking: false, held: false, type: "application/pdf" },
      item: { id: first.id, state: "received", stateLabel: "Received" },
    });
    const served = await download(ctx.app, cookie, id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(needsPassword(served.rawPayload)).toBe(false);
    expect(served.rawPayload.includes("/Encrypt")).toBe(false);
    // Once only: it needs no password now.
    const again = await unlock(ctx.app, cookie, id, PASSWORD);
    expect(again.statusCode).toBe(409);

    // The password is in no log line and nowhere in the database.
    expect(ctx.lines.length).toBeGreaterThan(10);
    const secret = PASSWORD.split(" ").pop()!;
    expect(ctx.lines.join("\n")).not.toContain(secret);
    expect(await everything(ctx.db.store)).not.toContain(secret);
  });

  it("answers 404 for another application's locked PDF", async () => {
    const mine = await freshRoom(ctx.app);
    const theirs = await freshRoom(ctx.app);
    const id = await upload(ctx.base, theirs.cookie, theirs.first.id, lockedPdf("Theirs", PASSWORD));
    const tried = await unlock(ctx.app, mine.cookie, id, PASSWORD);
    expect(tried.statusCode).toBe(404);
    expect((await checklist(ctx.app, theirs.cookie))[0].documents[0].needsPassword).toBe(true);
  });
});

describe.each(ENGINES)("the virus scanner on %s", (engine) => {
  let clamd: TestClamd | undefined;
  beforeAll(async () => {
    clamd = await startTestClamd();
  });
  afterAll(() => clamd?.stop());
  const ctx = useLoggedApp(engine, () => ({ CLAMD_SOCKET: clamd!.socket }));

  it("holds a file carrying the EICAR test string: never served, its item needs attention", async () => {
    const { cookie, first, second } = await freshRoom(ctx.app);
    const infected = Buffer.concat([samplePdf("Statement"), Buffer.from("%"), eicar(), Buffer.from("\n")]);
    const id = await upload(ctx.base, cookie, first.id, infected);
    const clean = await upload(ctx.base, cookie, second.id, samplePdf("Clean"));

    const held = await download(ctx.app, cookie, id);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ error: ROOM_MESSAGES.held });
    expect(held.body).not.toContain("EICAR");
    const [flagged, fine] = await checklist(ctx.app, cookie);
    expect(flagged).toMatchObject({
      state: "needs-attention",
      reason: SCANNER_FLAGGED_REASON,
      documents: [{ id, held: true }],
    });
    expect(fine).toMatchObject({ state: "received", documents: [{ id: clean, held: false }] });
    expect((await download(ctx.app, cookie, clean)).statusCode).toBe(200);
    const { rows } = await ctx.db.store.query(
      "SELECT id, scan, scan_signature AS signature FROM documents ORDER BY scan",
    );
    expect(rows).toEqual([
      { id: clean, scan: "clean", signature: null },
      { id, scan: "flagged", signature: `${TEST_SIGNATURE}.UNOFFICIAL` },
    ]);
  });
});

describe("a virus scanner that does not answer", () => {
  const ctx = useLoggedApp("pglite", () => ({ CLAMD_SOCKET: join(tmpdir(), "harborline-no-clamd.sock") }));

  it("loses no file: it is kept, served, marked not scanned, and the log says why", async () => {
    const { cookie, first } = await freshRoom(ctx.app);
    const file = samplePdf("Kept");
    const id = await upload(ctx.base, cookie, first.id, file);
    const served = await download(ctx.app, cookie, id);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file)).toBe(true);
    expect((await checklist(ctx.app, cookie))[0].state).toBe("received");
    const { rows } = await ctx.db.store.query("SELECT scan FROM documents WHERE id = $1", [id]);
    expect(rows).toEqual([{ scan: "not-scanned" }]);
    expect(ctx.lines.join("\n")).toContain("The virus scanner did not answer");
  });
});

describe("a locked PDF across two instances", () => {
  const two = useTwoInstances({ env: { DOCUMENTS_MASTER_KEY: KEY } });

  it("uploaded through one, opened with its password through the other, served by the first", async () => {
    const { cookie, first } = await freshRoom(two.first);
    const id = await upload(await listening(two.first), cookie, first.id, lockedPdf("Across", PASSWORD));
    expect((await checklist(two.second, cookie))[0].documents[0]).toMatchObject({ id, needsPassword: true });
    const opened = await unlock(two.second, cookie, id, PASSWORD);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().item.state).toBe("received");
    const served = await download(two.first, cookie, id);
    expect(served.statusCode, served.statusCode === 200 ? "" : served.body).toBe(200);
    expect(needsPassword(served.rawPayload)).toBe(false);
  });
});
