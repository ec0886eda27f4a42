/**
 * The retention purge on both engines, with the purge's clock moved forward
 * (`runRetentionPurge(app, at)`): each kind goes once past its period and not
 * a day before, with what depends on it; legal holds keep theirs until
 * released; a consent the CRM received waits for the evidence period; each
 * run audits a count per kind, naming no one; the intake keeps taking
 * applications while a purge of thousands runs.
 */
import type { AuditDetails } from "#domain/audit/actions";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runRetentionPurge } from "./retention-purge";
import { createAuditRepository } from "../audit/audit-repository";
import { releaseHold, setHold } from "./legal-hold-repository";
import { purgeApplications } from "./purge-repository";
import { signedInStaff } from "../../test/support/desk";
import { auditRows, deliveryHistory, submit } from "../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../test/support/server";

const DAY = 86_400_000;
const PERIODS = {
  APPLICATION_RETENTION: "100d",
  CONSENT_EVIDENCE_RETENTION: "200d",
  QUARANTINE_RETENTION: "30d",
  MAIL_BODY_RETENTION: "10d",
  SESSION_RETENTION: "5d",
  AUDIT_RETENTION: "300d",
  // Small batches: every kind takes several.
  RETENTION_BATCH: "2",
};
const BY = { id: "u-compliance", name: "Compliance" };

describe.each(ENGINES)("the retention purge on %s", (engine) => {
  const ctx = useTestApp(engine, { env: PERIODS });
  const store = () => ctx.db.store;
  const start = Date.now();
  /** The purge's clock: `days` after the tests started. */
  const runAt = (days: number) =>
    runRetentionPurge(
      { store: store(), periods: ctx.app.config.retention, log: ctx.app.log },
      new Date(start + days * DAY),
    );
  const count = async (sql: string, params: unknown[] = []) =>
    Number(
      (await store().query<{ n: string }>(`SELECT count(*)::text AS n FROM (${sql}) rows`, params)).rows[0].n,
    );
  const exists = (id: string) => count("SELECT 1 FROM applications WHERE id = $1", [id]);
  const email = () => `retained-${randomUUID().slice(0, 8)}@example.test`;
  const work = (id: string, status: string, reason: string | null = null) =>
    store().query("UPDATE applications SET work_status = $2, close_reason = $3 WHERE id = $1", [
      id,
      status,
      reason,
    ]);

  it("deletes applications that never went further once their period has passed, with every row of theirs", async () => {
    const untouched = await submit(ctx.app, { email: email() });
    const lost = await submit(ctx.app, { email: email() });
    await work(lost, "closed", "not_qualified");
    // Worked 50 days in: its period counts from then.
    await store().query(
      "INSERT INTO application_activities (application_id, at, kind, body) VALUES ($1, $2::timestamptz, 'note', 'no answer')",
      [lost, new Date(start + 50 * DAY).toISOString()],
    );
    const contacted = await submit(ctx.app, { email: email() });
    await work(contacted, "contacted");
    const funded = await submit(ctx.app, { email: email() });
    await work(funded, "closed", "funded");
    const extra = await Promise.all([1, 2, 3].map(() => submit(ctx.app, { email: email() })));

    expect(await runAt(99)).toMatchObject({ applications: 0 });
    expect(await exists(untouched)).toBe(1);

    expect(await runAt(101)).toMatchObject({ applications: 4 });
    for (const id of [untouched, ...extra]) {
      expect(await exists(id), id).toBe(0);
      expect(await count("SELECT 1 FROM consents WHERE application_id = $1", [id])).toBe(0);
      expect(await count("SELECT 1 FROM outbox WHERE application_id = $1", [id])).toBe(0);
      expect(await count("SELECT 1 FROM mail_outbox WHERE application_id = $1", [id])).toBe(0);
    }
    for (const id of [lost, contacted, funded]) expect(await exists(id), id).toBe(1);

    expect(await runAt(149)).toMatchObject({ applications: 0 });
    expect(await runAt(151)).toMatchObject({ applications: 1 });
    expect(await exists(lost)).toBe(0);
    expect(await count("SELECT 1 FROM application_activities WHERE application_id = $1", [lost])).toBe(0);
    // One entry per run and kind, a count and the period, no actor and no one named.
    const entries = await auditRows(store(), undefined, "retention.purged");
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: "retention.purged",
          actor_email: null,
          target: null,
          details: { kind: "applications", count: 4, retentionDays: 100 },
        },
        {
          action: "retention.purged",
          actor_email: null,
          target: null,
          details: { kind: "applications", count: 1, retentionDays: 100 },
        },
      ]),
    );
    // Those that went further stay, however old.
    await runAt(3000);
    for (const id of [contacted, funded]) expect(await exists(id), id).toBe(1);
  });

  it("counts and audits what a purge removed before a batch failed, and finishes the rest next run", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => submit(ctx.app, { email: email() })));
    // The third transaction fails (the quarantine takes the first, the applications' first batch the
    // second): the first batch of two is committed and gone.
    let transactions = 0;
    const failing: typeof ctx.db.store = Object.create(store(), {
      transaction: {
        value: (fn: Parameters<typeof ctx.db.store.transaction>[0]) =>
          ++transactions === 3 ? Promise.reject(new Error("connection lost")) : store().transaction(fn),
      },
    });
    const at = new Date(start + 101 * DAY);
    const periods = ctx.app.config.retention;
    const counts = await runRetentionPurge({ store: failing, periods, log: ctx.app.log }, at);
    expect(counts.applications).toBe(2);
    const left = async () => (await Promise.all(ids.map(exists))).reduce((sum, n) => sum + n, 0);
    expect(await left()).toBe(3);
    const audited = async () =>
      (await auditRows(store(), undefined, "retention.purged"))
        .filter((row) => row.details?.kind === "applications")
        .map((row) => Number(row.details?.count));
    expect(await audited()).toEqual([2]);

    expect((await runAt(101)).applications).toBe(3);
    expect(await left()).toBe(0);
    expect((await audited()).sort()).toEqual([2, 3]);
  });

  it("keeps a consent the CRM received until the evidence period has passed", async () => {
    const delivered = await submit(ctx.app, { email: email() });
    await deliveryHistory(store(), delivered, "delivered", [
      { at: new Date(start).toISOString(), status: 200, outcome: "delivered" },
    ]);
    await runAt(150);
    expect(await exists(delivered)).toBe(1);
    // The consent trigger refuses the evidence to anyone who has not declared its period over.
    await expect(
      store().query("DELETE FROM consents WHERE application_id = $1", [delivered]),
    ).rejects.toThrow(/write-once/);
    expect(await runAt(201)).toMatchObject({ applications: 1 });
    expect(await exists(delivered)).toBe(0);
  });

  it("skips what a legal hold covers, and takes it up once the hold is released", async () => {
    const address = email();
    const heldByApplication = await submit(ctx.app, { email: email() });
    const heldByAddress = await submit(ctx.app, { email: address.toUpperCase() });
    const spam = await submit(ctx.app, { email: email(), companyWebsite: "bot" });
    const onHold = await setHold(store(), { applicationId: heldByApplication }, "Subpoena", BY);
    const onAddress = await setHold(store(), { email: address }, "Dispute", BY);
    await setHold(store(), { applicationId: spam }, "Evidence of fraud", BY);

    await runAt(400);
    for (const id of [heldByApplication, heldByAddress, spam]) expect(await exists(id), id).toBe(1);

    await releaseHold(store(), onHold.id, "Closed", BY);
    await releaseHold(store(), onAddress.id, "Settled", BY);
    await runAt(400);
    expect(await exists(heldByApplication)).toBe(0);
    expect(await exists(heldByAddress)).toBe(0);
    expect(await exists(spam)).toBe(1);
  });

  it("deletes quarantine after its own period, auditing it as before", async () => {
    const spam = await submit(ctx.app, { email: email(), companyWebsite: "bot" });
    expect(await runAt(29)).toMatchObject({ quarantine: 0 });
    expect(await exists(spam)).toBe(1);
    expect(await runAt(31)).toMatchObject({ quarantine: 1 });
    expect(await exists(spam)).toBe(0);
    expect(await auditRows(store(), undefined, "applications.purged")).toContainEqual(
      expect.objectContaining({ actor_email: null, details: { count: 1, retentionDays: 30 } }),
    );
  });

  it("blanks sent e-mails' bodies after their period, keeping the fact they were sent, but not held ones", async () => {
    const address = email();
    const plain = await submit(ctx.app, { email: email() });
    const held = await submit(ctx.app, { email: email() });
    const toHeld = await submit(ctx.app, { email: address });
    await setHold(store(), { applicationId: held }, "Matter", BY);
    await setHold(store(), { email: address }, "Matter", BY);
    await store().query("UPDATE mail_outbox SET status = 'sent', sent_at = $1::timestamptz", [
      new Date(start).toISOString(),
    ]);
    const mail = async (id: string) =>
      (
        await store().query<{
          html: string;
          text: string;
          subject: string;
          to_address: string;
          status: string;
        }>(
          "SELECT html, text, subject, to_address, status, body_removed_at FROM mail_outbox WHERE application_id = $1 AND kind = 'receipt'",
          [id],
        )
      ).rows[0];
    const before = await mail(plain);
    expect(before.text.length).toBeGreaterThan(50);

    expect(await runAt(9)).toMatchObject({ "mail-bodies": 0 });
    expect((await mail(plain)).text).toBe(before.text);
    const blanked = (await runAt(11))["mail-bodies"];
    expect(blanked).toBeGreaterThanOrEqual(1);
    expect(await mail(plain)).toEqual({
      html: "",
      text: "",
      subject: before.subject,
      to_address: before.to_address,
      status: "sent",
      body_removed_at: new Date(start + 11 * DAY),
    });
    for (const id of [held, toHeld]) expect((await mail(id)).text.length, id).toBeGreaterThan(50);
    expect(await count("SELECT 1 FROM mail_outbox WHERE application_id = $1", [held])).toBeGreaterThan(0);
    // Blanked once: the next run finds nothing more.
    expect(await runAt(12)).toMatchObject({ "mail-bodies": 0 });
  });

  it("deletes desk sessions once they have been over for their period", async () => {
    const member = await signedInStaff(ctx.app);
    const sessions = () => count('SELECT 1 FROM desk_session WHERE "userId" = $1', [member.userId]);
    expect(await sessions()).toBe(1);
    // A session lasts at most DESK_SESSION_MAX (12 h): over by day 1, kept until day 6.
    expect(await runAt(5)).toMatchObject({ sessions: 0 });
    expect(await sessions()).toBe(1);
    expect((await runAt(6)).sessions).toBeGreaterThanOrEqual(1);
    expect(await sessions()).toBe(0);
  });

  it("deletes audit entries after their period, but not those about what is held", async () => {
    const address = email();
    const held = await submit(ctx.app, { email: email() });
    await setHold(store(), { applicationId: held }, "Matter", BY);
    await setHold(store(), { email: address }, "Matter", BY);
    const record = (target: string | undefined, details: Record<string, unknown>) =>
      createAuditRepository(store()).record({
        actorId: null,
        actorEmail: null,
        action: "consents.looked-up",
        target,
        // Written as the test needs them: an address (or none) beside a held target.
        details: details as AuditDetails["consents.looked-up"],
      });
    await record(undefined, { email: "someone@example.test", found: 0 });
    await record(held, { found: 1 });
    await record(undefined, { email: address, found: 1 });
    await record("not-a-uuid", { found: 0 });
    const lookups = () => count("SELECT 1 FROM desk_audit_log WHERE action = 'consents.looked-up'");
    expect(await lookups()).toBe(4);

    expect(await runAt(299)).toMatchObject({ audit: 0 });
    expect(await lookups()).toBe(4);
    expect((await runAt(301)).audit).toBeGreaterThanOrEqual(2);
    const left = await auditRows(store(), undefined, "consents.looked-up");
    expect(left.map((row) => row.target ?? row.details?.email).sort()).toEqual([address, held].sort());
    // The table refuses the same deletion to anyone else.
    await expect(store().query("DELETE FROM desk_audit_log")).rejects.toThrow(/append-only/);
  });

  // 6,001 applications purged 200 at a time: on PGlite at load 9 it ran past the 30 s default.
  it(
    "keeps taking applications while a purge of thousands runs, waiting for one batch at most",
    {
      timeout: 120_000,
    },
    async () => {
      const template = await submit(ctx.app, { email: email() });
      const { rows } = await store().query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'applications' AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'submission_id', 'reference', 'booking_token')`,
      );
      const columns = rows.map((row) => `"${row.column_name}"`).join(", ");
      await store().query(
        `INSERT INTO applications (id, submission_id, ${columns})
       SELECT gen_random_uuid(), gen_random_uuid(), ${columns} FROM applications, generate_series(1, 6000)
        WHERE id = $1`,
        [template],
      );
      expect(await count("SELECT 1 FROM applications")).toBe(6001);
      // All 200 days old; what arrives during the purge is new, and stays.
      await store().query("UPDATE applications SET created_at = created_at - interval '200 days'");

      let purgeDone = false;
      const purge = purgeApplications(
        store(),
        { keepMs: 100 * DAY, evidenceMs: 200 * DAY },
        { now: new Date(), batchSize: 200 },
      ).finally(() => (purgeDone = true));
      // Applicants arriving as it starts: each waits for a batch at most, never for the whole purge.
      const taken = await Promise.all(
        Array.from({ length: 4 }, () =>
          submit(ctx.app, { email: email() }).then((id) => ({ id, duringPurge: !purgeDone })),
        ),
      );
      expect(await purge).toBe(6001);
      expect(taken.filter((row) => row.duringPurge).length).toBeGreaterThanOrEqual(1);
      for (const { id } of taken) expect(await exists(id), id).toBe(1);
    },
  );
});
