/**
 * The computed claims against a hand count, on both engines: applications
 * submitted through the intake route, touched and decided through the desk's
 * routes, reported funded or lost by the CRM through the signed inbound
 * webhook, and placed in time in the store (as the other clock tests do). One
 * pass of the job computes; the desk's GET /api/desk/claims/computed answers
 * what the hand count written here says, and too little data says so.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ComputedClaimItem, ComputedClaimsOverview } from "#domain/desk/contract";
import type { ComputedFigureId } from "#domain/claims/computed";
import { signedInStaff } from "../../../test/support/desk";
import { deskClient, placeAt, submit } from "../../../test/support/desk-applications";
import { samplePdf } from "../../../test/support/document-files";
import { INBOUND_ENV, postSigned, stageEvent } from "../../../test/support/inbound";
import { ENGINES, useTestApp } from "../../../test/support/server";
import { moveChecklistItem } from "../../documents/checklist";
import { writeDocument } from "../../documents/document-store";
import { keyringFrom } from "../../documents/master-key";
import { makeRoomChecklist } from "../../room/room-checklist";
import { recomputeClaims } from "./recompute";

const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EVERY = HOUR;

describe.each(ENGINES)("computed claims against a hand count on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { DOCUMENTS_MASTER_KEY: KEY, ...INBOUND_ENV }, resetEach: false });
  let staff: { cookie: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  const store = () => ctx.db.store;
  const base = (id: string) => `/api/desk/applications/${id}`;
  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await store().exec("TRUNCATE claim_snapshots, claim_ratings CASCADE");
  });

  /** Submitted through the intake route, received `ago` ms ago, its review due 24 hours after. */
  async function received(
    ago: number,
    company = "Acme Robotics",
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const id = await submit(ctx.app, { companyName: company, ...extra });
    const at = new Date(Date.now() - ago).toISOString();
    await placeAt(store(), id, at);
    await store().query(
      "UPDATE applications SET review_due_at = $2::timestamptz + interval '24 hours' WHERE id = $1",
      [id, at],
    );
    return id;
  }

  const touch = async (id: string) => {
    const response = await client.post(`${base(id)}/work-status`, { status: "contacted" });
    expect(response.statusCode).toBe(200);
  };
  const close = async (id: string, closeReason: string) => {
    const response = await client.post(`${base(id)}/work-status`, { status: "closed", closeReason });
    expect(response.statusCode).toBe(200);
  };
  const report = async (id: string, data: Record<string, unknown>) => {
    const response = await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, ...data }));
    expect(response.statusCode).toBeLessThan(300);
  };

  /** Every checklist item received (files whose checks are done) and accepted by a rep through the desk. */
  async function documentsComplete(id: string) {
    // The checklist, as the room makes it on the applicant's first visit.
    const { rows } = await store().query<{ funding_type: string; submitted_at: Date | string }>(
      "SELECT funding_type, submitted_at FROM applications WHERE id = $1",
      [id],
    );
    const submittedAt = new Date(rows[0].submitted_at).toISOString();
    await makeRoomChecklist(
      store(),
      { id, fundingType: rows[0].funding_type, submittedAt },
      "America/New_York",
    );
    const items = (
      await store().query<{ id: string }>(
        "SELECT id FROM document_checklist_items WHERE application_id = $1 ORDER BY position",
        [id],
      )
    ).rows.map((row) => row.id);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const file = {
        applicationId: id,
        itemId: item,
        uploadedBy: "applicant",
        originalName: "scan.pdf",
        mediaType: "application/pdf",
        checks: "done",
      } as const;
      await writeDocument(store(), keyring, file, [samplePdf()]);
      await moveChecklistItem(store(), id, item, { type: "upload", by: "applicant" }, "applicant");
      const accepted = await client.post(`${base(id)}/documents/items/${item}/accept`);
      expect(accepted.statusCode).toBe(200);
    }
  }

  /** Moves the decision clock back: documents complete `ago` ms ago, due 48 hours after. */
  const completeAgo = (id: string, ago: number) =>
    store().query(
      `UPDATE applications SET documents_complete_at = now() - $2::numeric * interval '1 millisecond',
              decision_due_at = now() - $2::numeric * interval '1 millisecond' + interval '48 hours'
        WHERE id = $1`,
      [id, ago],
    );

  async function computed(): Promise<Record<ComputedFigureId, ComputedClaimItem>> {
    expect(await recomputeClaims(store(), EVERY)).toBe(true);
    const response = await client.get("/api/desk/claims/computed");
    expect(response.statusCode).toBe(200);
    const overview = response.json() as ComputedClaimsOverview;
    return Object.fromEntries(overview.figures.map((item) => [item.figure, item])) as Record<
      ComputedFigureId,
      ComputedClaimItem
    >;
  }

  it("answers 401 without a session", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/desk/claims/computed" });
    expect(response.statusCode).toBe(401);
  });

  it("counts the review clock and the CRM's funded reports as a hand count does", async () => {
    // The review clock: received, due 24 hours later, met by a first touch by then.
    const lateTouch = await received(3 * DAY);
    await touch(lateTouch); // touched 2 days late: missed
    const onTime = await received(HOUR);
    await touch(onTime); // met
    await received(2 * DAY); // untouched, due a day ago: missed
    await received(HOUR); // untouched, due in 23 hours: not known yet, not counted
    const old = await received(100 * DAY);
    await touch(old); // received before the 90 days: not counted
    // Quarantined as spam (the form's hidden field filled), untouched past its deadline: not counted.
    const spam = await received(2 * DAY, "Spam Co", { companyWebsite: "http://spam.example" });
    const stored = await store().query<{ status: string }>("SELECT status FROM applications WHERE id = $1", [
      spam,
    ]);
    expect(stored.rows[0].status).toBe("quarantined");

    // The CRM's reports (each a touch, now): funded with an amount, funded again by the
    // same business (another case), funded without an amount, funded soon after arriving, lost.
    const acme = await received(10 * DAY, "Acme Co");
    await report(acme, { stage: "funded", amount: 250_000 });
    const acmeAgain = await received(20 * DAY, "ACME CO");
    await report(acmeAgain, { stage: "funded", amount: 100_000.5 });
    const birch = await received(5 * DAY, "Birch Ltd");
    await report(birch, { stage: "funded" });
    const cedar = await received(2 * HOUR, "Cedar Inc");
    await report(cedar, { stage: "funded", amount: 50_000 });
    const lost = await received(4 * DAY, "Dune LLC");
    await report(lost, { stage: "lost" });

    const figures = await computed();

    // By hand. Review, known: lateTouch, onTime, the untouched overdue one, acme, acmeAgain,
    // birch, lost (each reported days after its deadline) and cedar (reported within its 24 hours):
    // 8; met: onTime and cedar.
    const review = figures["review-within-window"];
    expect(review.snapshot).toMatchObject({ n: 8, verdict: "too-little-data" });
    expect(review.snapshot!.value).toBeCloseTo(2 / 8, 10);
    expect(review.sentence).toBe("Too little data: N = 8, at least 30 needed");
    expect(review.claim).toEqual({ id: "review-time", wording: "Application review within 24 hours" });

    // Application to funded: 10, 20, 5 and 1/12 days (a few seconds more each, the requests' own time).
    const days = figures["application-to-funded"].snapshot!;
    expect(days.n).toBe(4);
    expect(days.value).toBeCloseTo((10 + 20 + 5 + 1 / 12) / 4, 3);
    expect(days.median).toBeCloseTo((5 + 10) / 2, 3);
    expect(days.verdict).toBe("too-little-data");

    // Businesses: Acme Co (twice, in two cases), Birch Ltd, Cedar Inc.
    expect(figures["businesses-funded"].snapshot).toMatchObject({
      value: 3,
      n: 3,
      verdict: "does-not-support",
    });
    expect(figures["businesses-funded"].sentence).toBe("3 businesses funded (all our records)");
    // Amounts: the three reports that carried one.
    expect(figures["amount-funded"].snapshot).toMatchObject({ value: 400_000.5, n: 3 });
    expect(figures["amount-funded"].snapshot!.verdict).toBe("does-not-support");

    // Nothing about decisions yet: no documents completed; no ratings held.
    expect(figures["decision-within-window"].snapshot).toMatchObject({ value: null, n: 0 });
    expect(figures["average-rating"].snapshot).toMatchObject({
      value: null,
      n: 0,
      verdict: "too-little-data",
    });
  });

  it("counts the decision clock as a hand count does", async () => {
    const decided = await received(HOUR);
    await documentsComplete(decided);
    await close(decided, "not_qualified"); // decided within the window: met

    const late = await received(4 * DAY);
    await documentsComplete(late);
    await completeAgo(late, 3 * DAY);
    await close(late, "funded"); // decided a day after its deadline: missed

    const overdue = await received(4 * DAY);
    await documentsComplete(overdue);
    await completeAgo(overdue, 3 * DAY); // undecided past its deadline: missed

    const open = await received(HOUR);
    await documentsComplete(open); // undecided, due in 48 hours: not counted

    const duplicate = await received(HOUR);
    await documentsComplete(duplicate);
    await close(duplicate, "duplicate"); // closed without a decision: owes none

    const funded = await received(HOUR, "Elm Partners");
    await documentsComplete(funded);
    await report(funded, { stage: "funded", amount: 75_000 }); // the CRM's decision: met

    const before = await received(120 * DAY);
    await documentsComplete(before);
    await completeAgo(before, 100 * DAY); // complete before the 90 days: not counted

    const figures = await computed();
    // Known: decided, late, overdue, funded; met: decided, funded.
    expect(figures["decision-within-window"].snapshot).toMatchObject({ value: 0.5, n: 4 });
    expect(figures["decision-within-window"].snapshot!.verdict).toBe("too-little-data");
    expect(figures["decision-within-window"].claim.wording).toBe("Funding decision within 48 hours");
    // Funded: late (by staff, without an amount) and funded (by the CRM).
    expect(figures["businesses-funded"].snapshot).toMatchObject({ value: 2 });
    expect(figures["amount-funded"].snapshot).toMatchObject({ value: 75_000, n: 1 });
  });
});
