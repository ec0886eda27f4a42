/**
 * GET /api/desk/work-metrics on both engines, with applications placed in
 * time and worked directly in the store: each figure (time to first touch,
 * the share touched within the promised window in all, by owner, by product
 * and by week of the provider's zone, the funnel past CRM delivery and the
 * funded amount), the zone's day and week edges, and the 400s for a bad range.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { WorkMetrics } from "#domain/desk/contract";
import { signedInStaff } from "../../../test/support/desk";
import { submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";
import type { Store } from "../../store/store";

const HOUR = 3_600_000;
const later = (at: string, hours: number) => new Date(Date.parse(at) + hours * HOUR).toISOString();

interface Worked {
  createdAt: string;
  fundingType: string;
  owner?: string | null;
  /** Hours from received to the first touch; none: untouched. */
  touchedAfter?: number;
  /** The review deadline; by default 24 hours after it was received. */
  dueAt?: string;
  workStatus?: string;
  closeReason?: string;
  fundedAmount?: number;
  delivery?: "pending" | "delivered" | "dead";
  /** Statuses it had before (status changes and CRM stage reports), oldest first. */
  history?: { kind: "status" | "stage"; workStatus: string; closeReason?: string }[];
}

/** An application submitted as visitors do, then placed in time and worked as staff and the CRM would. */
async function worked(app: Parameters<typeof submit>[0], store: Store, spec: Worked): Promise<string> {
  const id = await submit(app, { fundingType: spec.fundingType });
  await store.query(
    `UPDATE applications
        SET created_at = $2::timestamptz, owner_id = $3, review_due_at = $4::timestamptz,
            first_touched_at = $5::timestamptz, work_status = $6, close_reason = $7, funded_amount = $8
      WHERE id = $1`,
    [
      id,
      spec.createdAt,
      spec.owner ?? null,
      spec.dueAt ?? later(spec.createdAt, 24),
      spec.touchedAfter === undefined ? null : later(spec.createdAt, spec.touchedAfter),
      spec.workStatus ?? "new",
      spec.closeReason ?? null,
      spec.fundedAmount ?? null,
    ],
  );
  await store.query("UPDATE outbox SET status = $2 WHERE application_id = $1", [
    id,
    spec.delivery ?? "pending",
  ]);
  for (const [i, step] of (spec.history ?? []).entries()) {
    await store.query(
      `INSERT INTO application_activities (application_id, at, kind, work_status, close_reason)
       VALUES ($1, $2::timestamptz, $3, $4, $5)`,
      [id, later(spec.createdAt, i + 1), step.kind, step.workStatus, step.closeReason ?? null],
    );
  }
  return id;
}

const figures = (
  applications: number,
  touched: number,
  withinWindow: number,
  late: number,
  medianHours: number | null,
) => ({
  applications,
  touched,
  withinWindow,
  late,
  medianFirstTouchMs: medianHours === null ? null : medianHours * HOUR,
});

describe.each(ENGINES)("GET /api/desk/work-metrics on %s", (engine) => {
  const { ctx, client } = useStaffDesk(engine);
  const owners = { dana: "", sam: "" };

  beforeAll(async () => {
    // Two more staff members to own applications (the signed-in one reads).
    for (const [key, name] of [
      ["dana", "Dana Reyes"],
      ["sam", "Sam Okafor"],
    ] as const) {
      const { userId } = await signedInStaff(ctx.app);
      await ctx.db.store.query(`UPDATE "desk_user" SET name = $2 WHERE id = $1`, [userId, name]);
      owners[key] = userId;
    }
  });

  const metrics = async (query: string) => {
    const response = await client.get(`/api/desk/work-metrics${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WorkMetrics;
  };

  it("answers each figure over the applications received on those days of the provider's zone", async () => {
    const store = ctx.db.store;
    const app = ctx.app;
    const future = new Date(Date.now() + 24 * HOUR).toISOString();
    // The week of Monday 2026-03-02 (New York, EST) ...
    await worked(app, store, {
      createdAt: "2026-03-02T15:00:00Z",
      fundingType: "revenue-based",
      owner: owners.dana,
      touchedAfter: 1,
      workStatus: "contacted",
      delivery: "delivered",
    });
    await worked(app, store, {
      createdAt: "2026-03-03T15:00:00Z",
      fundingType: "revenue-based",
      owner: owners.dana,
      touchedAfter: 30,
      workStatus: "closed",
      closeReason: "funded",
      fundedAmount: 250000,
      delivery: "delivered",
      history: [{ kind: "stage", workStatus: "closed", closeReason: "funded" }],
    });
    // Sunday 23:30 in New York (EDT since the 8th) though Monday in UTC: still the first week.
    await worked(app, store, {
      createdAt: "2026-03-09T03:30:00Z",
      fundingType: "strategic-financing",
      owner: owners.sam,
      touchedAfter: 2,
      workStatus: "underwriting",
      delivery: "delivered",
      history: [
        { kind: "stage", workStatus: "qualified" },
        { kind: "status", workStatus: "underwriting" },
      ],
    });
    // ... and the week of Monday 2026-03-09 (EDT).
    await worked(app, store, {
      createdAt: "2026-03-10T14:00:00Z",
      fundingType: "sba-loan",
      owner: owners.sam,
      touchedAfter: 3,
      // Qualified once, then closed: it still got as far as qualified. Never delivered (dead).
      workStatus: "closed",
      closeReason: "not_qualified",
      delivery: "dead",
      history: [
        { kind: "status", workStatus: "qualified" },
        { kind: "status", workStatus: "closed", closeReason: "not_qualified" },
      ],
    });
    // Unassigned and never touched, its deadline passed: late.
    await worked(app, store, { createdAt: "2026-03-11T14:00:00Z", fundingType: "sba-loan" });
    // Sunday 23:30 on the range's last day (Monday 03:30 UTC), untouched and not due yet: still open.
    await worked(app, store, { createdAt: "2026-03-16T03:30:00Z", fundingType: "other", dueAt: future });

    // Outside: just before the first day and just after the last (zone days), and a quarantined one.
    await worked(app, store, { createdAt: "2026-03-02T04:00:00Z", fundingType: "other", touchedAfter: 1 });
    await worked(app, store, { createdAt: "2026-03-16T04:00:00Z", fundingType: "other", touchedAfter: 1 });
    const held = await worked(app, store, { createdAt: "2026-03-04T15:00:00Z", fundingType: "other" });
    await store.query("UPDATE applications SET status = 'quarantined' WHERE id = $1", [held]);

    const report = await metrics("?from=2026-03-02&to=2026-03-15");
    expect(report).toMatchObject({ from: "2026-03-02", to: "2026-03-15", timeZone: "America/New_York" });

    // Touched after 1, 2, 3 and 30 hours: the median is 2.5 hours. 3 within, 2 late, 1 still open.
    expect(report.totals).toEqual(figures(6, 4, 3, 2, 2.5));

    expect(report.byOwner).toEqual([
      {
        ...figures(2, 2, 1, 1, 15.5),
        owner: expect.objectContaining({ id: owners.dana, name: "Dana Reyes" }),
      },
      { ...figures(2, 2, 2, 0, 2.5), owner: expect.objectContaining({ id: owners.sam, name: "Sam Okafor" }) },
      { ...figures(2, 0, 0, 1, null), owner: null },
    ]);

    expect(report.byProduct).toEqual([
      { ...figures(2, 2, 1, 1, 15.5), fundingType: "revenue-based", label: "Revenue-Based Financing" },
      { ...figures(2, 1, 1, 1, 3), fundingType: "sba-loan", label: "SBA Loan" },
      { ...figures(1, 1, 1, 0, 2), fundingType: "strategic-financing", label: "0% Strategic Financing" },
      { ...figures(1, 0, 0, 0, null), fundingType: "other", label: "Other" },
    ]);

    expect(report.byWeek).toEqual([
      { ...figures(3, 3, 2, 1, 2), week: "2026-03-02" },
      { ...figures(3, 1, 1, 1, 3), week: "2026-03-09" },
    ]);

    // Delivered: 3 (one dead, two pending). Contacted 4: more than delivered (worked while
    // undelivered), so no loss on the way. Qualified: the funded one, the one in underwriting
    // and the one qualified before it was closed.
    expect(report.funnel).toEqual([
      { step: "received", label: "Received", applications: 6, dropOff: null },
      { step: "delivered", label: "Delivered to the CRM", applications: 3, dropOff: 3 },
      { step: "contacted", label: "Contacted", applications: 4, dropOff: null },
      { step: "qualified", label: "Qualified", applications: 3, dropOff: 1 },
      { step: "funded", label: "Funded", applications: 1, dropOff: 2 },
    ]);
    expect(Number(report.fundedAmount)).toBe(250000);
  });

  it("lists every week of the range, with nothing received as zeros", async () => {
    const report = await metrics("?from=2026-02-25&to=2026-03-10");
    expect(report.byWeek.map((row) => row.week)).toEqual(["2026-02-23", "2026-03-02", "2026-03-09"]);
    expect(report.byWeek[0]).toEqual({ ...figures(0, 0, 0, 0, null), week: "2026-02-23" });
    expect(report.totals).toEqual(figures(0, 0, 0, 0, null));
    expect(report.funnel.map((row) => row.applications)).toEqual([0, 0, 0, 0, 0]);
    expect(report.byOwner).toEqual([]);
    expect(Number(report.fundedAmount)).toBe(0);
  });

  it("covers the 30 days up to today by default, where a new application is still open", async () => {
    await submit(ctx.app);
    const report = await metrics("");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(report.to).toBe(today);
    expect(Date.parse(report.to) - Date.parse(report.from)).toBe(29 * 24 * HOUR);
    expect(report.totals).toEqual(figures(1, 0, 0, 0, null));
    expect(report.funnel[0]).toMatchObject({ step: "received", applications: 1 });
  });

  it.each([
    ["?from=2026-02-30", "from", "is not a date in the calendar"],
    ["?to=03/10/2026", "to", "must be a date (YYYY-MM-DD)"],
    ["?from=2026-03-10&to=2026-03-01", "to", "must not be before from"],
    ["?from=2025-01-01&to=2026-03-01", "to", "must be at most 366 days after from"],
    ["?source=newsletter", "source", "is not a parameter here"],
  ])("refuses %s with a 400 naming %s", async (query, field, message) => {
    const response = await client.get(`/api/desk/work-metrics${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: `${field} ${message}`, errors: { [field]: message } });
  });

  it("answers 401 without a session", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/desk/work-metrics" });
    expect(response.statusCode).toBe(401);
  });
});
