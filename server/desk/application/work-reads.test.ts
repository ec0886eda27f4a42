/**
 * What opening an application and working it leave for the others, on both
 * engines: the inbox's unread marker is per viewer (opening it reads it for
 * that staff member only), the active staff an application can be handed to,
 * and one timeline holding the application's e-mails with what staff did.
 */
import { describe, expect, it } from "vitest";
import type { InboxItem, Owner } from "#domain/desk/contract";
import { deskHeaders, signedInStaff } from "../../../test/support/desk";
import { deskClient, submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";

describe.each(ENGINES)("reads, active staff and the timeline on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);

  const unreadFor = async (list: typeof client, id: string) => {
    const items: InboxItem[] = (await list.get("/api/desk/applications")).json().items;
    return items.find((item) => item.id === id)?.unread;
  };

  it("opening an application reads it for the viewer only; opening it again is fine", async () => {
    const other = await signedInStaff(ctx.app, { role: "staff" });
    const otherClient = deskClient(
      () => ctx.app,
      () => other.cookie,
    );
    const opened = await submit(ctx.app, { companyName: "Opened Ltd" });
    const untouched = await submit(ctx.app, { companyName: "Untouched Ltd" });
    expect(await unreadFor(client, opened)).toBe(true);
    expect(await unreadFor(otherClient, opened)).toBe(true);

    expect((await client.get(`/api/desk/applications/${opened}`)).statusCode).toBe(200);
    expect((await client.get(`/api/desk/applications/${opened}`)).statusCode).toBe(200);
    expect(await unreadFor(client, opened)).toBe(false);
    expect(await unreadFor(client, untouched)).toBe(true);
    expect(await unreadFor(otherClient, opened)).toBe(true);

    const { rows } = await ctx.db.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM application_reads WHERE application_id = $1",
      [opened],
    );
    expect(rows[0].n).toBe(1);
    // Working it is not reading it: a note from the other member leaves their marker as it was.
    await otherClient.post(`/api/desk/applications/${opened}/notes`, { body: "Seen in the CRM" });
    expect(await unreadFor(otherClient, opened)).toBe(true);
    // An unknown application records nothing and answers 404.
    expect((await client.get("/api/desk/applications/00000000-0000-0000-0000-000000000000")).statusCode).toBe(
      404,
    );
  });

  it("lists the active staff for any member: enrolled, not disabled, with name and e-mail only", async () => {
    const admin = await signedInStaff(ctx.app, { role: "admin" });
    const leaving = await signedInStaff(ctx.app, { role: "staff" });
    const disabled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/desk/staff/${leaving.userId}`,
      headers: deskHeaders(ctx.app, admin.cookie),
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);

    const response = await client.get("/api/desk/staff/active");
    expect(response.statusCode).toBe(200);
    const items: Owner[] = response.json().items;
    const emails = items.map((item) => item.email);
    expect(emails).toContain(staff().email);
    expect(emails).toContain(admin.email);
    expect(emails).not.toContain(leaving.email);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["email", "id", "name"]);
    const names = items.map((item) => item.name || item.email);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    expect((await ctx.app.inject({ method: "GET", url: "/api/desk/staff/active" })).statusCode).toBe(401);
  });

  it("one timeline, newest first: each thing staff did, then the application's e-mails", async () => {
    const id = await submit(ctx.app);
    await client.post(`/api/desk/applications/${id}/contacts`, { channel: "call", outcome: "reached" });
    await client.post(`/api/desk/applications/${id}/notes`, { body: "Sending the term sheet" });
    await client.post(`/api/desk/applications/${id}/contacts`, { channel: "email", outcome: "sent" });
    await client.post(`/api/desk/applications/${id}/work-status`, { status: "qualified" });
    const detail = (await client.get(`/api/desk/applications/${id}`)).json();
    const kinds = detail.timeline.map((entry: { kind: string; activity?: string; mailKind?: string }) =>
      entry.kind === "activity" ? `activity:${entry.activity}` : `${entry.kind}:${entry.mailKind ?? ""}`,
    );
    expect(kinds).toEqual([
      "activity:status",
      "activity:email",
      "activity:note",
      "activity:call",
      "mail:receipt",
    ]);
    const times = detail.timeline.map((entry: { at: string }) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
