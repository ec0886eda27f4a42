/**
 * The applicant's side of the document room over HTTP, on both engines and
 * across two instances: the link opened by a scanner still works, a session
 * starts only on a deliberate POST and holds one application, whose room,
 * items, documents and uploads are the only ones it reaches (every other is a
 * 404, whatever id or token is tried), the cookie's attributes, the
 * applicant's "not applicable", uploads through tus served back as
 * attachments under a name of ours, and fresh links asked for by e-mail with
 * the same answer for any address.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePdf, samplePng } from "../../test/support/document-files";
import { ORIGIN, apply, checklist, enter, listening, room, session, upload } from "../../test/support/room";
import { ENGINES, buildTestApp, useTestApp, useTwoInstances } from "../../test/support/server";
import type { App } from "../app";
import type { Store } from "../store/store";
import { hashRoomToken } from "./room-link";
import { ROOM_MESSAGES } from "./room-routes";

const KEY = randomBytes(32).toString("base64");
const ENV = { DOCUMENTS_MASTER_KEY: KEY };

const notApplicable = (app: App, cookie: string, itemId: string, reason: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/room/items/${itemId}/not-applicable`,
    headers: { cookie, "content-type": "application/json", ...ORIGIN },
    payload: { reason },
  });

async function roomState(store: Store) {
  const links = await store.query("SELECT token_hash, last_used_at FROM room_links ORDER BY token_hash");
  const sessions = await store.query("SELECT id_hash FROM room_sessions ORDER BY id_hash");
  const items = await store.query("SELECT count(*)::int AS n FROM document_checklist_items");
  return { links: links.rows, sessions: sessions.rows, items: items.rows };
}

describe.each(ENGINES)("the document room on %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV });

  it("answers whether the browser holds a session with a 200, before and after, never a 401", async () => {
    const asked = async (cookie?: string) => {
      const response = await ctx.app.inject({
        method: "GET",
        url: "/api/room/session",
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await asked()).toEqual({ open: false });
    expect(await asked("room_session=not-a-session")).toEqual({ open: false });
    const { token } = await apply(ctx.app);
    const cookie = await session(ctx.app, token);
    expect(await asked(cookie)).toEqual({ open: true });
    await ctx.app.inject({ method: "DELETE", url: "/api/room/session", headers: { cookie, ...ORIGIN } });
    expect(await asked(cookie)).toEqual({ open: false });
  });

  it("opening the link (GET, HEAD, as a mail scanner does) changes nothing, and the token works after", async () => {
    const { token } = await apply(ctx.app);
    const before = await roomState(ctx.db.store);
    for (const method of ["GET", "HEAD"] as const) {
      await ctx.app.inject({ method, url: `/documents/${token}` });
    }
    expect(await roomState(ctx.db.store)).toEqual(before);

    const first = await enter(ctx.app, token);
    expect(first.response.statusCode).toBe(201);
    expect(first.response.json()).toMatchObject({ reference: expect.stringMatching(/^HL-/) });
    // The same link starts later sessions too: a scanner that POSTed first locks nobody out.
    const second = await enter(ctx.app, token);
    expect(second.response.statusCode).toBe(201);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await room(ctx.app, first.cookie)).statusCode).toBe(200);
    expect((await room(ctx.app, second.cookie)).statusCode).toBe(200);
    // Only hashes are stored: neither the token nor a session id is in the store.
    const { sessions, links } = await roomState(ctx.db.store);
    expect(links).toContainEqual(expect.objectContaining({ token_hash: hashRoomToken(token) }));
    const stored = JSON.stringify({ sessions, links });
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(first.cookie!.split("=")[1]);
  });

  it("sets an HttpOnly, SameSite=Strict cookie for seven days, Secure under the __Host- prefix on https", async () => {
    const { token } = await apply(ctx.app);
    const { response } = await enter(ctx.app, token);
    const header = String(response.headers["set-cookie"]);
    expect(header).toMatch(/^room_session=[A-Za-z0-9_-]{43}; /);
    expect(header.split("; ").slice(1).sort()).toEqual(
      ["HttpOnly", "Max-Age=604800", "Path=/", "SameSite=Strict"].sort(),
    );
    expect(response.headers["cache-control"]).toBe("no-store");

    const https = await buildTestApp({
      store: ctx.db.store,
      env: { ...ENV, SITE_URL: "https://harborline.example" },
    });
    try {
      const secure = await enter(https, token, { origin: "https://harborline.example" });
      expect(secure.response.statusCode).toBe(201);
      const attributes = String(secure.response.headers["set-cookie"]).split("; ");
      expect(attributes[0]).toMatch(/^__Host-room_session=[A-Za-z0-9_-]{43}$/);
      expect(attributes).toEqual(expect.arrayContaining(["Secure", "HttpOnly", "SameSite=Strict", "Path=/"]));
      // The plain name is not read on https: a cookie a plain-http page set cannot stand in.
      const plain = secure.cookie!.replace("__Host-", "");
      expect((await room(https, plain)).statusCode).toBe(401);
      expect((await room(https, secure.cookie)).statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });

  it("answers a wrong, unknown or malformed token 404, the same words, no cookie and nothing stored", async () => {
    const { token } = await apply(ctx.app);
    const before = await roomState(ctx.db.store);
    const wrong = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const answers = [];
    for (const tried of [wrong, randomBytes(32).toString("base64url"), "short", "", `${token}x`]) {
      const { response, cookie } = await enter(ctx.app, tried);
      expect(response.statusCode).toBe(404);
      expect(cookie).toBeUndefined();
      answers.push(response.json());
    }
    // Not even a string: refused by the route's schema, in the same words.
    for (const tried of [42, null, undefined]) {
      const { response, cookie } = await enter(ctx.app, tried as unknown as string);
      expect(response.statusCode).toBe(400);
      expect(cookie).toBeUndefined();
      answers.push(response.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ error: ROOM_MESSAGES.linkInvalid })]),
    );
    expect(await roomState(ctx.db.store)).toEqual(before);
  });

  it("opens no room for a quarantined application", async () => {
    const { id, token } = await apply(ctx.app);
    await ctx.db.store.query("UPDATE applications SET status = 'quarantined' WHERE id = $1", [id]);
    expect((await enter(ctx.app, token)).response.statusCode).toBe(404);
  });

  it("refuses a POST from another origin, or with none", async () => {
    const { token } = await apply(ctx.app);
    expect((await enter(ctx.app, token, { origin: "https://evil.example" })).response.statusCode).toBe(403);
    expect((await enter(ctx.app, token, {})).response.statusCode).toBe(403);
  });

  it("answers 401 without a session, and 401 saying to ask for a new link once it has ended", async () => {
    const none = await room(ctx.app);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: ROOM_MESSAGES.noSession });
    expect((await room(ctx.app, "room_session=not-a-session")).json()).toEqual({
      error: ROOM_MESSAGES.noSession,
    });

    const { token } = await apply(ctx.app);
    const idle = await session(ctx.app, token);
    await ctx.db.store.query("UPDATE room_sessions SET last_seen_at = now() - interval '121 minutes'");
    const ended = await room(ctx.app, idle);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ error: ROOM_MESSAGES.sessionEnded });
    expect(ended.json().error).toMatch(/new link/);
    expect(String(ended.headers["set-cookie"])).toMatch(/^room_session=; Path=\/; Max-Age=0/);

    const old = await session(ctx.app, token);
    await ctx.db.store.query(
      "UPDATE room_sessions SET expires_at = now() - interval '1 second' WHERE last_seen_at > now() - interval '1 minute'",
    );
    expect((await room(ctx.app, old)).json()).toEqual({ error: ROOM_MESSAGES.sessionEnded });
    // The link itself still works.
    expect((await room(ctx.app, await session(ctx.app, token))).statusCode).toBe(200);
  });

  it("shows the application's reference, status and checklist, and nothing of the desk's", async () => {
    const { id, token, email } = await apply(ctx.app, { phone: "+1 212 555 0199" });
    await ctx.db.store.query(`UPDATE applications SET owner_id = NULL WHERE id = $1`, [id]);
    const cookie = await session(ctx.app, token);
    const response = await room(ctx.app, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    const reference = (
      await ctx.db.store.query<{ reference: string; review_due_at: Date | string }>(
        "SELECT reference, review_due_at FROM applications WHERE id = $1",
        [id],
      )
    ).rows[0];
    expect(body).toMatchObject({
      reference: reference.reference,
      fundingType: "Revenue-Based Financing",
      status: {
        stage: "received",
        label: "Received",
        review: { dueAt: new Date(reference.review_due_at).toISOString(), metAt: null },
        documents: { state: "needed", label: "Documents needed" },
      },
      limits: { maxFileBytes: 25_000_000, maxApplicationBytes: 250_000_000 },
    });
    expect(body.checklist.length).toBeGreaterThan(3);
    expect(body.checklist[0]).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/^Business bank statement: /),
      why: expect.stringMatching(/statement/),
      state: "missing",
      stateLabel: "Needed",
      reason: null,
      documents: [],
    });
    expect(body.status.documents.needed).toBe(body.checklist.length);
    const text = JSON.stringify(body);
    for (const secret of [email, "212 555 0199", "Ada", id, "owner", "note"])
      expect(text).not.toContain(secret);

    // A rep's first touch: in review, with the promise met.
    await ctx.db.store.query(
      "UPDATE applications SET work_status = 'contacted', first_touched_at = now() WHERE id = $1",
      [id],
    );
    expect((await room(ctx.app, cookie)).json().status).toMatchObject({
      stage: "in-review",
      review: { metAt: expect.any(String) },
    });
    await ctx.db.store.query(
      "UPDATE applications SET work_status = 'closed', close_reason = 'funded' WHERE id = $1",
      [id],
    );
    expect((await room(ctx.app, cookie)).json().status.stage).toBe("funded");
  });

  it("takes the applicant's 'not applicable' with a reason, where the item's state allows it", async () => {
    const { token } = await apply(ctx.app);
    const cookie = await session(ctx.app, token);
    const [item] = await checklist(ctx.app, cookie);

    const empty = await notApplicable(ctx.app, cookie, item.id, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Please give a reason.");

    const declared = await notApplicable(ctx.app, cookie, item.id, "The business opened in April.");
    expect(declared.statusCode).toBe(200);
    expect(declared.json()).toEqual({
      id: item.id,
      state: "not-applicable",
      stateLabel: "Not applicable",
      reason: "The business opened in April.",
    });
    expect((await checklist(ctx.app, cookie))[0]).toMatchObject({
      state: "not-applicable",
      reason: "The business opened in April.",
    });
    const again = await notApplicable(ctx.app, cookie, item.id, "Still not.");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/still needed/);
  });

  it("makes another application's room, items, documents and uploads 404, whatever id is tried", async () => {
    const mine = await apply(ctx.app);
    const theirs = await apply(ctx.app);
    const myCookie = await session(ctx.app, mine.token);
    const theirCookie = await session(ctx.app, theirs.token);
    const [theirItem] = await checklist(ctx.app, theirCookie);
    const base = await listening(ctx.app);
    const theirDocument = await upload(base, theirCookie, theirItem.id, samplePdf("Theirs"));

    // Their room is not reachable with my session: GET /api/room is mine.
    expect((await room(ctx.app, myCookie)).json().reference).not.toBe(
      (await room(ctx.app, theirCookie)).json().reference,
    );
    const tries = [theirItem.id, theirDocument, randomUUID(), "not-a-uuid", "..%2F..%2Fetc"];
    for (const id of tries) {
      const declared = await notApplicable(ctx.app, myCookie, id, "Not ours");
      expect(declared.statusCode, `item ${id}`).toBe(404);
      expect(declared.json()).toEqual({ error: "Not found" });
      const served = await ctx.app.inject({
        method: "GET",
        url: `/api/room/documents/${id}`,
        headers: { cookie: myCookie },
      });
      expect(served.statusCode, `document ${id}`).toBe(404);
      for (const method of ["HEAD", "PATCH", "DELETE"] as const) {
        const tried = await ctx.app.inject({
          method,
          url: `/api/room/uploads/${id}`,
          headers: {
            cookie: myCookie,
            ...ORIGIN,
            "tus-resumable": "1.0.0",
            "upload-offset": "0",
            "content-type": "application/offset+octet-stream",
          },
          payload: method === "PATCH" ? Buffer.from("%PDF-1.4") : undefined,
        });
        expect(tried.statusCode, `${method} upload ${id}`).toBe(404);
      }
    }
    // An upload for their item through my session: 404, nothing stored.
    await expect(upload(base, myCookie, theirItem.id, samplePdf("Mine"))).rejects.toThrow(/404/);
    await expect(upload(base, myCookie, randomUUID(), samplePdf("Mine"))).rejects.toThrow(/404/);
    await expect(upload(base, myCookie, "", samplePdf("Mine"))).rejects.toThrow(/400/);
    const { rows } = await ctx.db.store.query("SELECT application_id FROM documents");
    expect(rows).toEqual([{ application_id: theirs.id }]);
    // Their document is still theirs to fetch.
    const theirs200 = await ctx.app.inject({
      method: "GET",
      url: `/api/room/documents/${theirDocument}`,
      headers: { cookie: theirCookie },
    });
    expect(theirs200.statusCode).toBe(200);
  });

  it("takes an upload for an item, which becomes received, and serves it back as an attachment of ours", async () => {
    const { token } = await apply(ctx.app);
    const cookie = await session(ctx.app, token);
    const [statement, second] = await checklist(ctx.app, cookie);
    const base = await listening(ctx.app);
    const file = samplePdf("Statement", 40_000);
    const id = await upload(base, cookie, statement.id, file, "../../March statement.pdf");
    const photo = await upload(base, cookie, second.id, samplePng, "scan.png");

    const items = await checklist(ctx.app, cookie);
    expect(items[0]).toMatchObject({
      state: "received",
      documents: [{ id, fileName: "../../March statement.pdf", size: file.length, type: "application/pdf" }],
    });
    expect(items[1]).toMatchObject({ state: "received", documents: [{ id: photo, type: "image/png" }] });

    const served = await ctx.app.inject({
      method: "GET",
      url: `/api/room/documents/${id}`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file)).toBe(true);
    const slot = (
      await ctx.db.store.query<{ slot: string }>("SELECT slot FROM document_checklist_items WHERE id = $1", [
        statement.id,
      ])
    ).rows[0].slot;
    expect(served.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${slot.replace(/[^a-z0-9]+/g, "-")}-1.pdf"`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });

    // A file the scanner flagged is held: listed, never served.
    await ctx.db.store.query("UPDATE documents SET scan = 'flagged' WHERE id = $1", [id]);
    const held = await ctx.app.inject({
      method: "GET",
      url: `/api/room/documents/${id}`,
      headers: { cookie },
    });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ error: ROOM_MESSAGES.held });
    expect(held.body).not.toContain("%PDF");
    expect((await checklist(ctx.app, cookie))[0].documents[0]).toMatchObject({ id, held: true });
  });

  it("e-mails fresh links to a known address, answering any address the same", async () => {
    const first = await apply(ctx.app);
    await apply(ctx.app, { email: first.email, fundingType: "sba-loan" });
    const ask = (email: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/room/links",
        headers: { "content-type": "application/json", ...ORIGIN },
        payload: { email },
      });
    const mails = () =>
      ctx.db.store.query<{ to_address: string; text: string; subject: string }>(
        "SELECT to_address, text, subject FROM mail_outbox WHERE kind = 'room-link' ORDER BY id",
      );

    const known = await ask(first.email.toUpperCase());
    const unknown = await ask("nobody-here@example.com");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: ROOM_MESSAGES.linksSent });

    const sent = (await mails()).rows;
    expect(sent).toHaveLength(1);
    expect(sent[0].to_address).toBe(first.email);
    const links = [...sent[0].text.matchAll(/\/documents\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]);
    const fresh = [...new Set(links)];
    expect(fresh).toHaveLength(2);
    expect(fresh).not.toContain(first.token);
    for (const token of fresh) expect((await enter(ctx.app, token)).response.statusCode).toBe(201);
    // The first link keeps working.
    expect((await enter(ctx.app, first.token)).response.statusCode).toBe(201);

    const invalid = await ask("not an address");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toHaveProperty("email");
  });
});

describe("the document room across two instances", () => {
  const two = useTwoInstances({ env: ENV });
  let bases: [string, string];
  beforeAll(async () => {
    bases = [await listening(two.first), await listening(two.second)];
  });
  afterAll(() => undefined);

  it("keeps a session started on one valid on the other, and serves an upload through one from the other", async () => {
    const { token } = await apply(two.first);
    const cookie = await session(two.first, token);
    const [item] = await checklist(two.second, cookie);
    const file = samplePdf("Across", 30_000);
    const id = await upload(bases[0], cookie, item.id, file);
    const served = await two.second.inject({
      method: "GET",
      url: `/api/room/documents/${id}`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file)).toBe(true);
    expect((await checklist(two.second, cookie))[0].state).toBe("received");

    // The second instance's own link (a fresh one) opens the same room on the first.
    const other = await apply(two.second);
    const otherCookie = await session(two.second, other.token);
    const notMine = await two.first.inject({
      method: "GET",
      url: `/api/room/documents/${id}`,
      headers: { cookie: otherCookie },
    });
    expect(notMine.statusCode).toBe(404);
  });
});
