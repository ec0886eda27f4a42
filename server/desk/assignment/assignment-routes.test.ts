/**
 * The desk's assignment routes on both engines, through HTTP: claim,
 * reassign and put back an application (and every refusal), one's own duty
 * and an admin's duty and groups for anyone, the routing rules; the
 * validation messages, who may call what, and the audit rows.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApplicationDetail, AssignmentRule, Me, StaffMember } from "#domain/desk/contract";
import { signedInStaff, unconfirmedStaff } from "../../../test/support/desk";
import { auditRows, submit } from "../../../test/support/desk-applications";
import { goOnDuty, ownersOf, resetAssignment, send } from "../../../test/support/assignment";
import { ENGINES, useTestApp } from "../../../test/support/server";

type Member = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(ENGINES)("assignment routes on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  let admin: Member;
  let ann: Member;
  let ben: Member;
  let gone: Member;
  const owner = (id: string, cookie: string | undefined, payload: unknown) =>
    send(ctx.app, "POST", `/api/desk/applications/${id}/owner`, cookie, payload);
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    ann = await signedInStaff(ctx.app, { role: "staff" });
    ben = await signedInStaff(ctx.app, { role: "staff" });
    gone = await signedInStaff(ctx.app, { role: "staff" });
    const disabled = await send(ctx.app, "PATCH", `/api/desk/staff/${gone.userId}`, admin.cookie, {
      disabled: true,
    });
    expect(disabled.statusCode).toBe(200);
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await resetAssignment(store());
  });

  describe("an application's owner", () => {
    it("is claimed, reassigned and put back, each in the timeline and the audit log, without touching the clock", async () => {
      const id = await submit(ctx.app);
      const claimed = await owner(id, ann.cookie, { ownerId: ann.userId });
      expect(claimed.statusCode).toBe(200);
      expect(claimed.json<ApplicationDetail>().owner).toEqual({
        id: ann.userId,
        name: expect.any(String),
        email: ann.email,
      });

      const reassigned = await owner(id, ann.cookie, { ownerId: ben.userId });
      expect(reassigned.json<ApplicationDetail>().owner?.id).toBe(ben.userId);
      const putBack = await owner(id, ben.cookie, { ownerId: null });
      const detail = putBack.json<ApplicationDetail>();
      expect(detail.owner).toBeNull();
      expect(detail.firstTouchedAt).toBeNull();

      const annName = claimed.json<ApplicationDetail>().owner!.name;
      const benName = reassigned.json<ApplicationDetail>().owner!.name;
      const activities = detail.timeline.flatMap((entry) =>
        entry.kind === "activity" ? [[entry.activity, entry.by, entry.ownerName]] : [],
      );
      // Newest first.
      expect(activities).toEqual([
        ["assignment", benName, null],
        ["assignment", annName, benName],
        ["assignment", annName, annName],
      ]);
      const audit = await auditRows(store(), id, "application.assigned");
      expect(audit.map((row) => [row.actor_email, row.details])).toEqual([
        [ann.email, { from: null, fromName: null, to: ann.userId, toName: annName }],
        [ann.email, { from: ann.userId, fromName: annName, to: ben.userId, toName: benName }],
        [ben.email, { from: ben.userId, fromName: benName, to: null, toName: null }],
      ]);
    });

    it("given the owner it has, changes nothing and writes nothing", async () => {
      await goOnDuty(ctx.app, ann.cookie);
      const id = await submit(ctx.app);
      const same = await owner(id, ben.cookie, { ownerId: ann.userId });
      expect(same.statusCode).toBe(200);
      expect(same.json<ApplicationDetail>().owner?.id).toBe(ann.userId);
      expect(await auditRows(store(), id, "application.assigned")).toEqual([]);
    });

    it("refuses an unknown application, a bad body, an unknown or disabled member, a quarantined one", async () => {
      const id = await submit(ctx.app);
      expect(
        (await owner("00000000-0000-4000-8000-000000000000", ann.cookie, { ownerId: null })).statusCode,
      ).toBe(404);
      expect((await owner("not-an-id", ann.cookie, { ownerId: null })).statusCode).toBe(404);

      const message = "ownerId must be a staff member's id, or null to put it back";
      for (const payload of [{}, { ownerId: 7 }, { ownerId: "" }, { owner: ann.userId }]) {
        const response = await owner(id, ann.cookie, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: message, errors: { ownerId: message } });
      }
      for (const ownerId of ["no-such-member", gone.userId]) {
        const response = await owner(id, ann.cookie, { ownerId });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: "No active staff member has this id",
          errors: { ownerId: "No active staff member has this id" },
        });
      }

      const trapped = await submit(ctx.app, { companyWebsite: "https://spam.example" });
      const quarantined = await owner(trapped, ann.cookie, { ownerId: ann.userId });
      expect(quarantined.statusCode).toBe(409);
      for (const target of [id, trapped])
        expect(await auditRows(store(), target, "application.assigned")).toEqual([]);
    });

    it("goes only to members who confirmed their second factor: refused by hand, skipped by the round-robin", async () => {
      const pending = await unconfirmedStaff(ctx.app);
      // An admin put them on duty (the account exists), and Ann is on duty too.
      const onDuty = await send(ctx.app, "PATCH", `/api/desk/staff/${pending.userId}/duty`, admin.cookie, {
        onDuty: true,
      });
      expect(onDuty.statusCode).toBe(200);
      await goOnDuty(ctx.app, ann.cookie);

      const ids = [await submit(ctx.app), await submit(ctx.app), await submit(ctx.app)];
      const owners = await ownersOf(store(), ids);
      expect(ids.map((id) => owners.get(id))).toEqual([ann.userId, ann.userId, ann.userId]);

      const byHand = await owner(ids[0], admin.cookie, { ownerId: pending.userId });
      expect(byHand.statusCode).toBe(400);
      const message =
        "This staff member has not confirmed their authenticator app yet, so they cannot sign in to work it: give it to someone else";
      expect(byHand.json()).toEqual({ error: message, errors: { ownerId: message } });
      expect((await ownersOf(store(), [ids[0]])).get(ids[0])).toBe(ann.userId);
      expect(await auditRows(store(), ids[0], "application.assigned")).toEqual([]);

      // Nobody confirmed on duty: it waits unassigned rather than going to them.
      await goOnDuty(ctx.app, ann.cookie, false);
      const waiting = await submit(ctx.app);
      expect((await ownersOf(store(), [waiting])).get(waiting)).toBeNull();
    });

    it("answers 401 without a session and 403 to a cross-site request", async () => {
      const id = await submit(ctx.app);
      expect((await owner(id, undefined, { ownerId: null })).statusCode).toBe(401);
      const forged = await ctx.app.inject({
        method: "POST",
        url: `/api/desk/applications/${id}/owner`,
        headers: { origin: "https://evil.example", cookie: ann.cookie },
        payload: { ownerId: ann.userId },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({ error: "Cross-site request refused" });
      expect((await get(`/api/desk/applications/${id}`, ann.cookie)).json().owner).toBeNull();
    });
  });

  describe("duty", () => {
    it("each member switches their own, which /me reflects; it is audited", async () => {
      const on = await send(ctx.app, "PATCH", "/api/desk/me/duty", ann.cookie, { onDuty: true });
      expect(on.statusCode).toBe(200);
      expect(on.json<Me>()).toMatchObject({ id: ann.userId, onDuty: true });
      expect((await get("/api/desk/me", ann.cookie)).json<Me>().onDuty).toBe(true);
      // The same again changes nothing and is not audited again.
      await send(ctx.app, "PATCH", "/api/desk/me/duty", ann.cookie, { onDuty: true });
      await send(ctx.app, "PATCH", "/api/desk/me/duty", ann.cookie, { onDuty: false });
      expect((await get("/api/desk/me", ann.cookie)).json<Me>().onDuty).toBe(false);
      const rows = (await auditRows(store(), ann.userId, "staff.duty-changed")).slice(-2);
      expect(rows.map((row) => [row.actor_email, row.details])).toEqual([
        [ann.email, { onDuty: true, was: { onDuty: false } }],
        [ann.email, { onDuty: false, was: { onDuty: true } }],
      ]);
    });

    it("one's own takes only onDuty; a bad body is a 400 naming the field; no session is a 401", async () => {
      for (const [payload, field, message] of [
        [{ onDuty: "yes" }, "onDuty", "onDuty must be true or false"],
        [{}, "onDuty", "onDuty must be true or false"],
        [{ onDuty: true, groups: ["SBA"] }, "onDuty", 'Send {"onDuty": true | false}'],
      ] as const) {
        const response = await send(ctx.app, "PATCH", "/api/desk/me/duty", ann.cookie, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: message, errors: { [field]: message } });
      }
      expect(
        (await send(ctx.app, "PATCH", "/api/desk/me/duty", undefined, { onDuty: true })).statusCode,
      ).toBe(401);
    });

    it("an admin sets anyone's duty and groups (trimmed, each once); staff may not", async () => {
      const url = `/api/desk/staff/${ben.userId}/duty`;
      const changed = await send(ctx.app, "PATCH", url, admin.cookie, {
        onDuty: true,
        groups: [" SBA desk ", "Large deals", "SBA desk"],
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json<StaffMember>()).toMatchObject({
        id: ben.userId,
        onDuty: true,
        groups: ["SBA desk", "Large deals"],
      });
      const [row] = (await auditRows(store(), ben.userId, "staff.duty-changed")).slice(-1);
      expect(row).toMatchObject({
        actor_email: admin.email,
        details: { onDuty: true, groups: ["SBA desk", "Large deals"], was: { onDuty: false, groups: [] } },
      });
      const listed = (await get("/api/desk/staff", admin.cookie)).json<{ items: StaffMember[] }>().items;
      expect(listed.find((member) => member.id === ben.userId)).toMatchObject({
        onDuty: true,
        groups: ["SBA desk", "Large deals"],
      });

      const refused = await send(ctx.app, "PATCH", url, ann.cookie, { onDuty: false });
      expect(refused.statusCode).toBe(403);
      expect((await auditRows(store(), undefined, "access.denied")).at(-1)).toMatchObject({
        actor_email: ann.email,
        details: { method: "PATCH", route: "/api/desk/staff/:id/duty" },
      });
    });

    it("refuses bad groups with the reason, an unknown member, and a disabled one on duty", async () => {
      const url = `/api/desk/staff/${ben.userId}/duty`;
      const cases: [unknown, string, string][] = [
        [{ groups: "SBA" }, "groups", "groups must be a list of group names"],
        [{ groups: [""] }, "groups.0", "Each group name needs 1 to 40 characters"],
        [{ groups: ["x".repeat(41)] }, "groups.0", "Each group name needs 1 to 40 characters"],
        [
          { groups: ["ok", "a\tb"] },
          "groups.1",
          "A group name must not contain control characters (tabs, line breaks)",
        ],
        [{ groups: Array.from({ length: 21 }, (_, i) => `g${i}`) }, "groups", "At most 20 groups"],
        [{}, "onDuty", 'Send {"onDuty": true | false} and/or {"groups": [...]}'],
      ];
      for (const [payload, field, message] of cases) {
        const response = await send(ctx.app, "PATCH", url, admin.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toEqual({ error: message, errors: { [field]: message } });
      }
      const unknown = await send(ctx.app, "PATCH", "/api/desk/staff/nobody/duty", admin.cookie, {
        onDuty: true,
      });
      expect(unknown.statusCode).toBe(404);
      const disabled = await send(ctx.app, "PATCH", `/api/desk/staff/${gone.userId}/duty`, admin.cookie, {
        onDuty: true,
      });
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json()).toEqual({ error: "Enable the account first" });
    });
  });

  describe("routing rules", () => {
    const rules = "/api/desk/assignment-rules";

    it("are replaced in order by an admin, read by staff, and audited with what they were", async () => {
      expect((await get(rules, ann.cookie)).json()).toEqual({ items: [] });
      const first = [
        { fundingType: "sba-loan", minAmount: null, maxAmount: null, group: "SBA desk" },
        { fundingType: null, minAmount: 1_000_000, maxAmount: 5_000_000.5, group: " Large deals " },
      ];
      const saved = await send(ctx.app, "PUT", rules, admin.cookie, { items: first });
      expect(saved.statusCode).toBe(200);
      const items = saved.json<{ items: AssignmentRule[] }>().items;
      expect(items).toEqual([
        { id: expect.any(String), ...first[0] },
        { id: expect.any(String), ...first[1], group: "Large deals" },
      ]);
      expect((await get(rules, ann.cookie)).json()).toEqual({ items });

      // Reordered and shortened: the list is replaced as sent; ids from a read are ignored.
      const second = await send(ctx.app, "PUT", rules, admin.cookie, { items: [items[1]] });
      expect(second.json<{ items: AssignmentRule[] }>().items.map((rule) => rule.group)).toEqual([
        "Large deals",
      ]);
      const audit = (await auditRows(store(), undefined, "assignment.rules-changed")).slice(-2);
      expect(audit[1]).toMatchObject({
        actor_email: admin.email,
        details: {
          rules: [{ fundingType: null, minAmount: 1_000_000, maxAmount: 5_000_000.5, group: "Large deals" }],
          previous: [
            { fundingType: "sba-loan", minAmount: null, maxAmount: null, group: "SBA desk" },
            { fundingType: null, minAmount: 1_000_000, maxAmount: 5_000_000.5, group: "Large deals" },
          ],
        },
      });
      expect((await send(ctx.app, "PUT", rules, admin.cookie, { items: [] })).json()).toEqual({ items: [] });
    });

    it("refuses staff (403), no session (401), and bad rules with the rule and field named", async () => {
      expect((await send(ctx.app, "PUT", rules, ann.cookie, { items: [] })).statusCode).toBe(403);
      expect((await send(ctx.app, "PUT", rules, undefined, { items: [] })).statusCode).toBe(401);
      expect((await get(rules)).statusCode).toBe(401);
      const cases: [unknown, string, string][] = [
        [{}, "items", "items must be a list of rules"],
        [{ items: [{ fundingType: "lottery", group: "x" }] }, "items.0.fundingType", ""],
        [
          { items: [{ group: "x" }, { minAmount: 10, maxAmount: 5, group: "y" }] },
          "items.1.maxAmount",
          "maxAmount must not be below minAmount",
        ],
        [{ items: [{ minAmount: -1, group: "x" }] }, "items.0.minAmount", "minAmount must not be negative"],
        [
          { items: [{ maxAmount: "5", group: "x" }] },
          "items.0.maxAmount",
          "maxAmount must be an amount in USD, or null",
        ],
        [{ items: [{ fundingType: "sba-loan" }] }, "items.0.group", "Each group name must be text"],
        [{ items: [{ group: "  " }] }, "items.0.group", "Each group name needs 1 to 40 characters"],
        [{ items: Array.from({ length: 51 }, () => ({ group: "x" })) }, "items", "At most 50 rules"],
      ];
      for (const [payload, field, message] of cases) {
        const response = await send(ctx.app, "PUT", rules, admin.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const body = response.json<{ error: string; errors: Record<string, string> }>();
        expect(Object.keys(body.errors)).toEqual([field]);
        if (message) expect(body.errors[field]).toBe(message);
        const rule = /^items\.(\d+)\./.exec(field);
        expect(body.error).toBe(
          rule ? `Rule ${Number(rule[1]) + 1}: ${body.errors[field]}` : body.errors[field],
        );
      }
      const unknownType = await send(ctx.app, "PUT", rules, admin.cookie, {
        items: [{ fundingType: "lottery", group: "x" }],
      });
      expect(unknownType.json().errors["items.0.fundingType"]).toMatch(
        /^fundingType must be one of: revenue-based, .*sba-loan/,
      );
      expect((await get(rules, ann.cookie)).json()).toEqual({ items: [] });
    });
  });
});
