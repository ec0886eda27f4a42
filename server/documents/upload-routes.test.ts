/**
 * Resumable uploads through the tus endpoint (decision 0018), on both
 * engines, with tus-js-client as the room will use it, over loopback: a file
 * arrives whole and encrypted, a connection cut mid-way resumes with less
 * than one chunk sent twice, a file of the wrong type is refused and not
 * stored, sizes are limited, and another application's upload is a 404.
 */
import { randomBytes } from "node:crypto";
import { createServer, connect, type AddressInfo, type Server as NetServer } from "node:net";
import { buffer } from "node:stream/consumers";
import Fastify, { type FastifyInstance } from "fastify";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { sampleHtml, samplePdf } from "../../test/support/document-files";
import { ENGINES, useTestApp } from "../../test/support/server";
import { findDocument } from "./document-repository";
import { readDocument } from "./document-store";
import { keyringFrom } from "./master-key";
import { uploadRoutes } from "./upload-routes";

const keyring = keyringFrom(randomBytes(32).toString("base64"));
const PATH = "/test/uploads";
const MAX_FILE = 12_000_000;

/** A loopback proxy that cuts the connection `cutAfter` bytes into the first PATCH, and counts PATCH bytes. */
function cuttingProxy(port: number, cutAfter: number) {
  const counts = { patches: 0, patchBytes: 0 };
  const proxy: NetServer = createServer((client) => {
    const upstream = connect(port, "127.0.0.1");
    let inPatch = false;
    let seen = 0;
    client.on("data", (data: Buffer) => {
      const head = data.toString("latin1", 0, 8);
      if (head.startsWith("PATCH ")) {
        inPatch = true;
        counts.patches++;
        seen = 0;
      } else if (/^(POST|HEAD|GET|OPTIONS|DELETE) /.test(head)) inPatch = false;
      seen += data.length;
      if (inPatch) counts.patchBytes += data.length;
      if (inPatch && counts.patches === 1 && seen > cutAfter) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(data);
    });
    upstream.on("data", (data) => client.write(data));
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  return { proxy, counts };
}

const listen = (server: NetServer) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );

describe.each(ENGINES)("uploads through tus on %s", (engine) => {
  const context = useTestApp(engine);
  let server: FastifyInstance;
  let port: number;
  let applicationId: string;

  beforeAll(async () => {
    server = Fastify();
    await server.register(uploadRoutes, {
      store: context.db.store,
      keyring,
      path: PATH,
      maxFileBytes: MAX_FILE,
      maxApplicationBytes: 2 * MAX_FILE,
      uploader: "applicant",
      applicationOf: (request) => (request.headers["x-test-application"] as string | undefined) ?? null,
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    applicationId = await submit(context.app);
  });

  function upload(
    file: Buffer,
    options: { endpoint?: string; application?: string; chunkSize?: number } = {},
  ) {
    return new Promise<string>((resolve, reject) => {
      const attempt = new tus.Upload(file, {
        endpoint: options.endpoint ?? `http://127.0.0.1:${port}${PATH}`,
        headers: { "x-test-application": options.application ?? applicationId },
        metadata: { filename: "statement.pdf" },
        chunkSize: options.chunkSize ?? 4_000_000,
        retryDelays: [50, 100, 200],
        storeFingerprintForResuming: false,
        onSuccess: () => resolve(attempt.url!.split("/").pop()!),
        onError: reject,
      });
      attempt.start();
    });
  }

  it("stores a file sent in several PATCH requests, encrypted, byte for byte", async () => {
    const file = samplePdf("Statement", 120_000); // about 4.6 MB
    const id = await upload(file, { chunkSize: 1_000_000 });
    expect(await findDocument(context.db.store, id)).toMatchObject({
      applicationId,
      state: "complete",
      mediaType: "application/pdf",
      originalName: "statement.pdf",
      size: file.length,
    });
    expect((await buffer(await readDocument(context.db.store, keyring, id))).equals(file)).toBe(true);
  });

  it("resumes a connection cut mid-way, sending less than one chunk twice", async () => {
    const file = samplePdf("Statement", 260_000); // about 10 MB
    const chunkSize = 4_000_000;
    const { proxy, counts } = cuttingProxy(port, 3_000_000);
    const proxyPort = await listen(proxy);
    try {
      const id = await upload(file, { endpoint: `http://127.0.0.1:${proxyPort}${PATH}`, chunkSize });
      expect((await buffer(await readDocument(context.db.store, keyring, id))).equals(file)).toBe(true);
      // The first PATCH was cut; the client resumed from the offset the store held.
      expect(counts.patches).toBeGreaterThanOrEqual(3);
      // Every PATCH byte beyond the file's (request headers included) was sent twice: less than a chunk.
      const resent = counts.patchBytes - file.length;
      expect(resent).toBeGreaterThan(0);
      expect(resent).toBeLessThan(chunkSize);
    } finally {
      proxy.close();
    }
  });

  it("refuses a web page named .pdf, says why, and keeps nothing", async () => {
    const refused = await upload(sampleHtml).then(
      () => null,
      (error: tus.DetailedError) => error,
    );
    expect(refused?.originalResponse?.getStatus()).toBe(415);
    expect(refused?.originalResponse?.getBody()).toMatch(/web page, not a PDF, whatever its name says/);
    const { rows } = await context.db.store.query("SELECT id FROM documents WHERE application_id = $1", [
      applicationId,
    ]);
    expect(rows).toEqual([]);
  });

  it("refuses a file over the limit with 413 before a byte of it is sent", async () => {
    const refused = await upload(Buffer.concat([samplePdf(), Buffer.alloc(MAX_FILE)])).then(
      () => null,
      (error: tus.DetailedError) => error,
    );
    expect(refused?.originalResponse?.getStatus()).toBe(413);
    const { rows } = await context.db.store.query("SELECT id FROM documents");
    expect(rows).toEqual([]);
  });

  it("answers 404 for another application's upload, and without a session", async () => {
    const id = await upload(samplePdf());
    const other = await submit(context.app);
    const asOther = await fetch(`http://127.0.0.1:${port}${PATH}/${id}`, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", "x-test-application": other },
    });
    expect(asOther.status).toBe(404);
    const asNobody = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      method: "POST",
      headers: { "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(asNobody.status).toBe(404);
    const mine = await fetch(`http://127.0.0.1:${port}${PATH}/${id}`, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", "x-test-application": applicationId },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("upload-offset")).toBe(String(samplePdf().length));
  });
});
