/**
 * The claims page's API through real HTTP: 401 without a session; with one,
 * every claim of the register with its status on the desk's today (a clock
 * the test moves) and the pages the served build's manifest lists, or null
 * pages while no build is present. Nothing is stored, so one store serves.
 */
import { rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimRegister } from "#domain/claims/register";
import type { ClaimsOverview } from "#domain/desk/contract";
import { signedInStaff } from "../../../test/support/desk";
import {
  createFixtureSite,
  openTestStore,
  testConfig,
  type FixtureSite,
  type TestStore,
} from "../../../test/support/server";
import { buildApp, type App } from "../../app";

describe("desk claims", () => {
  let db: TestStore;
  let app: App;
  let site: FixtureSite;
  let base: string;
  // Noon UTC: the same calendar day in the desk's zone (America/New_York).
  let now = new Date("2026-12-07T12:00:00Z");
  const manifestFile = () => join(site.buildDir, "claims-manifest.json");

  beforeAll(async () => {
    site = createFixtureSite();
    db = await openTestStore("pglite");
    app = await buildApp({
      config: testConfig({ CLIENT_DIR: site.clientDir }),
      store: db.store,
      logger: false,
      claimsClock: () => now,
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
    site?.dispose();
  });

  const getClaims = (cookie?: string) =>
    fetch(`${base}/api/desk/claims`, { headers: cookie ? { cookie } : {} });

  it("answers 401 without a session", async () => {
    const response = await getClaims();
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("businesses-funded");
  });

  it("lists every claim of the register with its record, today's status and its pages", async () => {
    const { cookie } = await signedInStaff(app);
    writeFileSync(
      manifestFile(),
      JSON.stringify({
        pages: { "/": { "businesses-funded": ["text"] }, "/faq": { "businesses-funded": ["meta"] } },
        claims: { "businesses-funded": ["/", "/faq"] },
      }),
    );
    now = new Date("2026-12-07T12:00:00Z");
    const response = await getClaims(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as ClaimsOverview;
    expect(body.today).toBe("2026-12-07");
    expect(body.built).toBe(true);
    expect(body.claims.map((claim) => claim.id)).toEqual(claimRegister.map((record) => record.id));
    const funded = body.claims.find((claim) => claim.id === "businesses-funded")!;
    const record = claimRegister.find((entry) => entry.id === "businesses-funded")!;
    expect(funded).toEqual({ ...record, status: "supported", pages: ["/", "/faq"] });
    // A claim no page states yet appears on none.
    expect(body.claims.find((claim) => claim.id === "capital-deployed")!.pages).toEqual([]);
  });

  it("computes each status on the desk's today: due within 30 days, lapsed after the review day", async () => {
    const { cookie } = await signedInStaff(app);
    const reviewBy = claimRegister.find((record) => record.id === "businesses-funded")!.reviewBy;
    const statusOn = async (instant: string) => {
      now = new Date(instant);
      const body = (await (await getClaims(cookie)).json()) as ClaimsOverview;
      return {
        today: body.today,
        status: body.claims.find((claim) => claim.id === "businesses-funded")!.status,
      };
    };
    expect(reviewBy).toBe("2027-06-30");
    expect(await statusOn("2027-06-01T12:00:00Z")).toEqual({ today: "2027-06-01", status: "due" });
    // 02:00 UTC on 1 July is still 30 June in New York: due, not yet lapsed.
    expect(await statusOn("2027-07-01T02:00:00Z")).toEqual({ today: "2027-06-30", status: "due" });
    expect(await statusOn("2027-07-01T12:00:00Z")).toEqual({ today: "2027-07-01", status: "lapsed" });
  });

  it("gives null pages while no build's manifest is present", async () => {
    const { cookie } = await signedInStaff(app);
    rmSync(manifestFile(), { force: true });
    now = new Date("2026-12-07T12:00:00Z");
    const body = (await (await getClaims(cookie)).json()) as ClaimsOverview;
    expect(body.built).toBe(false);
    expect(body.claims).toHaveLength(claimRegister.length);
    expect(body.claims.every((claim) => claim.pages === null)).toBe(true);
  });
});
