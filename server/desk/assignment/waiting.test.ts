/**
 * Nobody's leads become somebody's, on both engines: applications that
 * arrived while nobody was on duty are given to whoever comes on duty (by
 * their own switch or an admin's), round-robin as they would have been,
 * routing rules and groups respected, never to a member without a confirmed
 * second factor; several on duty share them; the periodic sweep gives out any
 * left waiting. Each is on the timeline (by the system) and in the audit log
 * (application.assigned, by who made the duty change).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApplicationDetail } from "#domain/desk/contract";
import { createAssignment } from "../../assignment/assignment";
import { createAuditRepository } from "../../audit/audit-repository";
import { auditWaitingGiven } from "../../assignment/waiting-audit";
import { signedInStaff, unconfirmedStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit } from "../../../test/support/desk-applications";
import { goOnDuty, ownersOf, resetAssignment, send } from "../../../test/support/assignment";
import { ENGINES, useTestApp } from "../../../test/support/server";

type Member = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(ENGINES)("waiting applications on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  let admin: Member;
  let ann: Member;
  let ben: Member;
  let cat: Member;
  const client = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );

  const arriveWhileNobodyIsOnDuty = async (count: number, overrides: Record<string, unknown> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await submit(ctx.app, overrides));
    expect([...(await ownersOf(store(), ids)).values()]).toEqual(ids.map(() => null));
    return ids;
  };
  const ownersInOrder = async (ids: string[]) => {
    const owners = await ownersOf(store(), ids);
    return ids.map((id) => owners.get(id));
  };
  /** The application.assigned audit rows about these applications (the audit log outlives the reset). */
  const assignedAudits = async (ids: string[]) =>
    (await auditRows(store(), undefined, "application.assigned")).filter((row) => ids.includes(row.target!));
  /** The sweep's own pass, audited as main.ts has it. */
  const sweepWaiting = () =>
    createAssignment(store()).assignWaiting(auditWaitingGiven(createAuditRepository(store())));
  const putOnDuty = (member: { userId: string }, change: object = { onDuty: true }) =>
    send(ctx.app, "PATCH", `/api/desk/staff/${member.userId}/duty`, admin.cookie, change);

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    ann = await signedInStaff(ctx.app, { role: "staff" });
    ben = await signedInStaff(ctx.app, { role: "staff" });
    cat = await signedInStaff(ctx.app, { role: "staff" });
  });

  beforeEach(async () => {
    await ctx.db.reset();
    await resetAssignment(store());
  });

  it("the first rep to come on duty is given the night's applications, each on its timeline and audited", async () => {
    const ids = await arriveWhileNobodyIsOnDuty(4);
    await goOnDuty(ctx.app, ann.cookie);
    expect(await ownersInOrder(ids)).toEqual(ids.map(() => ann.userId));

    const shown = (await client.get(`/api/desk/applications/${ids[0]}`)).json<ApplicationDetail>();
    expect(shown.owner?.id).toBe(ann.userId);
    expect(shown.timeline.filter((entry) => entry.kind === "activity")).toEqual([
      expect.objectContaining({ activity: "assignment", by: null, ownerName: shown.owner?.name }),
    ]);
    // Being given it is not a touch: the review clock still runs.
    expect(shown.firstTouchedAt).toBeNull();
    for (const id of ids) {
      const rows = await auditRows(store(), id, "application.assigned");
      expect(rows).toEqual([
        expect.objectContaining({
          actor_email: ann.email,
          details: expect.objectContaining({ from: null, to: ann.userId, waited: true }),
        }),
      ]);
    }
    // Coming on duty again (already on) takes nothing more and audits nothing more.
    await goOnDuty(ctx.app, ann.cookie);
    expect(await assignedAudits(ids)).toHaveLength(4);
  });

  it("an admin putting a member on duty gives them out; a member without a confirmed second factor is skipped", async () => {
    const ids = await arriveWhileNobodyIsOnDuty(3);
    const unconfirmed = await unconfirmedStaff(ctx.app);
    expect((await putOnDuty(unconfirmed)).statusCode).toBe(200);
    // Flagged on duty, but cannot sign in to work them: they keep waiting.
    expect(await ownersInOrder(ids)).toEqual([null, null, null]);

    expect((await putOnDuty(ben)).statusCode).toBe(200);
    expect(await ownersInOrder(ids)).toEqual(ids.map(() => ben.userId));
    expect((await auditRows(store(), ids[2], "application.assigned"))[0].actor_email).toBe(admin.email);
  });

  it("several on duty share the waiting ones round-robin, routing rules and groups respected", async () => {
    const sba = await arriveWhileNobodyIsOnDuty(2, { fundingType: "sba-loan", fundingAmount: "150000" });
    const others = await arriveWhileNobodyIsOnDuty(4, { fundingType: "venture-debt" });
    await send(ctx.app, "PUT", "/api/desk/assignment-rules", admin.cookie, {
      items: [{ fundingType: "sba-loan", group: "SBA desk" }],
    });
    // As if Ann and Ben had come on duty on another instance at once: the sweep gives out what waits.
    await store().query(
      `INSERT INTO desk_duty (user_id, on_duty, groups) VALUES ($1, true, '{SBA desk}'), ($2, true, '{}')
       ON CONFLICT (user_id) DO UPDATE SET on_duty = true, groups = EXCLUDED.groups`,
      [ann.userId, ben.userId],
    );
    expect(await sweepWaiting()).toBe(6);
    // Oldest first: the SBA ones go to the SBA desk, the rest alternate, Ben (who had none) first.
    expect(await ownersInOrder(sba)).toEqual([ann.userId, ann.userId]);
    expect(await ownersInOrder(others)).toEqual([ben.userId, ann.userId, ben.userId, ann.userId]);
    // The sweep's own assignments are by nobody.
    expect((await auditRows(store(), others[0], "application.assigned"))[0].actor_email).toBeNull();
    expect(await sweepWaiting()).toBe(0);
  });

  it("the sweep gives out one put back by hand; closed and quarantined ones are left alone", async () => {
    await goOnDuty(ctx.app, cat.cookie);
    const [putBack, closed, quarantined] = [
      await submit(ctx.app),
      await submit(ctx.app),
      await submit(ctx.app),
    ];
    expect(
      (
        await send(ctx.app, "POST", `/api/desk/applications/${putBack}/owner`, admin.cookie, {
          ownerId: null,
        })
      ).statusCode,
    ).toBe(200);
    await send(ctx.app, "POST", `/api/desk/applications/${closed}/work-status`, admin.cookie, {
      status: "closed",
      closeReason: "duplicate",
    });
    await send(ctx.app, "POST", `/api/desk/applications/${closed}/owner`, admin.cookie, { ownerId: null });
    await client.post(`/api/desk/applications/${quarantined}/quarantine`, { reason: "Looks fake" });
    expect(await ownersInOrder([putBack, closed, quarantined])).toEqual([null, null, null]);

    expect(await sweepWaiting()).toBe(1);
    expect(await ownersInOrder([putBack, closed, quarantined])).toEqual([cat.userId, null, null]);
  });

  it("with nobody on duty nothing is given and nothing is audited", async () => {
    const ids = await arriveWhileNobodyIsOnDuty(2);
    expect(await sweepWaiting()).toBe(0);
    await goOnDuty(ctx.app, ann.cookie, false);
    expect(await ownersInOrder(ids)).toEqual([null, null]);
    expect(await assignedAudits(ids)).toEqual([]);
  });
});
