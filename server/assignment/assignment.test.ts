/**
 * Every application gets an owner, on both engines, through the public
 * intake and the desk's own routes: round-robin among the staff on duty,
 * routing rules by funding type and amount band with their fallback, nobody
 * on duty, a failing assignment that still stores the application,
 * quarantine and release, and a disabled member's applications put back.
 */
import { Writable } from "node:stream";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApplicationDetail } from "#domain/desk/contract";
import { buildApp } from "../app";
import { createAssignment, SWEEP_GRACE_MS } from "./assignment";
import { signedInStaff } from "../../test/support/desk";
import { auditRows, deskClient, placeAt, submit } from "../../test/support/desk-applications";
import { countsByOwner, goOnDuty, ownersOf, resetAssignment, send } from "../../test/support/assignment";
import { ENGINES, testConfig, useTestApp } from "../../test/support/server";

type Member = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(ENGINES)("assignment on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  let admin: Member;
  let ann: Member;
  let ben: Member;
  let cat: Member;
  let dan: Member;
  const client = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );
  const detail = async (id: string) =>
    (await client.get(`/api/desk/applications/${id}`)).json<ApplicationDetail>();
  const ownerOf = async (id: string) => (await ownersOf(store(), [id])).get(id) ?? null;
  const submitMany = async (count: number, overrides: Record<string, unknown> = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await submit(ctx.app, overrides));
    return ids;
  };
  const setRules = async (items: object[]) => {
    const response = await send(ctx.app, "PUT", "/api/desk/assignment-rules", admin.cookie, { items });
    expect(response.statusCode).toBe(200);
  };
  const setGroups = async (member: Member, groups: string[]) => {
    const response = await send(ctx.app, "PATCH", `/api/desk/staff/${member.userId}/duty`, admin.cookie, {
      groups,
    });
    expect(response.statusCode).toBe(200);
  };

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    // One after another: each enrolment is a code attempt from the same address.
    ann = await signedInStaff(ctx.app, { role: "staff" });
    ben = await signedInStaff(ctx.app, { role: "staff" });
    cat = await signedInStaff(ctx.app, { role: "staff" });
    dan = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await resetAssignment(store());
  });

  it("goes round-robin among the staff on duty: whoever waited longest is next; off duty gets none", async () => {
    for (const member of [ann, ben, cat]) await goOnDuty(ctx.app, member.cookie);
    const ids = await submitMany(7);
    const owners = await ownersOf(store(), ids);
    const order = ids.map((id) => owners.get(id));
    const firstRound = order.slice(0, 3);
    expect(new Set(firstRound)).toEqual(new Set([ann.userId, ben.userId, cat.userId]));
    // The same order again, and again.
    expect(order.slice(3, 6)).toEqual(firstRound);
    expect(order[6]).toBe(firstRound[0]);
    expect(order).not.toContain(dan.userId);
    expect(order).not.toContain(admin.userId);

    // The application's page says who has it, and that the system gave it.
    const shown = await detail(ids[0]);
    expect(shown.owner?.id).toBe(firstRound[0]);
    const assigned = shown.timeline.filter((entry) => entry.kind === "activity");
    expect(assigned).toEqual([
      expect.objectContaining({ activity: "assignment", by: null, ownerName: shown.owner?.name }),
    ]);
    // Being assigned is not a touch: the review clock runs.
    expect(shown.firstTouchedAt).toBeNull();
  });

  it("going on duty takes the next turn without taking anyone's applications", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    const early = await submitMany(2);
    await goOnDuty(ctx.app, ben.cookie);
    const later = await submitMany(2);
    const owners = await ownersOf(store(), [...early, ...later]);
    expect(early.map((id) => owners.get(id))).toEqual([ann.userId, ann.userId]);
    // Ben never had one, so he is first; then Ann again.
    expect(later.map((id) => owners.get(id))).toEqual([ben.userId, ann.userId]);
    await goOnDuty(ctx.app, ann.cookie, false);
    expect(await ownerOf((await submitMany(1))[0])).toBe(ben.userId);
  });

  it("routes by funding type and by amount band to the group's members on duty, first rule first", async () => {
    for (const member of [ann, ben, cat]) await goOnDuty(ctx.app, member.cookie);
    await setGroups(ann, ["SBA desk"]);
    await setGroups(ben, ["Large deals"]);
    await setRules([
      { fundingType: "sba-loan", group: "SBA desk" },
      { minAmount: 1_000_000, maxAmount: null, group: "Large deals" },
    ]);
    const sba = await submitMany(2, { fundingType: "sba-loan", fundingAmount: "150000" });
    const large = await submitMany(2, { fundingType: "venture-debt", fundingAmount: "1000000" });
    // Both rules match: the first one wins.
    const both = await submitMany(1, { fundingType: "sba-loan", fundingAmount: "5000000" });
    // Just under the band: no rule, everyone on duty.
    const small = await submitMany(3, { fundingType: "venture-debt", fundingAmount: "999999.99" });
    const owners = await ownersOf(store(), [...sba, ...large, ...both, ...small]);
    expect(sba.map((id) => owners.get(id))).toEqual([ann.userId, ann.userId]);
    expect(large.map((id) => owners.get(id))).toEqual([ben.userId, ben.userId]);
    expect(owners.get(both[0])).toBe(ann.userId);
    // Cat, who never had one, goes first; the three share them.
    expect(owners.get(small[0])).toBe(cat.userId);
    expect(new Set(small.map((id) => owners.get(id)))).toEqual(new Set([ann.userId, ben.userId, cat.userId]));
  });

  it("falls back to everyone on duty when nobody of the rule's group is", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    await goOnDuty(ctx.app, ben.cookie);
    await setGroups(cat, ["Real estate"]); // in the group, but off duty
    await setRules([{ fundingType: "real-estate", group: "Real estate" }]);
    const ids = await submitMany(4, { fundingType: "real-estate" });
    const counts = await countsByOwner(store());
    expect(counts).toEqual({ [ann.userId]: 2, [ben.userId]: 2 });
    expect((await ownersOf(store(), ids)).get(ids[0])).not.toBe(cat.userId);
  });

  it("with nobody on duty leaves it unassigned, for the Unassigned view", async () => {
    const [id] = await submitMany(1);
    const shown = await detail(id);
    expect(shown.owner).toBeNull();
    expect(shown.timeline.filter((entry) => entry.kind === "activity")).toEqual([]);
    const unassigned = await client.get("/api/desk/applications?owner=unassigned");
    expect(unassigned.json().items.map((item: { id: string }) => item.id)).toEqual([id]);
  });

  it("a disabled member is never chosen, even while still flagged on duty", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    await store().query(`UPDATE desk_user SET banned = true WHERE id = $1`, [ann.userId]);
    try {
      expect(await ownerOf((await submitMany(1))[0])).toBeNull();
    } finally {
      await store().query(`UPDATE desk_user SET banned = false WHERE id = $1`, [ann.userId]);
    }
  });

  it("gives a quarantined application no owner: the honeypot at intake, quarantine by staff; release assigns one", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    const trapped = await submit(ctx.app, { companyWebsite: "https://spam.example" });
    expect(await ownerOf(trapped)).toBeNull();

    const [id] = await submitMany(1);
    expect(await ownerOf(id)).toBe(ann.userId);
    const quarantined = await client.post(`/api/desk/applications/${id}/quarantine`, {
      reason: "Looks fake",
    });
    expect(quarantined.statusCode).toBe(200);
    expect(quarantined.json<ApplicationDetail>().owner).toBeNull();
    // Quarantined: nobody can take it.
    const claimed = await send(ctx.app, "POST", `/api/desk/applications/${id}/owner`, ann.cookie, {
      ownerId: ann.userId,
    });
    expect(claimed.statusCode).toBe(409);
    expect(claimed.json()).toEqual({ error: "A quarantined application has no owner: release it first" });

    await goOnDuty(ctx.app, ben.cookie); // never had one: his turn
    for (const released of [trapped, id]) {
      const response = await client.post(`/api/desk/applications/${released}/release`, {});
      expect(response.statusCode).toBe(200);
    }
    expect(await ownerOf(trapped)).toBe(ben.userId);
    expect(await ownerOf(id)).toBe(ann.userId);
    const timeline = (await detail(id)).timeline.filter((entry) => entry.kind === "activity");
    expect(timeline.map((entry) => entry.kind === "activity" && [entry.by, entry.ownerName])).toEqual([
      [null, expect.any(String)], // assigned at intake
      [admin.email.split("@")[0], null], // the quarantine took it away
      [null, expect.any(String)], // assigned again at release
    ]);
    expect((await auditRows(store(), id, "application.released"))[0].details).toMatchObject({
      assignedTo: ann.userId,
    });
    expect((await auditRows(store(), id, "application.quarantined"))[0].details).toMatchObject({
      unassigned: true,
    });
  });

  it("a failure to assign is logged, never fails or loses the submission, and the sweep assigns it later", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), store: store(), logger: { level: "warn", stream } });
    await app.ready();
    await store().query("ALTER TABLE assignment_rules RENAME TO assignment_rules_away");
    let id: string;
    try {
      id = await submit(app);
      expect(await ownerOf(id)).toBeNull();
      const { rows } = await store().query("SELECT 1 FROM outbox WHERE application_id = $1", [id]);
      expect(rows).toHaveLength(1);
      const warning = lines.map((line) => JSON.parse(line)).find((line) => line.applicationIds?.includes(id));
      expect(warning).toMatchObject({
        level: 40,
        msg: "assignment failed; the applications wait for the sweep",
      });
    } finally {
      await store().query("ALTER TABLE assignment_rules_away RENAME TO assignment_rules");
      await app.close();
    }
    // Within its grace the sweep leaves it to the intake's own queue; after it, the sweep assigns it.
    const assignment = createAssignment(store());
    expect(await assignment.sweep()).toBe(0);
    await placeAt(store(), id, new Date(Date.now() - SWEEP_GRACE_MS - 1_000).toISOString());
    expect(await assignment.sweep()).toBe(1);
    expect(await ownerOf(id)).toBe(ann.userId);
    expect(await assignment.sweep()).toBe(0);
  });

  it("the sweep assigns an application stored just before a stop, whose batch never ran, once", async () => {
    await goOnDuty(ctx.app, ben.cookie);
    const [stopped, assigned] = await submitMany(2);
    // As if the process had stopped between the first one's commit and its batch.
    await store().query(
      "UPDATE applications SET owner_id = NULL, assigned_at = NULL, awaiting_owner = true WHERE id = $1",
      [stopped],
    );
    for (const id of [stopped, assigned]) {
      await placeAt(store(), id, new Date(Date.now() - SWEEP_GRACE_MS - 1_000).toISOString());
    }
    // Two instances sweeping at once give it one owner and one timeline entry.
    const [first, second] = [createAssignment(store()), createAssignment(store())];
    await Promise.all([first.sweep(), second.sweep()]);
    expect(await ownerOf(stopped)).toBe(ben.userId);
    const { rows } = await store().query(
      "SELECT count(*)::int AS n FROM application_activities WHERE application_id = $1 AND kind = 'assignment'",
      [stopped],
    );
    // The intake's first assignment (undone above), then the sweep's one.
    expect(Number(rows[0].n)).toBe(2);
    expect(await first.sweep()).toBe(0);
  });
});

describe.each(ENGINES)("disabling a member on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  let admin: Member;
  let ann: Member;
  let ben: Member;

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    ann = await signedInStaff(ctx.app, { role: "staff" });
    ben = await signedInStaff(ctx.app, { role: "staff" });
  });
  it("puts their open applications back for the others on duty; closed ones stay theirs", async () => {
    await resetAssignment(store());
    await goOnDuty(ctx.app, ann.cookie);
    const ids = await Promise.all([0, 1, 2].map(() => submit(ctx.app)));
    const closed = await send(ctx.app, "POST", `/api/desk/applications/${ids[2]}/work-status`, ann.cookie, {
      status: "closed",
      closeReason: "duplicate",
    });
    expect(closed.statusCode).toBe(200);
    await goOnDuty(ctx.app, ben.cookie);

    const disabled = await send(ctx.app, "PATCH", `/api/desk/staff/${ann.userId}`, admin.cookie, {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, onDuty: false });
    const owners = await ownersOf(store(), ids);
    expect([owners.get(ids[0]), owners.get(ids[1]), owners.get(ids[2])]).toEqual([
      ben.userId,
      ben.userId,
      ann.userId,
    ]);
    expect((await auditRows(store(), ann.userId, "staff.disabled"))[0].details).toEqual({
      reassigned: 2,
      unassigned: 0,
    });
    // Enabled again, still off duty: nothing new goes to them.
    await send(ctx.app, "PATCH", `/api/desk/staff/${ann.userId}`, admin.cookie, { disabled: false });
    expect((await ownersOf(store(), [await submit(ctx.app)])).values().next().value).toBe(ben.userId);
  });

  it("with nobody else on duty, their open applications wait unassigned", async () => {
    await resetAssignment(store());
    const member = await signedInStaff(ctx.app, { role: "staff" });
    await goOnDuty(ctx.app, member.cookie);
    const id = await submit(ctx.app);
    expect((await ownersOf(store(), [id])).get(id)).toBe(member.userId);
    const disabled = await send(ctx.app, "PATCH", `/api/desk/staff/${member.userId}`, admin.cookie, {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
    expect((await ownersOf(store(), [id])).get(id)).toBeNull();
    expect((await auditRows(store(), member.userId, "staff.disabled"))[0].details).toEqual({
      reassigned: 0,
      unassigned: 1,
    });
  });
});
