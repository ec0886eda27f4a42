/**
 * The claims page's API through real HTTP, on both stores: 401 without a
 * session; every claim of the register with its status on the desk's today (a
 * clock the test moves) from the register and what is stored, and the pages
 * the served build's manifest lists (null without one); who may give roles,
 * attach and withdraw evidence and record reviews; evidence kept encrypted,
 * refused by its bytes, served as an attachment, withdrawn but still listed
 * and downloadable; audit rows and the claim's history; bad input a 400; the
 * state file the build reads written after each change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimRegister } from "#domain/claims/register";
import type { ClaimItem, ClaimsOverview } from "#domain/desk/contract";
import { signedInStaff } from "../../../test/support/desk";
import { auditRows } from "../../../test/support/desk-applications";
import {
  createFixtureSite,
  ENGINES,
  openTestStore,
  testConfig,
  type FixtureSite,
  type TestStore,
} from "../../../test/support/server";
import { buildApp, type App } from "../../app";

const KEY = Buffer.alloc(32, 9).toString("base64");
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(600, 1),
]);
const HTML = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
const CLAIM = "businesses-funded";
const OWNER_ROLE = claimRegister.find((record) => record.id === CLAIM)!.owner;

describe.each(ENGINES)("desk claims on %s", (engine) => {
  let db: TestStore;
  let app: App;
  let site: FixtureSite;
  let base: string;
  let stateDir: string;
  // Noon UTC: the same calendar day in the desk's zone (America/New_York).
  let now = new Date("2026-12-07T12:00:00Z");
  const manifestFile = () => join(site.buildDir, "claims-manifest.json");
  const stateFile = () => join(stateDir, "claims-state.json");
  const people = {} as Record<"admin" | "owner" | "other", { cookie: string; userId: string; email: string }>;

  beforeAll(async () => {
    site = createFixtureSite();
    stateDir = mkdtempSync(join(tmpdir(), "claims-state-"));
    db = await openTestStore(engine);
    app = await buildApp({
      config: testConfig({
        CLIENT_DIR: site.clientDir,
        DOCUMENTS_MASTER_KEY: KEY,
        DOCUMENTS_MAX_FILE_SIZE: "100000",
        CLAIMS_STATE_FILE: join(stateDir, "claims-state.json"),
      }),
      store: db.store,
      logger: false,
      claimsClock: () => now,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    people.admin = await signedInStaff(app, { role: "admin" });
    people.owner = await signedInStaff(app, { role: "staff" });
    people.other = await signedInStaff(app, { role: "staff" });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    site?.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const origin = () => new URL(app.config.siteUrl).origin;
  const call = (
    path: string,
    init: { method?: string; cookie?: string; json?: unknown; body?: Buffer; type?: string } = {},
  ) =>
    fetch(`${base}${path}`, {
      method: init.method ?? "GET",
      headers: {
        origin: origin(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.body ? { "content-type": init.type ?? "application/octet-stream" } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
    });
  const overview = async (cookie = people.other.cookie) => {
    const response = await call("/api/desk/claims", { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as ClaimsOverview;
  };
  const claimOf = async (id = CLAIM, cookie?: string): Promise<ClaimItem> =>
    (await overview(cookie)).claims.find((claim) => claim.id === id)!;
  const attach = (cookie: string, body: Buffer, label = "CRM closed-deal export, Dec 2026", claim = CLAIM) =>
    call(`/api/desk/claims/${claim}/evidence?label=${encodeURIComponent(label)}`, {
      method: "POST",
      cookie,
      body,
    });
  const mapOwner = (userId: string | null, cookie = people.admin.cookie) =>
    call(`/api/desk/claims/roles/${encodeURIComponent(OWNER_ROLE)}`, {
      method: "PUT",
      cookie,
      json: { userId },
    });

  it("answers 401 without a session, on every route", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/desk/claims"],
      ["PUT", `/api/desk/claims/roles/${encodeURIComponent(OWNER_ROLE)}`],
      ["POST", `/api/desk/claims/${CLAIM}/evidence?label=x`],
      ["GET", `/api/desk/claims/${CLAIM}/evidence/00000000-0000-4000-8000-000000000000/download`],
      ["POST", `/api/desk/claims/${CLAIM}/evidence/00000000-0000-4000-8000-000000000000/withdraw`],
      ["POST", `/api/desk/claims/${CLAIM}/reviews`],
    ];
    for (const [method, path] of routes) {
      const response = await call(path, { method, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.text()).not.toContain("businesses-funded");
    }
  });

  it("on a fresh install every static claim is unsupported: the register's descriptions are not evidence", async () => {
    writeFileSync(manifestFile(), JSON.stringify({ claims: { [CLAIM]: ["/", "/faq"] } }));
    const body = await overview();
    expect(body.today).toBe("2026-12-07");
    expect(body.built).toBe(true);
    expect(body.claims.map((claim) => claim.id)).toEqual(claimRegister.map((record) => record.id));
    for (const claim of body.claims.filter((entry) => entry.kind === "static"))
      expect(claim.status, claim.id).toBe("unsupported");
    const funded = body.claims.find((claim) => claim.id === CLAIM)!;
    expect(funded).toMatchObject({ pages: ["/", "/faq"], files: [], history: [], reviewBy: "2027-06-30" });
    expect(body.claims.find((claim) => claim.id === "capital-deployed")!.pages).toEqual([]);
    // Nobody holds any role yet: the page says so.
    expect(body.roles.every((role) => role.holder === null)).toBe(true);
    expect(body.roles.map((role) => role.role)).toContain(OWNER_ROLE);
  });

  it("lets only an admin give a role, to an active staff member; audited and in the claim's history", async () => {
    expect((await mapOwner(people.owner.userId, people.owner.cookie)).status).toBe(403);
    const unknown = await mapOwner("no-such-user");
    expect(unknown.status).toBe(400);
    expect(
      (
        await call("/api/desk/claims/roles/Chief%20Vibes", {
          method: "PUT",
          cookie: people.admin.cookie,
          json: { userId: null },
        })
      ).status,
    ).toBe(404);
    expect((await mapOwner(people.owner.userId)).status).toBe(200);
    const body = await overview(people.owner.cookie);
    expect(body.roles.find((role) => role.role === OWNER_ROLE)!.holder).toMatchObject({
      id: people.owner.userId,
      active: true,
    });
    expect(body.yourRoles).toEqual([OWNER_ROLE]);
    const rows = await auditRows(db.store, OWNER_ROLE, "claim-role.assigned");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: people.admin.email,
      details: { role: OWNER_ROLE, from: null, to: people.owner.userId },
    });
    const history = (await claimOf()).history;
    expect(history[0]).toMatchObject({ action: "claim-role.assigned", actor: expect.any(String) });
    expect(history[0].summary).toContain(`gave the role ${OWNER_ROLE}`);
  });

  it("lets the owner and an admin attach evidence, not another staff member; a file not a PDF, PNG or JPEG is refused by its bytes", async () => {
    const refused = await attach(people.other.cookie, PDF);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only the claim's owner or an admin can do this" });
    const html = await attach(people.owner.cookie, HTML, "report.pdf");
    expect(html.status).toBe(400);
    expect((await html.json()).error).toMatch(/web page/);
    expect((await attach(people.owner.cookie, Buffer.alloc(0))).status).toBe(400);

    const added = await attach(people.owner.cookie, PDF);
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      label: "CRM closed-deal export, Dec 2026",
      mediaType: "application/pdf",
      size: PDF.length,
    });
    expect((await attach(people.admin.cookie, PNG, "Servicing ledger total")).status).toBe(201);

    const claim = await claimOf();
    expect(claim.status).toBe("supported");
    expect(claim.files.map((file) => [file.label, file.mediaType, file.withdrawnAt])).toEqual([
      ["CRM closed-deal export, Dec 2026", "application/pdf", null],
      ["Servicing ledger total", "image/png", null],
    ]);
    // Stored sealed: the plaintext is nowhere in the chunks.
    const { rows } = await db.store.query<{ sealed: Buffer }>(
      `SELECT c.sealed FROM document_chunks c JOIN claim_evidence e ON e.document_id = c.document_id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(Buffer.from(row.sealed).includes(Buffer.from("/Type /Catalog"))).toBe(false);
    const audited = await auditRows(db.store, CLAIM, "claim-evidence.added");
    expect(audited.map((row) => row.actor_email)).toEqual([people.owner.email, people.admin.email]);
    // The build's state file follows.
    expect(JSON.parse(readFileSync(stateFile(), "utf8")).claims[CLAIM]).toEqual({ evidenceFiles: 2 });
  });

  it("serves evidence to any signed-in staff member as an attachment, never sniffed or cached, each download audited", async () => {
    const file = (await claimOf()).files[0];
    const path = `/api/desk/claims/${CLAIM}/evidence/${file.id}/download`;
    expect((await call(path)).status).toBe(401);
    const response = await call(path, { cookie: people.other.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${CLAIM}-evidence-1.pdf"`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox;/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    const rows = await auditRows(db.store, CLAIM, "claim-evidence.downloaded");
    expect(rows.at(-1)).toMatchObject({
      actor_email: people.other.email,
      details: { evidenceId: file.id, withdrawn: false },
    });
    // Another claim's path, or no such file: 404.
    expect(
      (
        await call(`/api/desk/claims/capital-deployed/evidence/${file.id}/download`, {
          cookie: people.other.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/api/desk/claims/${CLAIM}/evidence/not-a-uuid/download`, { cookie: people.other.cookie }))
        .status,
    ).toBe(404);
  });

  it("withdraws evidence with a reason: kept, listed, downloadable, no longer counted; the owner only, once", async () => {
    const [first, second] = (await claimOf()).files;
    const withdraw = (id: string, cookie: string, json: unknown) =>
      call(`/api/desk/claims/${CLAIM}/evidence/${id}/withdraw`, { method: "POST", cookie, json });
    expect((await withdraw(first.id, people.other.cookie, { reason: "Out of date" })).status).toBe(403);
    expect((await withdraw(first.id, people.owner.cookie, {})).status).toBe(400);
    expect((await withdraw(first.id, people.owner.cookie, { reason: 42 })).status).toBe(400);
    expect((await withdraw(first.id, people.owner.cookie, { reason: "x".repeat(600) })).status).toBe(400);
    // Past the desk's JSON body limit: refused before it is read.
    expect((await withdraw(first.id, people.owner.cookie, { reason: "x".repeat(100_000) })).status).toBe(413);
    expect(
      (await withdraw(first.id, people.owner.cookie, { reason: "The June export replaces it" })).status,
    ).toBe(200);
    expect((await withdraw(first.id, people.owner.cookie, { reason: "Again" })).status).toBe(409);

    let claim = await claimOf();
    expect(claim.files[0]).toMatchObject({
      id: first.id,
      withdrawnReason: "The June export replaces it",
      withdrawnBy: expect.any(String),
    });
    expect(claim.files[0].withdrawnAt).not.toBeNull();
    expect(claim.status).toBe("supported"); // the second still backs it
    const download = await call(`/api/desk/claims/${CLAIM}/evidence/${first.id}/download`, {
      cookie: people.other.cookie,
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);

    expect((await withdraw(second.id, people.admin.cookie, { reason: "Wrong ledger" })).status).toBe(200);
    claim = await claimOf();
    expect(claim.status).toBe("unsupported");
    expect(claim.files).toHaveLength(2);
    // Nothing filed and no review: nothing stored for it.
    expect(JSON.parse(readFileSync(stateFile(), "utf8")).claims[CLAIM]).toBeUndefined();
    // The retention purge's erasure cannot delete a document a claim keeps.
    await expect(
      db.store.query(`DELETE FROM documents WHERE id = (SELECT document_id FROM claim_evidence LIMIT 1)`),
    ).rejects.toThrow();
    expect((await auditRows(db.store, CLAIM, "claim-evidence.withdrawn")).map((row) => row.details)).toEqual([
      expect.objectContaining({ evidenceId: first.id, reason: "The June export replaces it" }),
      expect.objectContaining({ evidenceId: second.id, reason: "Wrong ledger" }),
    ]);
  });

  it("records a review: the next review day must come after today; the status follows it", async () => {
    const review = (cookie: string, json: unknown) =>
      call(`/api/desk/claims/${CLAIM}/reviews`, { method: "POST", cookie, json });
    expect((await attach(people.owner.cookie, PDF, "Closed deals, Dec 2026")).status).toBe(201);
    expect((await review(people.other.cookie, { reviewBy: "2027-12-31", note: "Checked" })).status).toBe(403);
    for (const bad of [
      { reviewBy: "2026-12-07", note: "today is not after today" },
      { reviewBy: "2027-02-30", note: "no such day" },
      { reviewBy: 20271231, note: "a number" },
      { reviewBy: "2027-12-31", note: "" },
      // Control characters are dropped from every JSON body (server/plugins/json-body.ts): nothing left is no note.
      { reviewBy: "2027-12-31", note: "\u0000\u0007" },
      { reviewBy: "2027-12-31", note: "Checked", extra: true },
    ]) {
      const response = await review(people.owner.cookie, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(typeof (await response.json()).error).toBe("string");
    }
    const recorded = await review(people.owner.cookie, {
      reviewBy: "2027-12-31",
      note: "Checked against the CRM",
    });
    expect(recorded.status).toBe(201);
    const claim = await claimOf();
    expect(claim).toMatchObject({
      reviewBy: "2027-12-31",
      registerReviewBy: "2027-06-30",
      status: "supported",
    });
    expect(claim.history[0]).toMatchObject({ action: "claim.reviewed" });
    expect(claim.history[0].summary).toContain("next review by 2027-12-31 (was 2027-06-30)");
    expect(claim.history.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "claim-evidence.added",
        "claim-evidence.withdrawn",
        "claim-evidence.downloaded",
        "claim-role.assigned",
      ]),
    );
    expect(JSON.parse(readFileSync(stateFile(), "utf8")).claims[CLAIM]).toEqual({
      reviewBy: "2027-12-31",
      evidenceFiles: 1,
    });

    // Days pass on the desk's clock: due within 30 days, then lapsed.
    now = new Date("2027-12-15T12:00:00Z");
    expect((await claimOf()).status).toBe("due");
    now = new Date("2028-01-01T12:00:00Z");
    expect((await claimOf()).status).toBe("lapsed");
    now = new Date("2026-12-07T12:00:00Z");
  });

  it("gives null pages while no build's manifest is present", async () => {
    rmSync(manifestFile(), { force: true });
    const body = await overview();
    expect(body.built).toBe(false);
    expect(body.claims.every((claim) => claim.pages === null)).toBe(true);
  });

  it("refuses what is not an evidence upload: no label, a huge label, control characters, another type, a file too large, an unknown claim", async () => {
    const post = (query: string, init: { body?: Buffer; type?: string; json?: unknown } = { body: PDF }) =>
      call(`/api/desk/claims/${CLAIM}/evidence${query}`, {
        method: "POST",
        cookie: people.owner.cookie,
        ...init,
      });
    const refusals: [Response, number][] = [
      [await post(""), 400],
      [await post(`?label=${"x".repeat(300)}`), 400],
      [await post(`?label=${encodeURIComponent("tab\u0001")}`), 400],
      [await post("?label=ok", { json: { file: "x" } }), 415],
      [
        await call(`/api/desk/claims/no-such-claim/evidence?label=x`, {
          method: "POST",
          cookie: people.admin.cookie,
          body: PDF,
        }),
        404,
      ],
    ];
    for (const [response, status] of refusals) {
      expect(response.status).toBe(status);
      expect(typeof ((await response.json()) as { error: unknown }).error).toBe("string");
    }
    // Last: the server answers before reading the rest of the body, and closes the connection.
    const count = async () =>
      (await db.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents`)).rows[0].n;
    const before = await count();
    const tooBig = await post("?label=big", { body: Buffer.concat([PDF, Buffer.alloc(400_000)]) });
    expect(tooBig.status).toBe(413);
    // Nothing of it is kept.
    expect(await count()).toBe(before);
  });
});
