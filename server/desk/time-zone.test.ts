/**
 * The provider's time zone (DESK_TIME_ZONE), on both engines: the inbox's and
 * the export's `from`/`to` are that zone's days (daylight saving included),
 * the evidence and the CSV carry times with that zone's offset, the desk is
 * told the zone, and a zone that does not exist stops the server at start-up.
 */
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import { parseCsv } from "../../test/support/csv";
import { deliveryHistory, deskClient, placeAt, submit } from "../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../test/support/server";
import { loadConfig } from "../config";

/** An ISO time with an explicit offset ("…-08:00"), never bare or "Z". */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

/** Applications received at these instants, named by them. */
const RECEIVED = [
  "2026-11-25T03:30:00Z", // 24 Nov 19:30 in Los Angeles, 25 Nov in UTC
  "2026-03-08T07:30:00Z", // 7 Mar 23:30 PST: the day before the clocks go forward
  "2026-03-09T06:30:00Z", // 8 Mar 23:30 PDT: still 8 Mar (a fixed -8 h would say 9 Mar)
  "2026-03-09T07:30:00Z", // 9 Mar 00:30 PDT (a fixed -8 h would say 8 Mar)
  "2026-11-02T07:30:00Z", // 1 Nov 23:30 PST: the 25-hour day the clocks go back
  "2026-11-02T08:30:00Z", // 2 Nov 00:30 PST
];

describe.each(ENGINES)("the provider's time zone on %s", (engine) => {
  const la = useTestApp(engine, { env: { DESK_TIME_ZONE: "America/Los_Angeles" }, resetEach: false });
  const utc = useTestApp(engine, { env: { DESK_TIME_ZONE: "UTC" }, resetEach: false });
  const cookies = new Map<unknown, string>();
  const client = (ctx: typeof la) =>
    deskClient(
      () => ctx.app,
      () => cookies.get(ctx),
    );

  beforeAll(async () => {
    for (const ctx of [la, utc]) {
      cookies.set(ctx, (await signedInStaff(ctx.app, { role: "admin" })).cookie);
      for (const at of RECEIVED) {
        const id = await submit(ctx.app, { companyName: at });
        await placeAt(ctx.db.store, id, at);
      }
    }
  });

  /** The companies (named by their arrival) a filter finds, oldest first. */
  async function found(ctx: typeof la, query: string): Promise<string[]> {
    const response = await client(ctx).get(`/api/desk/applications${query}`);
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .items.map((item: { companyName: string }) => item.companyName)
      .reverse();
  }

  it("tells the desk which zone it shows times in", async () => {
    expect((await client(la).get("/api/desk/me")).json()).toMatchObject({ timeZone: "America/Los_Angeles" });
    expect((await client(utc).get("/api/desk/me")).json()).toMatchObject({ timeZone: "UTC" });
  });

  it("filters by the provider's days: an application at 03:30 UTC on 25 Nov is a 24 Nov application in Los Angeles", async () => {
    expect(await found(la, "?from=2026-11-24&to=2026-11-24")).toEqual(["2026-11-25T03:30:00Z"]);
    expect(await found(la, "?from=2026-11-25&to=2026-11-25")).toEqual([]);
    expect(await found(utc, "?from=2026-11-24&to=2026-11-24")).toEqual([]);
    expect(await found(utc, "?from=2026-11-25&to=2026-11-25")).toEqual(["2026-11-25T03:30:00Z"]);
    // Open ends: from the first instant of `from`, up to the last of `to`.
    expect(await found(la, "?from=2026-11-24")).toEqual(["2026-11-25T03:30:00Z"]);
    expect(await found(la, "?to=2026-03-07")).toEqual(["2026-03-08T07:30:00Z"]);
  });

  it("knows when the clocks change: 8 March has 23 hours and 1 November 25 in Los Angeles", async () => {
    expect(await found(la, "?from=2026-03-08&to=2026-03-08")).toEqual(["2026-03-09T06:30:00Z"]);
    expect(await found(la, "?from=2026-03-09&to=2026-03-09")).toEqual(["2026-03-09T07:30:00Z"]);
    expect(await found(la, "?from=2026-11-01&to=2026-11-01")).toEqual(["2026-11-02T07:30:00Z"]);
    expect(await found(la, "?from=2026-11-02&to=2026-11-02")).toEqual(["2026-11-02T08:30:00Z"]);
    expect(await found(utc, "?from=2026-03-09&to=2026-03-09")).toEqual([
      "2026-03-09T06:30:00Z",
      "2026-03-09T07:30:00Z",
    ]);
  });

  it("exports the same days, with every time in the provider's zone and its offset", async () => {
    const response = await client(la).get("/api/desk/exports/applications.csv?from=2026-11-01&to=2026-11-01");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/filename="applications-\d{4}-\d{2}-\d{2}\.csv"/);
    const { rows } = parseCsv(response.body);
    expect(rows.map((row) => row.company_name)).toEqual(["2026-11-02T07:30:00Z"]);
    expect(rows[0].submitted_at).toMatch(WITH_OFFSET);

    const consents = parseCsv((await client(la).get("/api/desk/exports/consents.csv")).body).rows;
    expect(consents.length).toBe(RECEIVED.length);
    for (const row of consents) expect(row.consented_at).toMatch(WITH_OFFSET);
  });

  it("writes the evidence's times as ISO 8601 with the offset then in force, and names the zone", async () => {
    const id = await submit(la.app, { companyName: "Evidence in LA" });
    await placeAt(la.db.store, id, "2026-11-25T03:30:00Z");
    await deliveryHistory(la.db.store, id, "delivered", [
      { at: "2026-07-01T12:00:00.000Z", status: 200, outcome: "delivered" },
    ]);
    const evidence = (await client(la).get(`/api/desk/applications/${id}/evidence`)).json();
    expect(evidence.timeZone).toBe("America/Los_Angeles");
    expect(evidence.submission.receivedAt).toBe("2026-11-24T19:30:00.000-08:00");
    expect(evidence.crmDelivery.deliveredAt).toBe("2026-07-01T05:00:00.000-07:00");
    expect(evidence.crmDelivery.attempts[0].at).toBe("2026-07-01T05:00:00.000-07:00");
    for (const at of [evidence.exportedAt, evidence.consent.consentedAt, evidence.submission.submittedAt]) {
      expect(at).toMatch(WITH_OFFSET);
    }
    // The same instant the applicant's browser stamped, written in the provider's zone.
    expect(Date.parse(evidence.consent.consentedAt)).toBe(Date.parse(evidence.submission.payload.timestamp));

    const inUtc = await submit(utc.app, { companyName: "Evidence in UTC" });
    await placeAt(utc.db.store, inUtc, "2026-11-25T03:30:00Z");
    const utcEvidence = (await client(utc).get(`/api/desk/applications/${inUtc}/evidence`)).json();
    expect(utcEvidence).toMatchObject({
      timeZone: "UTC",
      submission: { receivedAt: "2026-11-25T03:30:00.000+00:00" },
    });
  });
});

describe("DESK_TIME_ZONE", () => {
  it("defaults to New York and takes any IANA name, in any case", () => {
    expect(loadConfig({}).desk.timeZone).toBe("America/New_York");
    expect(loadConfig({ DESK_TIME_ZONE: "" }).desk.timeZone).toBe("America/New_York");
    expect(loadConfig({ DESK_TIME_ZONE: "europe/london" }).desk.timeZone).toBe("Europe/London");
    expect(loadConfig({ DESK_TIME_ZONE: "UTC" }).desk.timeZone).toBe("UTC");
  });

  it("refuses an offset or an abbreviation-like typo, naming the variable", () => {
    for (const zone of ["-05:00", "UTC+2", "Eastern Time", "America/New York"]) {
      expect(() => loadConfig({ DESK_TIME_ZONE: zone }), zone).toThrowError(
        /DESK_TIME_ZONE: must be an IANA/,
      );
    }
  });

  it("stops the server at start-up when the zone does not exist", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, DESK_TIME_ZONE: "Mars/Olympus_Mons", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/DESK_TIME_ZONE: must be an IANA time zone name such as "America\/New_York"/);
  });
});
