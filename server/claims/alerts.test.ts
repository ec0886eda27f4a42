/**
 * The claim owners' e-mails (alerts.ts), on both stores: the holder of a
 * claim's owner role is told once when its review-by day comes within
 * CLAIMS_NOTICE_DAYS, once when it lapses, and again for the next review day
 * a recorded review sets; never twice for one event however often passes run;
 * nobody when the role is held by nobody. Delivered through a real SMTP
 * server; and two instances on one PostgreSQL racing their passes still send
 * each event once. The same passes tell the owner once when our records stop
 * backing a computed claim (its latest snapshot does not, the one before did),
 * in the same e-mail as any review due.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComputedFigureId, ComputedResult } from "#domain/claims/computed";
import { claimRecord, claimRegister } from "#domain/claims/register";
import type { Store } from "../store/store";
import { deskHeaders, signedInStaff } from "../../test/support/desk";
import { waitFor } from "../../test/support/fault-harness";
import { ENGINES, useTestApp, useTwoInstances } from "../../test/support/server";
import { TestSmtpServer } from "../../test/support/smtp";
import type { App } from "../app";
import { createMailWorker } from "../mail/worker";
import { createClaimAlerts, startClaimAlerts } from "./alerts";
import { snapshotRepository } from "./computed/computed-repository";

const silent = pino({ level: "silent" });
const MARKETING = "Head of Marketing";
const marketingClaims = claimRegister
  .filter((record) => record.owner === MARKETING)
  .map((record) => record.id);
// Noon in New York (the desk's zone, where days are counted).
const at = (day: string) => new Date(`${day}T17:00:00Z`);

interface StoredMail {
  to: string;
  subject: string;
  text: string;
}
const claimMails = async (store: Store) =>
  (
    await store.query<StoredMail>(
      `SELECT to_address AS to, subject, text FROM mail_outbox WHERE kind = 'claim-review' ORDER BY id`,
    )
  ).rows;

const HOUR = 3_600_000;

/**
 * Two computations of `figure` stored as the recompute job stores them: the
 * first backs its claim, the latest (an hour ago) does not.
 */
async function stopsHolding(
  store: Store,
  figure: ComputedFigureId,
  before: Pick<ComputedResult, "value" | "n" | "median">,
  now: Pick<ComputedResult, "value" | "n" | "median">,
) {
  const result = (verdict: ComputedResult["verdict"], figures: typeof now): ComputedResult => ({
    figure,
    ...figures,
    periodStart: null,
    periodEnd: new Date().toISOString(),
    verdict,
  });
  await snapshotRepository.insert(store, result("supports", before), new Date(Date.now() - 2 * HOUR));
  await snapshotRepository.insert(store, result("does-not-support", now), new Date(Date.now() - HOUR));
}

/** An admin gives `role` to `userId` through the desk's API. */
async function giveRole(app: App, adminCookie: string, role: string, userId: string) {
  const response = await app.inject({
    method: "PUT",
    url: `/api/desk/claims/roles/${encodeURIComponent(role)}`,
    headers: deskHeaders(app, adminCookie),
    payload: { userId },
  });
  expect(response.statusCode).toBe(200);
}

describe.each(ENGINES)("claim owners' e-mails on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { CLAIMS_NOTICE_DAYS: "14" }, resetEach: false });
  let owner: { cookie: string; userId: string; email: string };

  beforeAll(async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    owner = await signedInStaff(ctx.app, { role: "staff", email: "mara.marketing@harborline.test" });
    await giveRole(ctx.app, admin.cookie, MARKETING, owner.userId);
  });

  it("tells the owner once when the review comes due, once when it lapses, and nobody of unowned claims", async () => {
    const alerts = createClaimAlerts(ctx.app.store, ctx.app.config);
    // 29 days before 2027-06-30: not yet.
    expect(await alerts.run(at("2027-06-01"))).toBe(0);
    // 14 days before: one e-mail listing every claim Marketing owns.
    expect(await alerts.run(at("2027-06-16"))).toBe(1);
    expect(await alerts.run(at("2027-06-16"))).toBe(0);
    expect(await alerts.run(at("2027-06-29"))).toBe(0);
    let mails = await claimMails(ctx.app.store);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(owner.email);
    expect(mails[0].subject).toBe(`${marketingClaims.length} claims you own are due for review`);
    for (const id of marketingClaims) expect(mails[0].text).toContain(id);
    // Claims of roles nobody holds (Underwriting's) are told to nobody.
    expect(mails[0].text).not.toContain("average-funding-time");

    // The day after the review day: lapsed, once.
    expect(await alerts.run(at("2027-07-01"))).toBe(1);
    expect(await alerts.run(at("2027-07-02"))).toBe(0);
    mails = await claimMails(ctx.app.store);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(
      `${marketingClaims.length} claims you own need review: ${marketingClaims.length} lapsed`,
    );
    // Each claim's e-mail is audited, by no actor, on the claim.
    const { rows } = await ctx.app.store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM desk_audit_log WHERE action = 'claim.owner-alerted' AND actor_id IS NULL`,
    );
    expect(rows[0].n).toBe(marketingClaims.length * 2);
  });

  it("starts again for the next review day a recorded review sets", async () => {
    const claim = marketingClaims[0];
    const recorded = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/claims/${claim}/reviews`,
      headers: deskHeaders(ctx.app, owner.cookie),
      payload: { reviewBy: "2028-01-31", note: "Checked the CRM's closed deals" },
    });
    expect(recorded.statusCode).toBe(201);
    const alerts = createClaimAlerts(ctx.app.store, ctx.app.config);
    expect(await alerts.run(at("2028-01-10"))).toBe(0);
    expect(await alerts.run(at("2028-01-20"))).toBe(1);
    const last = (await claimMails(ctx.app.store)).at(-1)!;
    expect(last.subject).toBe("A claim you own is due for review");
    expect(last.text).toContain(claim);
    expect(last.text).toContain("2028-01-31");
  });

  it("runs from a timer, writing the state file the build reads on each pass", async () => {
    const dir = mkdtempSync(join(tmpdir(), "claims-job-"));
    const stateFile = join(dir, "claims-state.json");
    const settings = { ...ctx.app.config, claims: { ...ctx.app.config.claims, stateFile } };
    const stop = startClaimAlerts({
      store: ctx.app.store,
      settings,
      log: silent,
      now: () => at("2028-01-21"),
    });
    try {
      await waitFor(() => existsSync(stateFile), { what: "the state file", timeoutMs: 10_000 });
      const state = JSON.parse(readFileSync(stateFile, "utf8")) as { claims: Record<string, unknown> };
      expect(state.claims[marketingClaims[0]]).toEqual({ reviewBy: "2028-01-31", evidenceFiles: 0 });
    } finally {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    }
    // Everything was told already: the pass sent nothing more.
    expect(await claimMails(ctx.app.store)).toHaveLength(3);
  });

  it("reaches the owner's mailbox through SMTP", async () => {
    const smtp = new TestSmtpServer();
    await smtp.start();
    const worker = createMailWorker({
      store: ctx.app.store,
      config: { ...ctx.app.config.delivery, backoffBaseMs: 20, backoffMaxMs: 60 },
      smtpUrl: smtp.url,
      log: silent,
    });
    try {
      worker.start();
      const mails = await waitFor(() => (smtp.accepted.length >= 3 ? smtp.accepted : undefined), {
        what: "the three claim e-mails",
        timeoutMs: 15_000,
      });
      expect(mails.map((mail) => mail.to)).toEqual([[owner.email], [owner.email], [owner.email]]);
      expect(mails[2].subject).toBe("A claim you own is due for review");
      expect(mails[2].text).toContain("/desk/claims");
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  it("tells the owner once when our records stop backing a computed claim, and nobody of an unheld role's", async () => {
    // Capital deployed (Marketing's): $600M over 40 funded reports, then $312M over 14.
    await stopsHolding(
      ctx.app.store,
      "amount-funded",
      { value: 600_000_000, n: 40, median: null },
      { value: 312_000_000, n: 14, median: null },
    );
    // Average funding time (Underwriting's, held by nobody): 18 days, then 26.5.
    await stopsHolding(
      ctx.app.store,
      "application-to-funded",
      { value: 18, n: 20, median: 17 },
      { value: 26.5, n: 22, median: 24 },
    );
    const alerts = createClaimAlerts(ctx.app.store, ctx.app.config);
    const before = (await claimMails(ctx.app.store)).length;
    expect(await alerts.run(at("2028-01-21"))).toBe(1);
    expect(await alerts.run(at("2028-01-21"))).toBe(0);
    expect(await alerts.run(at("2028-01-22"))).toBe(0);
    const mails = await claimMails(ctx.app.store);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe(owner.email);
    expect(mail.subject).toBe("Our records no longer back a claim you own");
    expect(mail.text).toContain("capital-deployed");
    expect(mail.text).toContain(claimRecord("capital-deployed").wording);
    expect(mail.text).toContain("$312M funded (all our records, 14 funded reports)");
    expect(mail.text).toContain("still shows the claim's words until someone acts");
    expect(mail.text).not.toContain("average-funding-time");

    // Audited on the claim with the figure, its value and N, and the snapshot that found it.
    const latest = (await snapshotRepository.latestTwo(ctx.app.store)).get("amount-funded")![0];
    const { rows } = await ctx.app.store.query<{ target: string; details: Record<string, unknown> }>(
      `SELECT target, details FROM desk_audit_log
        WHERE action = 'claim.owner-alerted' AND details->>'event' = 'stopped-holding'`,
    );
    expect(rows).toEqual([
      {
        target: "capital-deployed",
        details: {
          event: "stopped-holding",
          figure: "amount-funded",
          value: 312_000_000,
          n: 14,
          summary: "$312M funded (all our records, 14 funded reports)",
          snapshotId: latest.id,
          to: owner.email,
        },
      },
    ]);

    // Still short at the next computation: not a new event.
    await snapshotRepository.insert(
      ctx.app.store,
      { ...latest, value: 320_000_000, n: 15, verdict: "does-not-support" },
      new Date(),
    );
    expect(await alerts.run(at("2028-01-22"))).toBe(0);
  });

  it("puts a claim no longer backed and a review due in one e-mail", async () => {
    const recorded = await ctx.app.inject({
      method: "POST",
      url: "/api/desk/claims/businesses-funded/reviews",
      headers: deskHeaders(ctx.app, owner.cookie),
      payload: { reviewBy: "2028-03-31", note: "Counted the CRM's funded deals" },
    });
    expect(recorded.statusCode).toBe(201);
    await stopsHolding(
      ctx.app.store,
      "businesses-funded",
      { value: 204, n: 204, median: null },
      { value: 150, n: 150, median: null },
    );
    const alerts = createClaimAlerts(ctx.app.store, ctx.app.config);
    expect(await alerts.run(at("2028-03-20"))).toBe(1);
    expect(await alerts.run(at("2028-03-20"))).toBe(0);
    const mail = (await claimMails(ctx.app.store)).at(-1)!;
    expect(mail.subject).toBe("2 claims you own need attention: 1 no longer backed by our records");
    expect(mail.text).toContain("150 businesses funded (all our records)");
    expect(mail.text).toContain("2028-03-31");
  });
});

describe("claim owners' e-mails from two instances at once on postgres", () => {
  const ctx = useTwoInstances();

  it("sends each claim's event once however the passes race", async () => {
    const admin = await signedInStaff(ctx.first, { role: "admin" });
    const owner = await signedInStaff(ctx.second, { role: "staff", email: "two.instances@harborline.test" });
    await giveRole(ctx.first, admin.cookie, MARKETING, owner.userId);
    const instances = [ctx.first, ctx.second].map((app) => createClaimAlerts(app.store, app.config));
    const race = (day: string) =>
      Promise.all([...instances, ...instances].map((instance) => instance.run(at(day))));
    const sent = [...(await race("2027-06-20")), ...(await race("2027-06-21"))];
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    const lapsed = await race("2027-07-05");
    expect(lapsed.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    const { rows } = await ctx.first.store.query<{ event: string; n: number }>(
      `SELECT event, count(*)::int AS n FROM claim_alerts GROUP BY event ORDER BY event`,
    );
    expect(rows).toEqual([
      { event: "due", n: marketingClaims.length },
      { event: "lapsed", n: marketingClaims.length },
    ]);
    // Every claim is in exactly one e-mail per event.
    const mails = await claimMails(ctx.first.store);
    for (const event of ["due for review", "lapsed"]) {
      const ofEvent = mails.filter((mail) =>
        event === "lapsed" ? /lapsed/.test(mail.subject) : !/lapsed/.test(mail.subject),
      );
      for (const id of marketingClaims)
        expect(
          ofEvent.filter(
            (mail) => mail.text.includes(`Id ${id}`) || new RegExp(`\\b${id}\\b`).test(mail.text),
          ).length,
          `${id} ${event}`,
        ).toBe(1);
    }
  });

  it("tells the owner once that our records no longer back a claim however the passes race", async () => {
    await stopsHolding(
      ctx.first.store,
      "amount-funded",
      { value: 600_000_000, n: 40, median: null },
      { value: 312_000_000, n: 14, median: null },
    );
    const instances = [ctx.first, ctx.second].map((app) => createClaimAlerts(app.store, app.config));
    const before = (await claimMails(ctx.first.store)).length;
    // Every review event was told already: only the claim no longer backed is owed.
    const sent = await Promise.all(
      [...instances, ...instances].map((instance) => instance.run(at("2027-07-06"))),
    );
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mails = (await claimMails(ctx.first.store)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Our records no longer back a claim you own");
    expect(mails[0].text).toContain("capital-deployed");
    const { rows } = await ctx.first.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM claim_holding_alerts",
    );
    expect(rows[0].n).toBe(1);
  });
});
