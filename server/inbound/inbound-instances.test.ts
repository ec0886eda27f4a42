/**
 * Two server instances on one PostgreSQL, each with its own pool, receiving
 * the same deliveries at the same moment (a sender retrying after a timeout
 * through a load balancer): each event is applied once, and reports about
 * one application racing each other end where the newest, furthest one says.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { submit } from "../../test/support/desk-applications";
import { CRM_SECRET, INBOUND_ENV, signedHeaders, stageEvent, workOf } from "../../test/support/inbound";
import { useTwoInstances } from "../../test/support/server";

const ROUNDS = 12;

describe("the inbound webhook on two instances (PostgreSQL)", () => {
  const ctx = useTwoInstances({ env: INBOUND_ENV });
  const store = () => ctx.first.store;

  /** The same signed request (same id, body and signature) to both instances at once. */
  function deliverToBoth(body: object, id: string) {
    const raw = JSON.stringify(body);
    const request = {
      method: "POST" as const,
      url: "/api/inbound/crm",
      headers: { "content-type": "application/json", ...signedHeaders(CRM_SECRET, id, new Date(), raw) },
      payload: raw,
    };
    return Promise.all([ctx.first.inject(request), ctx.second.inject(request)]);
  }

  it("applies an event posted to both instances at once exactly once", async () => {
    const ids = await Promise.all(Array.from({ length: ROUNDS }, () => submit(ctx.first)));
    const answers = await Promise.all(
      ids.map((id, i) =>
        deliverToBoth(
          stageEvent({ applicationId: id, stage: i % 2 ? "qualified" : "contacted" }),
          `msg_${i}`,
        ),
      ),
    );
    for (const pair of answers) {
      expect(pair.map((response) => response.statusCode)).toEqual([200, 200]);
      expect(pair.map((response) => response.json().duplicate).sort()).toEqual([false, true]);
    }
    const { rows } = await store().query<{
      application_id: string;
      events: string;
      activities: string;
      audit: string;
    }>(
      `SELECT a.id::text AS application_id,
              (SELECT count(*) FROM inbound_events e WHERE e.application_id = a.id)::text AS events,
              (SELECT count(*) FROM application_activities v WHERE v.application_id = a.id)::text AS activities,
              (SELECT count(*) FROM desk_audit_log l WHERE l.target = a.id::text
                  AND l.action = 'application.stage-reported')::text AS audit
         FROM applications a WHERE a.id = ANY($1::uuid[])`,
      [ids],
    );
    expect(rows).toHaveLength(ROUNDS);
    for (const row of rows) expect([row.events, row.activities, row.audit]).toEqual(["1", "1", "1"]);
    for (const [i, id] of ids.entries()) {
      expect((await workOf(store(), id)).workStatus).toBe(i % 2 ? "qualified" : "contacted");
    }
  });

  it("ends at the newest, furthest stage when reports about one application race on both instances", async () => {
    const id = await submit(ctx.first);
    await store().query("UPDATE applications SET created_at = now() - interval '1 hour' WHERE id = $1", [id]);
    const base = Date.now() - 10 * 60_000;
    const reports = [
      stageEvent({ applicationId: id, stage: "contacted" }, new Date(base + 60_000).toISOString()),
      stageEvent({ applicationId: id, stage: "qualified" }, new Date(base + 120_000).toISOString()),
      stageEvent(
        { applicationId: id, stage: "funded", amount: 75_000 },
        new Date(base + 180_000).toISOString(),
      ),
    ];
    // Each report posted twice (both instances), all at once, in an order that varies.
    const order = [...reports].sort(() => Math.random() - 0.5);
    const answers = (
      await Promise.all(order.map((body) => deliverToBoth(body, `msg_${randomUUID()}`)))
    ).flat();
    expect(answers.every((response) => response.statusCode === 200)).toBe(true);
    expect(answers.filter((response) => !response.json().duplicate)).toHaveLength(3);
    expect(await workOf(store(), id)).toMatchObject({
      workStatus: "closed",
      closeReason: "funded",
      fundedAmount: 75_000,
      stageReportedAt: new Date(base + 180_000).toISOString(),
      firstTouchedAt: new Date(base + 60_000).toISOString(),
    });
    const { rows } = await store().query<{ n: string }>(
      "SELECT count(*)::text AS n FROM application_activities WHERE application_id = $1 AND kind = 'stage'",
      [id],
    );
    expect(rows[0].n).toBe("3");
  });
});
