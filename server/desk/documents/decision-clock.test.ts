/**
 * The funding decision's clock over HTTP on both engines: the rep's accept of
 * the last item starts it (documents complete, the decision due
 * DECISION_WINDOW later), a rep's "needs attention" stops and clears it, the
 * next completion starts it again, and a decision (a rep closing the
 * application as not qualified, the CRM reporting it funded) meets it. The
 * desk's application and the applicant's room both say so; an application
 * closed without a decision owes none.
 */
import { randomBytes } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApplicationDetail, DecisionClockState } from "#domain/desk/contract";
import type { RoomView } from "#domain/documents/room-view";
import { deskClient, submit } from "../../../test/support/desk-applications";
import { signedInStaff } from "../../../test/support/desk";
import { INBOUND_ENV, postSigned, stageEvent } from "../../../test/support/inbound";
import { ENGINES, useTestApp } from "../../../test/support/server";
import { samplePdf } from "../../../test/support/document-files";
import { moveChecklistItem } from "../../documents/checklist";
import { writeDocument } from "../../documents/document-store";
import { keyringFrom } from "../../documents/master-key";
import { issueRoomLink } from "../../room/room-link";

const SITE = "http://localhost:3000";
const KEY = randomBytes(32).toString("base64");
const keyring = keyringFrom(KEY);
const HOUR = 3_600_000;

describe.each(ENGINES)("the decision clock on %s", (engine) => {
  // 30 hours, not the default 48: the configured window is the one counted.
  const ctx = useTestApp(engine, {
    env: { DECISION_WINDOW: "30h", DOCUMENTS_MASTER_KEY: KEY, ...INBOUND_ENV },
    resetEach: false,
  });
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
  beforeEach(() => ctx.db.reset());

  /** An application whose checklist (made as the room makes it, on the applicant's first visit) has every item received. */
  async function allReceived(): Promise<{ id: string; items: string[] }> {
    const id = await submit(ctx.app);
    expect(await roomDecision(id)).toBeNull();
    const { rows } = await store().query<{ id: string }>(
      "SELECT id FROM document_checklist_items WHERE application_id = $1 ORDER BY position",
      [id],
    );
    const items = rows.map((row) => row.id);
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) await upload(id, item);
    return { id, items };
  }

  /** A file whose checks are done (as the upload's checks leave a clean one), its item received. */
  async function upload(applicationId: string, itemId: string) {
    const file = {
      applicationId,
      itemId,
      uploadedBy: "applicant",
      originalName: "scan.pdf",
      mediaType: "application/pdf",
      checks: "done",
    } as const;
    await writeDocument(store(), keyring, file, [samplePdf()]);
    await moveChecklistItem(store(), applicationId, itemId, { type: "upload", by: "applicant" }, "applicant");
  }

  const decisionOf = async (id: string): Promise<DecisionClockState | null> =>
    ((await client.get(base(id))).json() as ApplicationDetail).decision;

  async function roomDecision(id: string): Promise<RoomView["status"]["decision"]> {
    const token = await issueRoomLink(store(), id, "asked-again");
    const session = await ctx.app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", origin: SITE },
      payload: { token },
    });
    const room = await ctx.app.inject({
      method: "GET",
      url: "/api/room",
      headers: { cookie: String(session.headers["set-cookie"]).split(";")[0] },
    });
    expect(room.statusCode).toBe(200);
    return (room.json() as RoomView).status.decision;
  }

  it("starts when the last item is accepted, clears when one needs attention, restarts, and is met by a decision", async () => {
    const { id, items } = await allReceived();
    for (const item of items.slice(0, -1)) {
      const accepted = await client.post(`${base(id)}/documents/items/${item}/accept`);
      expect(accepted.json()).not.toHaveProperty("error");
      expect(accepted.statusCode).toBe(200);
    }
    // Five of six accepted: no clock yet, for the desk or the applicant.
    expect(await decisionOf(id)).toBeNull();
    expect(await roomDecision(id)).toBeNull();

    const before = Date.now();
    const last = await client.post(`${base(id)}/documents/items/${items.at(-1)}/accept`);
    expect(last.statusCode).toBe(200);
    const started = (last.json() as { application: ApplicationDetail }).application.decision!;
    expect(started.decidedAt).toBeNull();
    const completeAt = Date.parse(started.documentsCompleteAt);
    expect(completeAt).toBeGreaterThanOrEqual(before - 1000);
    expect(completeAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(started.dueAt) - completeAt).toBe(30 * HOUR);
    expect(await roomDecision(id)).toEqual({ dueAt: started.dueAt, metAt: null });

    // A rep sends one back: the documents are needed again and the clock is gone.
    const flagged = await client.post(`${base(id)}/documents/items/${items[0]}/attention`, {
      reason: "Page 2 is missing: send every page.",
    });
    expect(flagged.statusCode).toBe(200);
    expect((flagged.json() as { application: ApplicationDetail }).application.decision).toBeNull();
    expect(await roomDecision(id)).toBeNull();

    // Sent again and accepted: the clock restarts from then.
    await upload(id, items[0]);
    await client.post(`${base(id)}/documents/items/${items[0]}/accept`);
    const restarted = (await decisionOf(id))!;
    expect(Date.parse(restarted.documentsCompleteAt)).toBeGreaterThanOrEqual(completeAt);
    expect(Date.parse(restarted.dueAt) - Date.parse(restarted.documentsCompleteAt)).toBe(30 * HOUR);

    // Closed as not qualified: a decision, and the clock is met.
    const closed = await client.post(`${base(id)}/work-status`, {
      status: "closed",
      closeReason: "not_qualified",
    });
    expect(closed.statusCode).toBe(200);
    const met = (closed.json() as ApplicationDetail).decision!;
    expect(met.dueAt).toBe(restarted.dueAt);
    expect(Date.parse(met.decidedAt!)).toBeGreaterThanOrEqual(Date.parse(restarted.documentsCompleteAt));
    expect(await roomDecision(id)).toEqual({ dueAt: met.dueAt, metAt: met.decidedAt });
  });

  it("is met by the CRM's funded report, at the report's time", async () => {
    const { id, items } = await allReceived();
    for (const item of items) await client.post(`${base(id)}/documents/items/${item}/accept`);
    const reportedAt = new Date(Date.now() + 1000).toISOString();
    const report = await postSigned(
      ctx.app,
      "crm",
      stageEvent({ applicationId: id, stage: "funded", amount: 50000 }, reportedAt),
    );
    expect(report.statusCode).toBeLessThan(300);
    const decision = (await decisionOf(id))!;
    expect(decision.decidedAt).not.toBeNull();
    expect(Date.parse(decision.decidedAt!)).toBeLessThanOrEqual(Date.parse(reportedAt));
    expect(await roomDecision(id)).toMatchObject({ metAt: decision.decidedAt });
  });

  it("owes no decision once closed without one, and is undecided again when reopened", async () => {
    const { id, items } = await allReceived();
    for (const item of items) await client.post(`${base(id)}/documents/items/${item}/accept`);
    await client.post(`${base(id)}/work-status`, { status: "closed", closeReason: "duplicate" });
    expect((await decisionOf(id))!.decidedAt).toBeNull();
    expect(await roomDecision(id)).toBeNull();
    await client.post(`${base(id)}/work-status`, { status: "closed", closeReason: "funded" });
    expect((await decisionOf(id))!.decidedAt).not.toBeNull();
    await client.post(`${base(id)}/work-status`, { status: "underwriting" });
    expect((await decisionOf(id))!.decidedAt).toBeNull();
  });
});
