/**
 * 200 uploads at once into the document room, across two instances on one
 * PostgreSQL, over real HTTP, as tus clients send them: each file in several
 * PATCH requests, some PATCHes sent twice (a client that lost the answer and
 * tries again), some uploads finished through the other instance. Nothing is
 * lost (every file is served back byte for byte, from either instance) and
 * nothing is duplicated (a repeated PATCH is refused with 409 and stores
 * nothing; each item holds exactly the files sent to it). A request the
 * database had no free connection for in time is answered 503, and sent
 * again as tus-js-client does; never a 500.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { samplePdf } from "../../test/support/document-files";
import { ORIGIN, apply, checklist, listening, session } from "../../test/support/room";
import { useTwoInstances } from "../../test/support/server";
import { SLOW_PHONE_UPLOAD_BPS, UPLOAD_CHUNK_BYTES } from "#domain/documents/room-view";

const ENV = { DOCUMENTS_MASTER_KEY: randomBytes(32).toString("base64") };
const APPLICANTS = 40;
const FILES_EACH = 5;
const PATCH_BYTES = 40_000;

const b64 = (text: string) => Buffer.from(text).toString("base64");

let triedAgain = 0;

/** A request that keeps nothing on the server (POST, HEAD), sent again after a 503 as tus-js-client would. */
async function sendRetrying(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    if (response.status !== 503 || attempt === 20) return response;
    expect(response.headers.get("retry-after") ?? "2").toMatch(/^\d+$/);
    triedAgain += 1;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

interface Sent {
  cookie: string;
  itemId: string;
  file: Buffer;
  id: string;
}

describe("200 uploads at once across two instances", () => {
  const two = useTwoInstances({ env: ENV });
  let bases: [string, string];
  beforeAll(async () => {
    bases = [await listening(two.first), await listening(two.second)];
  });

  /**
   * One upload by hand (the tus protocol): created on `bases[n % 2]`, its
   * PATCHes alternating between the instances when `n % 3 === 0`, and every
   * fourth upload sending its first PATCH twice.
   */
  async function send(n: number, cookie: string, itemId: string): Promise<Sent> {
    const file = samplePdf(`Upload ${n}`, 2_000 + (n % 7) * 300);
    const headers = { cookie, ...ORIGIN, "tus-resumable": "1.0.0" };
    const created = await sendRetrying(`${bases[n % 2]}/api/room/uploads`, {
      method: "POST",
      headers: {
        ...headers,
        "upload-length": String(file.length),
        "upload-metadata": `filename ${b64(`statement-${n}.pdf`)},itemId ${b64(itemId)}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const path = new URL(created.headers.get("location")!, bases[0]).pathname;
    const patchFrom = (base: string, offset: number, body: Uint8Array<ArrayBuffer>) =>
      fetch(`${base}${path}`, {
        method: "PATCH",
        headers: {
          ...headers,
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        body,
      });
    /** The server's offset, asked as tus-js-client asks after a failed PATCH. */
    const offsetOn = async (base: string) => {
      const head = await sendRetrying(`${base}${path}`, { method: "HEAD", headers });
      expect(head.status).toBe(200);
      return Number(head.headers.get("upload-offset"));
    };
    let offset = 0;
    let patch = 0;
    while (offset < file.length) {
      const base = n % 3 === 0 ? bases[patch % 2] : bases[n % 2];
      const body = new Uint8Array(file.subarray(offset, offset + PATCH_BYTES));
      // A dropped connection (null) or a busy server: some of the body may be kept. Ask where to
      // go on from, then send the rest, as tus-js-client does.
      const answer = await patchFrom(base, offset, body).catch(() => null);
      if (answer === null || answer.status === 503) {
        triedAgain += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
        offset = await offsetOn(base);
        continue;
      }
      expect(answer.status, await answer.clone().text()).toBe(204);
      expect(Number(answer.headers.get("upload-offset"))).toBe(offset + body.byteLength);
      if (patch === 0 && n % 4 === 0) {
        // The same PATCH again, as a client that never saw the answer sends it: refused, nothing kept.
        const again = await patchFrom(bases[(n + 1) % 2], offset, body);
        expect([409, 503]).toContain(again.status);
        expect(await offsetOn(bases[(n + 1) % 2])).toBe(offset + body.byteLength);
      }
      offset += body.byteLength;
      patch += 1;
    }
    return { cookie, itemId, file, id: path.split("/").pop()! };
  }

  it("gives a slow phone's upload chunk the time it needs to arrive", () => {
    // Node cuts a request whose body has not all arrived by requestTimeout: the room's chunk,
    // at the slowest upload it is sized for, must arrive before that.
    const chunkMs = ((UPLOAD_CHUNK_BYTES * 8) / SLOW_PHONE_UPLOAD_BPS) * 1000;
    for (const app of [two.first, two.second]) {
      expect(app.server.requestTimeout).toBeGreaterThan(chunkMs);
    }
  });

  it("loses nothing and duplicates nothing", { timeout: 300_000 }, async () => {
    const people = await Promise.all(
      Array.from({ length: APPLICANTS }, async (_, n) => {
        const { token } = await apply(n % 2 ? two.second : two.first);
        const cookie = await session(two.first, token);
        const items = await checklist(two.first, cookie);
        return { cookie, items };
      }),
    );
    const jobs = people.flatMap(({ cookie, items }, p) =>
      Array.from({ length: FILES_EACH }, (_, f) => ({
        n: p * FILES_EACH + f,
        cookie,
        itemId: items[f % items.length].id,
      })),
    );
    expect(jobs).toHaveLength(200);
    const sent = await Promise.all(jobs.map(({ n, cookie, itemId }) => send(n, cookie, itemId)));
    // How many requests were answered "busy" or dropped, and sent again (none on a quiet machine).
    console.info(`200 uploads: ${triedAgain} requests sent again`);

    // Every file back, byte for byte, from the instance that did not create it, once its checks
    // have run (until then it answers 409 "still being checked": on a busy machine the last of
    // 200 files can still be in them when every upload has finished).
    for (const [n, upload] of sent.entries()) {
      const fetchServed = () =>
        fetch(`${bases[(n + 1) % 2]}/api/room/documents/${upload.id}`, {
          headers: { cookie: upload.cookie },
        });
      let served = await fetchServed();
      for (let waited = 0; served.status === 409 && waited < 60_000; waited += 250) {
        await served.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 250));
        served = await fetchServed();
      }
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(upload.file)).toBe(true);
    }

    // Each item holds exactly the files sent to it: none lost, none twice.
    for (const { cookie, items } of people) {
      const now = await checklist(two.second, cookie);
      for (const item of items) {
        const expected = sent
          .filter((upload) => upload.cookie === cookie && upload.itemId === item.id)
          .map((upload) => upload.id)
          .sort();
        const held = now
          .find((row) => row.id === item.id)!
          .documents.map((document) => document.id)
          .sort();
        expect(held).toEqual(expected);
      }
    }
  });
});
