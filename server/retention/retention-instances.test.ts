/**
 * Two instances on one PostgreSQL purging at the same moment (each runs the
 * purge by itself): every application past its period goes exactly once,
 * the counts the two audit add up to what was deleted, and neither fails.
 */
import { describe, expect, it } from "vitest";
import { runRetentionPurge } from "./retention-purge";
import { auditRows, submit } from "../../test/support/desk-applications";
import { useTwoInstances } from "../../test/support/server";

const DAY = 86_400_000;

describe("the retention purge on two PostgreSQL instances", () => {
  const ctx = useTwoInstances({ env: { APPLICATION_RETENTION: "100d", RETENTION_BATCH: "50" } });

  it("deletes each application once, taking turns, and audits the whole count between them", async () => {
    const template = await submit(ctx.first, {});
    const store = ctx.first.store;
    const { rows } = await store.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'applications' AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'submission_id', 'reference', 'booking_token')`,
    );
    const columns = rows.map((row) => `"${row.column_name}"`).join(", ");
    await store.query(
      `INSERT INTO applications (id, submission_id, ${columns})
       SELECT gen_random_uuid(), gen_random_uuid(), ${columns} FROM applications, generate_series(1, 1999)
        WHERE id = $1`,
      [template],
    );

    const at = new Date(Date.now() + 101 * DAY);
    const [first, second] = await Promise.all(
      [ctx.first, ctx.second].map((app) =>
        runRetentionPurge({ store: app.store, periods: app.config.retention, log: app.log }, at),
      ),
    );
    expect(first.applications + second.applications).toBe(2000);
    const left = await store.query<{ n: number }>("SELECT count(*)::int AS n FROM applications");
    expect(left.rows[0].n).toBe(0);
    const audited = (await auditRows(store, undefined, "retention.purged"))
      .filter((row) => row.details?.kind === "applications")
      .reduce((sum, row) => sum + Number(row.details?.count), 0);
    expect(audited).toBe(2000);
  });
});
