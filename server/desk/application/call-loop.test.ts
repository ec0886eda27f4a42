/**
 * The rep's loop, on both engines: a call or e-mail logged in one step (its
 * outcome moves the work status forward where it implies one, never
 * backwards; its note and next follow-up ride along), written as ONE timeline
 * entry with one audit row; a follow-up set, moved or cleared on its own; bad
 * times refused with a 400 naming the field, a quarantined or closed lead
 * with a 409, nothing written; and a follow-up counted in its owner's due
 * views (and no one else's "mine").
 */
import { describe, expect, it } from "vitest";
import type { ApplicationDetail, DueCounts, InboxList, TimelineActivity } from "#domain/desk/contract";
import { signedInStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";
import { zonedInstant } from "../zoned-day";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

const activities = (detail: ApplicationDetail) =>
  detail.timeline.filter((entry): entry is TimelineActivity => entry.kind === "activity");

describe.each(ENGINES)("the rep's loop on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);
  const store = () => ctx.db.store;
  const url = (id: string, route: string) => `/api/desk/applications/${id}/${route}`;
  const activityCount = async (id: string) =>
    (
      await store().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM application_activities WHERE application_id = $1",
        [id],
      )
    ).rows[0].n;
  const show = async (id: string): Promise<ApplicationDetail> =>
    (await client.get(`/api/desk/applications/${id}`)).json();

  it("logs a call as reached in one save: Contacted, the note and the follow-up on ONE entry, one audit row, the clock stopped", async () => {
    const id = await submit(ctx.app);
    const followUpAt = inMs(2 * DAY);
    const response = await client.post(url(id, "contacts"), {
      channel: "call",
      outcome: "reached",
      note: "Wants 50k by March; send the term sheet",
      followUpAt,
    });
    expect(response.statusCode).toBe(200);
    const detail: ApplicationDetail = response.json();
    expect(detail).toMatchObject({ workStatus: "contacted", followUpAt });
    expect(detail.firstTouchedAt).toEqual(expect.any(String));
    expect(activities(detail)).toEqual([
      expect.objectContaining({
        activity: "call",
        outcome: "reached",
        body: "Wants 50k by March; send the term sheet",
        workStatus: "contacted",
        followUpAt,
        at: detail.firstTouchedAt,
      }),
    ]);
    expect(await activityCount(id)).toBe(1);
    expect(await auditRows(store(), id)).toEqual([
      expect.objectContaining({
        action: "application.contact-logged",
        actor_email: staff().email,
        details: { channel: "call", outcome: "reached", from: "new", to: "contacted", followUpAt },
      }),
    ]);
  });

  it("moves the status only forward: reached and replied mean Contacted, a further-along or closed lead stays, other outcomes leave it", async () => {
    const fresh = await submit(ctx.app);
    for (const outcome of ["no_answer", "left_voicemail", "wrong_number"]) {
      const response = await client.post(url(fresh, "contacts"), { channel: "call", outcome });
      expect(response.json().workStatus, outcome).toBe("new");
    }
    const sent = await client.post(url(fresh, "contacts"), { channel: "email", outcome: "sent" });
    expect(sent.json().workStatus).toBe("new");
    const replied = await client.post(url(fresh, "contacts"), { channel: "email", outcome: "replied" });
    expect(replied.json().workStatus).toBe("contacted");
    // Newest first.
    expect(activities(replied.json()).map((entry) => entry.workStatus)).toEqual([
      "contacted",
      null,
      null,
      null,
      null,
    ]);

    const qualified = await submit(ctx.app);
    await client.post(url(qualified, "work-status"), { status: "qualified" });
    const kept = await client.post(url(qualified, "contacts"), { channel: "call", outcome: "reached" });
    expect(kept.json().workStatus).toBe("qualified");
    expect(activities(kept.json())[0]).toMatchObject({ activity: "call", workStatus: null });
    expect((await auditRows(store(), qualified, "application.contact-logged"))[0].details).toEqual({
      channel: "call",
      outcome: "reached",
    });

    const closed = await submit(ctx.app);
    await client.post(url(closed, "work-status"), { status: "closed", closeReason: "duplicate" });
    const stays = await client.post(url(closed, "contacts"), { channel: "email", outcome: "replied" });
    expect(stays.json()).toMatchObject({ workStatus: "closed", closeReason: "duplicate" });
  });

  it("reads a follow-up without an offset in the desk's time zone", async () => {
    const id = await submit(ctx.app);
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const response = await client.post(url(id, "contacts"), {
      channel: "call",
      outcome: "no_answer",
      followUpAt: `${day}T10:30`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().followUpAt).toBe(zonedInstant(`${day}T10:30`, "America/New_York").toISOString());
    expect(response.json().workStatus).toBe("new");
  });

  it("refuses a follow-up in the past, malformed or too far off, on both routes, writing nothing", async () => {
    const id = await submit(ctx.app);
    const refusals: [unknown, string][] = [
      [inMs(-2 * HOUR), "The follow-up is in the past: choose a time to call back from now on"],
      ["2020-01-01T10:00", "The follow-up is in the past: choose a time to call back from now on"],
      ["tomorrow at ten", expect.stringMatching(/^Give the date and time to call back/) as never],
      ["2027-02-30T10:00", expect.stringMatching(/^Give the date and time to call back/) as never],
      [42, expect.stringMatching(/^Give the date and time to call back/) as never],
      [inMs(400 * DAY), "Choose a follow-up within a year"],
    ];
    for (const [followUpAt, message] of refusals) {
      const contact = await client.post(url(id, "contacts"), {
        channel: "call",
        outcome: "reached",
        followUpAt,
      });
      expect(contact.statusCode, String(followUpAt)).toBe(400);
      expect(contact.json().errors, String(followUpAt)).toEqual({ followUpAt: message });
      const alone = await client.post(url(id, "follow-up"), { at: followUpAt });
      expect(alone.statusCode, String(followUpAt)).toBe(400);
      expect(alone.json().errors, String(followUpAt)).toEqual({ at: message });
    }
    expect((await client.post(url(id, "follow-up"), {})).json().errors.at).toMatch(/^Give the date/);
    expect((await client.post(url(id, "follow-up"), { at: null, when: 1 })).statusCode).toBe(400);
    expect(await activityCount(id)).toBe(0);
    expect(await auditRows(store(), id)).toEqual([]);
    expect(await show(id)).toMatchObject({ workStatus: "new", firstTouchedAt: null, followUpAt: null });
  });

  it("sets, moves and clears a follow-up on its own: audited, an entry each, no touch; the same again writes nothing", async () => {
    const id = await submit(ctx.app);
    const first = inMs(DAY);
    const set = await client.post(url(id, "follow-up"), { at: first });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ followUpAt: first, firstTouchedAt: null });
    const again = await client.post(url(id, "follow-up"), { at: first });
    expect(again.statusCode).toBe(200);
    const later = inMs(3 * DAY);
    const moved = (await client.post(url(id, "follow-up"), { at: later })).json();
    expect(moved.followUpAt).toBe(later);
    const cleared = (await client.post(url(id, "follow-up"), { at: null })).json();
    expect(cleared).toMatchObject({ followUpAt: null, firstTouchedAt: null });
    // Newest first.
    expect(activities(cleared).map((entry) => [entry.activity, entry.followUpAt])).toEqual([
      ["follow_up", null],
      ["follow_up", later],
      ["follow_up", first],
    ]);
    expect((await auditRows(store(), id)).map((row) => [row.action, row.details])).toEqual([
      ["application.follow-up-set", { from: null, to: first }],
      ["application.follow-up-set", { from: first, to: later }],
      ["application.follow-up-cleared", { from: later, to: null }],
    ]);
    // An empty form field clears too; a contact without followUpAt leaves it alone.
    await client.post(url(id, "follow-up"), { at: first });
    await client.post(url(id, "contacts"), { channel: "email", outcome: "sent" });
    expect((await show(id)).followUpAt).toBe(first);
    const emptied = await client.post(url(id, "contacts"), {
      channel: "call",
      outcome: "reached",
      followUpAt: "",
    });
    expect(emptied.json()).toMatchObject({ followUpAt: null, workStatus: "contacted" });
  });

  it("answers 409 for a quarantined lead, and for a follow-up on a closed one, writing nothing", async () => {
    const spam = await submit(ctx.app, { companyWebsite: "autofill" });
    for (const [route, payload] of [
      ["contacts", { channel: "call", outcome: "reached", followUpAt: inMs(DAY) }],
      ["follow-up", { at: inMs(DAY) }],
    ] as const) {
      const response = await client.post(url(spam, route), payload);
      expect(response.statusCode, route).toBe(409);
      expect(response.json().error).toMatch(/in quarantine/);
    }
    const closed = await submit(ctx.app);
    await client.post(url(closed, "work-status"), { status: "closed", closeReason: "no_response" });
    const refused = await client.post(url(closed, "follow-up"), { at: inMs(DAY) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: "This application is closed: open it again before setting a follow-up",
    });
    expect(await activityCount(spam)).toBe(0);
    expect(await activityCount(closed)).toBe(1);
    expect(await auditRows(store(), spam)).toEqual([]);
  });

  it("counts a follow-up in its owner's due views like a deadline of its own, and in no other rep's", async () => {
    const me = (await client.get("/api/desk/me")).json().id as string;
    const other = await signedInStaff(ctx.app, { role: "staff" });
    const theirs = deskClient(
      () => ctx.app,
      () => other.cookie,
    );
    const id = await submit(ctx.app);
    await client.post(url(id, "owner"), { ownerId: me });
    // Touched: the review clock stopped; only the follow-up keeps it in the views.
    await client.post(url(id, "contacts"), { channel: "call", outcome: "no_answer", followUpAt: inMs(HOUR) });
    const listed = async (who: typeof client, due: string) =>
      ((await who.get(`/api/desk/applications?owner=mine&due=${due}`)).json() as InboxList).items.map(
        (item) => item.id,
      );
    const counts = async (who: typeof client): Promise<DueCounts> =>
      (await who.get("/api/desk/applications/due-counts?owner=mine")).json();

    expect(await listed(client, "due_soon")).toEqual([id]);
    expect(await listed(client, "open")).toEqual([id]);
    expect(await counts(client)).toMatchObject({ open: 1, dueSoon: 1, overdue: 0 });
    const row = (await client.get(`/api/desk/applications?owner=mine&due=due_soon`)).json().items[0];
    expect(row.followUpAt).toEqual(expect.any(String));
    expect(await listed(theirs, "due_soon")).toEqual([]);
    expect(await counts(theirs)).toMatchObject({ open: 0, dueSoon: 0, overdue: 0 });

    // Its time passes: overdue.
    await store().query("UPDATE applications SET follow_up_at = now() - interval '5 minutes' WHERE id = $1", [
      id,
    ]);
    expect(await listed(client, "overdue")).toEqual([id]);
    expect(await counts(client)).toMatchObject({ open: 1, dueSoon: 0, overdue: 1 });

    // Moved to the day after tomorrow: open, not due soon; cleared: in no due view.
    await client.post(url(id, "follow-up"), { at: inMs(2 * DAY) });
    expect(await counts(client)).toMatchObject({ open: 1, dueSoon: 0, overdue: 0 });
    await client.post(url(id, "follow-up"), { at: null });
    expect(await counts(client)).toMatchObject({ open: 0, dueSoon: 0, overdue: 0 });
    expect(await listed(client, "open")).toEqual([]);
  });

  it("orders the least time left first by each lead's next deadline, the follow-up included", async () => {
    const later = await submit(ctx.app);
    const sooner = await submit(ctx.app);
    // `later` is untouched with its review deadline in 3 hours; `sooner` was called, back in 1.
    await store().query("UPDATE applications SET review_due_at = now() + interval '3 hours' WHERE id = $1", [
      later,
    ]);
    await client.post(url(sooner, "contacts"), {
      channel: "call",
      outcome: "reached",
      followUpAt: inMs(HOUR),
    });
    const order = (await client.get("/api/desk/applications?due=open&sort=time_left")).json() as InboxList;
    expect(order.items.map((item) => item.id)).toEqual([sooner, later]);
    // The next page's cursor is in the same order.
    const first = (await client.get("/api/desk/applications?due=open&sort=time_left&limit=1")).json();
    const next = (
      await client.get(`/api/desk/applications?due=open&sort=time_left&limit=1&cursor=${first.nextCursor}`)
    ).json() as InboxList;
    expect(next.items.map((item) => item.id)).toEqual([later]);
  });
});
