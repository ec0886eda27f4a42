/**
 * Working an application, on both engines: its work status (closed with a
 * reason), notes, logged calls and e-mails. What staff see in the answer and
 * in the timeline, what the audit log keeps, the first touch that stops the
 * review clock, and every refusal: no session, another site, an unknown id,
 * a bad body, a quarantined application.
 */
import { describe, expect, it } from "vitest";
import type { ApplicationDetail, TimelineActivity } from "#domain/desk/contract";
import { auditRows, submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";

const activities = (detail: ApplicationDetail) =>
  detail.timeline.filter((entry): entry is TimelineActivity => entry.kind === "activity");

describe.each(ENGINES)("working an application on %s", (engine) => {
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
  const staffName = async () => (await client.get("/api/desk/me")).json().name as string;

  it("changes the work status: the answer, the timeline, the audit row and the stopped clock", async () => {
    const id = await submit(ctx.app);
    const response = await client.post(url(id, "work-status"), { status: "contacted" });
    expect(response.statusCode).toBe(200);
    const detail: ApplicationDetail = response.json();
    expect(detail).toMatchObject({ id, workStatus: "contacted", closeReason: null });
    expect(detail.firstTouchedAt).toEqual(expect.any(String));
    expect(activities(detail)).toEqual([
      {
        at: detail.firstTouchedAt,
        kind: "activity",
        activity: "status",
        by: await staffName(),
        body: null,
        outcome: null,
        workStatus: "contacted",
        closeReason: null,
        ownerName: null,
        stage: null,
        amount: null,
        overtakenBy: null,
        scheduledAt: null,
        booker: null,
        followUpAt: null,
      },
    ]);
    expect(await auditRows(store(), id, "application.status-changed")).toEqual([
      expect.objectContaining({
        actor_email: staff().email,
        details: { from: "new", to: "contacted", closeReason: null },
      }),
    ]);
    // The inbox's row says so too.
    const row = (await client.get("/api/desk/applications"))
      .json()
      .items.find((item: { id: string }) => item.id === id);
    expect(row).toMatchObject({ workStatus: "contacted", firstTouchedAt: detail.firstTouchedAt });
  });

  it("closes only with a reason, and a reason only with closed; funded is one, with no amount of its own", async () => {
    const id = await submit(ctx.app);
    const missing = await client.post(url(id, "work-status"), { status: "closed" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: "Say why it is closed: choose a close reason",
      errors: { closeReason: "Say why it is closed: choose a close reason" },
    });
    const stray = await client.post(url(id, "work-status"), {
      status: "qualified",
      closeReason: "duplicate",
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().errors).toEqual({ closeReason: "Only a closed application has a close reason" });
    const unknown = await client.post(url(id, "work-status"), { status: "closed", closeReason: "bored" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.closeReason).toMatch(/^Choose a close reason: not_qualified, .* or funded$/);
    expect(await activityCount(id)).toBe(0);
    expect((await client.get(`/api/desk/applications/${id}`)).json().firstTouchedAt).toBeNull();

    const funded = await client.post(url(id, "work-status"), { status: "closed", closeReason: "funded" });
    expect(funded.statusCode).toBe(200);
    expect(funded.json()).toMatchObject({ workStatus: "closed", closeReason: "funded", fundedAmount: null });
    expect(activities(funded.json())[0]).toMatchObject({ workStatus: "closed", closeReason: "funded" });

    // Opened again: the reason goes with the closed status.
    const reopened = await client.post(url(id, "work-status"), { status: "qualified" });
    expect(reopened.json()).toMatchObject({ workStatus: "qualified", closeReason: null });
    expect(await auditRows(store(), id, "application.status-changed")).toEqual([
      expect.objectContaining({ details: { from: "new", to: "closed", closeReason: "funded" } }),
      expect.objectContaining({ details: { from: "closed", to: "qualified", closeReason: null } }),
    ]);
  });

  it("setting the status it already has changes nothing: no activity, no audit row", async () => {
    const id = await submit(ctx.app);
    await client.post(url(id, "work-status"), { status: "closed", closeReason: "no_response" });
    const again = await client.post(url(id, "work-status"), { status: "closed", closeReason: "no_response" });
    expect(again.statusCode).toBe(200);
    expect(activities(again.json())).toHaveLength(1);
    expect(await auditRows(store(), id, "application.status-changed")).toHaveLength(1);
    // Another reason is a change.
    const other = await client.post(url(id, "work-status"), { status: "closed", closeReason: "duplicate" });
    expect(activities(other.json())).toHaveLength(2);
    // "new" on a new application changes nothing either, and does not stop the clock.
    const fresh = await submit(ctx.app);
    const unchanged = await client.post(url(fresh, "work-status"), { status: "new" });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ workStatus: "new", firstTouchedAt: null });
    expect(await activityCount(fresh)).toBe(0);
  });

  it("adds a note, trimmed, with its line breaks and tabs; control characters never reach the store", async () => {
    const id = await submit(ctx.app);
    const response = await client.post(url(id, "notes"), {
      body: "  Wants a call after 3 pm.\n\tAsk for Dana.  ",
    });
    expect(response.statusCode).toBe(200);
    expect(activities(response.json())).toEqual([
      expect.objectContaining({
        activity: "note",
        by: await staffName(),
        body: "Wants a call after 3 pm.\n\tAsk for Dana.",
      }),
    ]);
    expect(response.json().firstTouchedAt).toEqual(expect.any(String));
    expect(await auditRows(store(), id, "application.noted")).toEqual([
      expect.objectContaining({ actor_email: staff().email, details: { characters: 39 } }),
    ]);

    // The body parser drops control characters (and the NUL PostgreSQL cannot store) before the route reads it.
    const cleaned = await client.post(url(id, "notes"), { body: "Called\u0007 back\u0000 \u001b[31mlater" });
    expect(cleaned.statusCode).toBe(200);
    expect(activities(cleaned.json())[0]?.body).toBe("Called back [31mlater");
  });

  it("refuses a note that is missing, empty, not text, too long, only control characters, or has other fields", async () => {
    const id = await submit(ctx.app);
    const refusals: [unknown, string, string][] = [
      [{}, "body", "Write a note"],
      [{ body: "   \n\t " }, "body", "Write a note"],
      [{ body: 42 }, "body", "Write a note"],
      [{ body: null }, "body", "Write a note"],
      [{ body: ["a"] }, "body", "Write a note"],
      [{ body: "\u0000\u0001\u007f" }, "body", "Write a note"],
      [{ body: "x".repeat(5001) }, "body", "Keep the note to 5,000 characters"],
      [{ body: "ok", pinned: true }, "pinned", "“pinned” is not a field of this request"],
    ];
    for (const [payload, field, message] of refusals) {
      const response = await client.post(url(id, "notes"), payload as object);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().errors[field]).toBe(message);
      expect(response.json().error).toBe(message);
    }
    // Not an object at all.
    const array = await ctx.app.inject({
      method: "POST",
      url: url(id, "notes"),
      headers: {
        origin: "http://localhost:3000",
        cookie: staff().cookie,
        "content-type": "application/json",
      },
      payload: '["a note"]',
    });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ error: "Send a JSON object", errors: {} });
    // Far past any note: the body limit refuses it before the route.
    expect((await client.post(url(id, "notes"), { body: "x".repeat(20_000) })).statusCode).toBe(413);
    // A note of exactly the limit is fine.
    expect((await client.post(url(id, "notes"), { body: "é".repeat(5000) })).statusCode).toBe(200);
    expect(await activityCount(id)).toBe(1);
  });

  it("logs a call and an e-mail with their outcomes; an outcome of the other channel is refused", async () => {
    const id = await submit(ctx.app);
    const call = await client.post(url(id, "contacts"), {
      channel: "call",
      outcome: "left_voicemail",
      note: "  Voicemail full after the beep ",
    });
    expect(call.statusCode).toBe(200);
    const email = await client.post(url(id, "contacts"), { channel: "email", outcome: "sent", note: "   " });
    expect(email.statusCode).toBe(200);
    // Newest first.
    expect(activities(email.json())).toEqual([
      expect.objectContaining({ activity: "email", outcome: "sent", body: null }),
      expect.objectContaining({
        activity: "call",
        outcome: "left_voicemail",
        body: "Voicemail full after the beep",
      }),
    ]);
    expect(await auditRows(store(), id, "application.contact-logged")).toEqual([
      expect.objectContaining({ details: { channel: "call", outcome: "left_voicemail" } }),
      expect.objectContaining({ details: { channel: "email", outcome: "sent" } }),
    ]);

    const crossed = await client.post(url(id, "contacts"), { channel: "call", outcome: "bounced" });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({
      outcome:
        "“bounced” is not an outcome of a call: choose reached, left_voicemail, no_answer or wrong_number",
    });
    const refusals: [object, string][] = [
      [{ channel: "sms", outcome: "sent" }, "channel"],
      [{ channel: "email", outcome: "reached" }, "outcome"],
      [{ channel: "email" }, "outcome"],
      [{ channel: "call", outcome: 3 }, "outcome"],
      [{ channel: "call", outcome: "reached", note: "x".repeat(5001) }, "note"],
      [{ channel: "call", outcome: "reached", note: 12 }, "note"],
    ];
    for (const [payload, field] of refusals) {
      const response = await client.post(url(id, "contacts"), payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(payload).slice(0, 60)).toContain(field);
    }
    expect(await activityCount(id)).toBe(2);
  });

  it("the first touch stops the clock once: a later status, note or contact never moves it", async () => {
    const id = await submit(ctx.app);
    const first = (await client.post(url(id, "contacts"), { channel: "call", outcome: "no_answer" })).json();
    expect(first.firstTouchedAt).toBe(activities(first)[0].at);
    const touched = first.firstTouchedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await client.post(url(id, "notes"), { body: "Trying again tomorrow" });
    await client.post(url(id, "work-status"), { status: "contacted" });
    const last = (await client.post(url(id, "contacts"), { channel: "call", outcome: "reached" })).json();
    expect(last.firstTouchedAt).toBe(touched);
    // Newest first, each in its own words.
    expect(
      activities(last).map((entry) => [entry.activity, entry.outcome ?? entry.workStatus ?? entry.body]),
    ).toEqual([
      ["call", "reached"],
      ["status", "contacted"],
      ["note", "Trying again tomorrow"],
      ["call", "no_answer"],
    ]);
    const times = activities(last).map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times[2] > touched).toBe(true);
  });

  it("answers 401 without a session, 403 from another site and 404 for an unknown id, changing nothing", async () => {
    const id = await submit(ctx.app);
    const bodies: [string, object][] = [
      ["work-status", { status: "contacted" }],
      ["notes", { body: "A note" }],
      ["contacts", { channel: "call", outcome: "reached" }],
    ];
    for (const [route, payload] of bodies) {
      const anonymous = await ctx.app.inject({
        method: "POST",
        url: url(id, route),
        headers: { origin: "http://localhost:3000" },
        payload,
      });
      expect(anonymous.statusCode, route).toBe(401);
      const crossSite = await ctx.app.inject({
        method: "POST",
        url: url(id, route),
        headers: { origin: "https://evil.example", cookie: staff().cookie },
        payload,
      });
      expect(crossSite.statusCode, route).toBe(403);
      for (const unknown of ["00000000-0000-0000-0000-000000000000", "not-a-uuid"]) {
        const response = await client.post(url(unknown, route), payload);
        expect(response.statusCode, `${route} ${unknown}`).toBe(404);
        expect(response.json()).toEqual({ error: "Not Found" });
      }
    }
    expect(await activityCount(id)).toBe(0);
    expect(await auditRows(store(), id)).toEqual([]);
  });

  it("refuses to work a quarantined application until it is released: 409 and nothing written", async () => {
    const id = await submit(ctx.app, { companyWebsite: "autofill" });
    const bodies: [string, object][] = [
      ["work-status", { status: "contacted" }],
      ["notes", { body: "A note" }],
      ["contacts", { channel: "email", outcome: "sent" }],
    ];
    for (const [route, payload] of bodies) {
      const response = await client.post(url(id, route), payload);
      expect(response.statusCode, route).toBe(409);
      expect(response.json()).toEqual({
        error: "This application is in quarantine: release it before working on it",
      });
    }
    expect(await activityCount(id)).toBe(0);
    expect(await auditRows(store(), id)).toEqual([]);
    const shown = (await client.get(`/api/desk/applications/${id}`)).json();
    expect(shown).toMatchObject({ workStatus: "new", firstTouchedAt: null });

    await client.post(`/api/desk/applications/${id}/release`);
    expect((await client.post(url(id, "notes"), { body: "Real, after all" })).statusCode).toBe(200);
  });
});
