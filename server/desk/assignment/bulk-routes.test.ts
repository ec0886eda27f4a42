/**
 * POST /api/desk/applications/bulk on both engines: an admin assigns, claims
 * or closes several applications in one request, each one audited and on its
 * timeline; one in quarantine or changed meanwhile is refused on its own, said
 * in its result, while the others are done; a rep cannot give applications to
 * someone else (403), nor (over real HTTP) close several or take others'
 * leads in one request, but may claim waiting ones; bad bodies are 400s
 * naming the field.
 */
import type { AddressInfo } from "node:net";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ApplicationDetail, BulkItem, BulkOutcome } from "#domain/desk/contract";
import { BULK_MAX } from "#domain/desk/work";
import { deskHeaders, signedInStaff, unconfirmedStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit } from "../../../test/support/desk-applications";
import { ownersOf, resetAssignment, send } from "../../../test/support/assignment";
import { ENGINES, useTestApp } from "../../../test/support/server";

type Member = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(ENGINES)("bulk actions on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  const store = () => ctx.db.store;
  let admin: Member;
  let ann: Member;
  let ben: Member;
  const client = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );
  const bulk = (cookie: string, body: object) =>
    send(ctx.app, "POST", "/api/desk/applications/bulk", cookie, body);
  /** As the inbox shows them: unassigned and new. */
  const shown = (ids: string[]): BulkItem[] => ids.map((id) => ({ id, ownerId: null, workStatus: "new" }));
  const detail = async (id: string) =>
    (await client.get(`/api/desk/applications/${id}`)).json<ApplicationDetail>();

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    ann = await signedInStaff(ctx.app, { role: "staff" });
    ben = await signedInStaff(ctx.app, { role: "staff" });
  });

  beforeEach(async () => {
    await ctx.db.reset();
    await resetAssignment(store());
  });

  it("assigns several in one request, audited per application; quarantined or changed meanwhile are refused on their own", async () => {
    const [one, two, trapped, taken] = [
      await submit(ctx.app),
      await submit(ctx.app),
      await submit(ctx.app),
      await submit(ctx.app),
    ];
    await client.post(`/api/desk/applications/${trapped}/quarantine`, { reason: "Looks fake" });
    // Ben claims one after the admin's inbox showed it unassigned.
    await send(ctx.app, "POST", `/api/desk/applications/${taken}/owner`, ben.cookie, { ownerId: ben.userId });

    const response = await bulk(admin.cookie, {
      action: "assign",
      ownerId: ann.userId,
      items: shown([one, two, trapped, taken]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkOutcome>()).toEqual({
      results: [
        { id: one, ok: true, changed: true },
        { id: two, ok: true, changed: true },
        { id: trapped, ok: false, error: "In quarantine: release it first" },
        { id: taken, ok: false, error: expect.stringMatching(/^Changed meanwhile: it is now assigned to /) },
      ],
      done: 2,
      refused: 2,
    });
    const owners = await ownersOf(store(), [one, two, trapped, taken]);
    expect([one, two, trapped, taken].map((id) => owners.get(id))).toEqual([
      ann.userId,
      ann.userId,
      null,
      ben.userId,
    ]);
    for (const id of [one, two]) {
      expect(await auditRows(store(), id, "application.assigned")).toEqual([
        expect.objectContaining({
          actor_email: admin.email,
          details: expect.objectContaining({ from: null, to: ann.userId, bulk: true }),
        }),
      ]);
    }
    const timeline = (await detail(one)).timeline.filter((entry) => entry.kind === "activity");
    expect(timeline).toEqual([
      expect.objectContaining({
        activity: "assignment",
        by: expect.any(String),
        ownerName: expect.any(String),
      }),
    ]);
    // Sent again: already theirs, done without a change or a second audit row.
    const again = await bulk(admin.cookie, {
      action: "assign",
      ownerId: ann.userId,
      items: [{ id: one, ownerId: ann.userId, workStatus: "new" }],
    });
    expect(again.json<BulkOutcome>().results).toEqual([{ id: one, ok: true, changed: false }]);
    expect(await auditRows(store(), one, "application.assigned")).toHaveLength(1);
  });

  it("claims and closes with a reason, each audited; a status moved meanwhile is refused", async () => {
    const [a, b, c] = [await submit(ctx.app), await submit(ctx.app), await submit(ctx.app)];
    const claimed = await bulk(admin.cookie, { action: "claim", items: shown([a, b]) });
    expect(claimed.json<BulkOutcome>()).toMatchObject({ done: 2, refused: 0 });
    expect((await detail(a)).owner?.id).toBe(admin.userId);

    await send(ctx.app, "POST", `/api/desk/applications/${c}/work-status`, ann.cookie, {
      status: "contacted",
    });
    const closed = await bulk(admin.cookie, {
      action: "close",
      closeReason: "duplicate",
      items: [
        { id: a, ownerId: admin.userId, workStatus: "new" },
        { id: b, ownerId: admin.userId, workStatus: "new" },
        { id: c, ownerId: null, workStatus: "new" },
      ],
    });
    expect(closed.json<BulkOutcome>().results).toEqual([
      { id: a, ok: true, changed: true },
      { id: b, ok: true, changed: true },
      { id: c, ok: false, error: "Changed meanwhile: it is now Contacted. Look at it again" },
    ]);
    const shownA = await detail(a);
    expect(shownA).toMatchObject({ workStatus: "closed", closeReason: "duplicate" });
    // Closing is a touch: the review clock stopped.
    expect(shownA.firstTouchedAt).not.toBeNull();
    expect((await auditRows(store(), b, "application.status-changed"))[0]).toMatchObject({
      actor_email: admin.email,
      details: { from: "new", to: "closed", closeReason: "duplicate", bulk: true },
    });
    expect((await detail(c)).workStatus).toBe("contacted");
  });

  it("a rep may claim several but not give them to someone else (403)", async () => {
    const ids = [await submit(ctx.app), await submit(ctx.app)];
    const refused = await bulk(ann.cookie, { action: "assign", ownerId: ben.userId, items: shown(ids) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/Only an admin/);
    expect([...(await ownersOf(store(), ids)).values()]).toEqual([null, null]);
    expect(await auditRows(store(), ids[0], "application.assigned")).toEqual([]);

    const own = await bulk(ann.cookie, { action: "assign", ownerId: ann.userId, items: shown(ids) });
    expect(own.json<BulkOutcome>()).toMatchObject({ done: 2 });
    const claimedBack = await bulk(ben.cookie, { action: "claim", items: shown(ids) });
    // Ann has them now: Ben's inbox was out of date.
    expect(claimedBack.json<BulkOutcome>()).toMatchObject({ done: 0, refused: 2 });
  });

  it("over HTTP, a rep may claim waiting leads in bulk but not close several or take others' (403 saying so, nothing changed); an admin may", async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const address = ctx.app.server.address() as AddressInfo;
    const post = async (member: Member, body: object) => {
      const response = await fetch(`http://127.0.0.1:${address.port}/api/desk/applications/bulk`, {
        method: "POST",
        headers: { ...deskHeaders(ctx.app, member.cookie), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as BulkOutcome & { error?: string } };
    };
    const [waitingOne, waitingTwo, bens, anns] = [
      await submit(ctx.app),
      await submit(ctx.app),
      await submit(ctx.app),
      await submit(ctx.app),
    ];
    await send(ctx.app, "POST", `/api/desk/applications/${bens}/owner`, ben.cookie, { ownerId: ben.userId });
    await send(ctx.app, "POST", `/api/desk/applications/${anns}/owner`, ann.cookie, { ownerId: ann.userId });
    const asShown = (id: string, owner: Member | null) => ({
      id,
      ownerId: owner?.userId ?? null,
      workStatus: "new",
    });

    // Closing several, her own or Ben's: the admins'.
    for (const items of [[asShown(anns, ann)], [asShown(bens, ben), asShown(waitingOne, null)]]) {
      const refused = await post(ann, { action: "close", closeReason: "duplicate", items });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(
        "Only an admin closes several applications at once: close each one from its own page",
      );
    }
    // Taking Ben's lead along with a waiting one, by claim or by assigning to herself: the admins'.
    for (const body of [
      { action: "claim", items: [asShown(waitingOne, null), asShown(bens, ben)] },
      { action: "assign", ownerId: ann.userId, items: [asShown(bens, ben)] },
    ]) {
      const refused = await post(ann, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/^Only an admin takes applications from their owners/);
    }
    const owners = await ownersOf(store(), [waitingOne, bens, anns]);
    expect([waitingOne, bens, anns].map((id) => owners.get(id))).toEqual([null, ben.userId, ann.userId]);
    for (const id of [waitingOne, bens, anns]) {
      expect((await detail(id)).workStatus).toBe("new");
      expect(await auditRows(store(), id, "application.status-changed")).toEqual([]);
    }

    // The waiting ones (and one already hers) she may claim in one go.
    const claimed = await post(ann, {
      action: "claim",
      items: [asShown(waitingOne, null), asShown(waitingTwo, null), asShown(anns, ann)],
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ done: 3, refused: 0 });
    // Sent as waiting although Ben has it: refused on its own, still Ben's.
    const stale = await post(ann, { action: "claim", items: [asShown(bens, null)] });
    expect(stale.body.results).toEqual([
      { id: bens, ok: false, error: expect.stringMatching(/^Changed meanwhile: it is now assigned to /) },
    ]);
    expect((await ownersOf(store(), [bens])).get(bens)).toBe(ben.userId);

    // An admin closes Ben's and Ann's in one request.
    const closed = await post(admin, {
      action: "close",
      closeReason: "duplicate",
      items: [asShown(bens, ben), asShown(anns, ann)],
    });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ done: 2, refused: 0 });
  });

  it("answers 400 naming the field for a bad body, and changes nothing", async () => {
    const id = await submit(ctx.app);
    const unconfirmed = await unconfirmedStaff(ctx.app);
    const many = Array.from({ length: BULK_MAX + 1 }, () => ({
      id: crypto.randomUUID(),
      ownerId: null,
      workStatus: "new",
    }));
    const cases: [object, string][] = [
      [{ action: "claim" }, "items"],
      [{ action: "claim", items: [] }, "items"],
      [{ action: "claim", items: many }, "items"],
      [{ action: "claim", items: [...shown([id]), ...shown([id])] }, "items"],
      [{ action: "claim", items: [{ id: "nope", ownerId: null, workStatus: "new" }] }, "items"],
      [{ action: "claim", items: [{ id }] }, "items"],
      [{ action: "delete", items: shown([id]) }, "action"],
      [{ action: "assign", items: shown([id]) }, "ownerId"],
      [{ action: "assign", ownerId: "nobody-at-all", items: shown([id]) }, "ownerId"],
      [{ action: "assign", ownerId: unconfirmed.userId, items: shown([id]) }, "ownerId"],
      [{ action: "claim", ownerId: ann.userId, items: shown([id]) }, "ownerId"],
      [{ action: "close", items: shown([id]) }, "closeReason"],
      [{ action: "close", closeReason: "bored", items: shown([id]) }, "closeReason"],
      [{ action: "claim", items: shown([id]), extra: 1 }, "extra"],
    ];
    for (const [body, field] of cases) {
      const response = await bulk(admin.cookie, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(body).slice(0, 120)).toContain(field);
    }
    const notJson = await ctx.app.inject({
      method: "POST",
      url: "/api/desk/applications/bulk",
      headers: { ...deskHeaders(ctx.app, admin.cookie), "content-type": "application/json" },
      payload: "[]",
    });
    expect(notJson.statusCode).toBe(400);
    expect((await detail(id)).owner).toBeNull();
  });
});
