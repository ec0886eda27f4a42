/**
 * The new-lead count means "new to me since I last looked", per view, on
 * both engines: listing the first page of Mine, Unassigned or Everyone
 * brings that view's part to zero for the member (on every device: a second
 * session reads the same), live on their stream; a search, a narrower due
 * view or a later page is not looking; what reaches a view afterwards
 * (arrives, or is given to the member) is new again.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NewCount } from "#domain/desk/contract";
import type { App } from "../../app";
import { signedInStaff, signIn, cookiesFrom } from "../../../test/support/desk";
import { submit } from "../../../test/support/desk-applications";
import { goOnDuty, resetAssignment } from "../../../test/support/assignment";
import { openEventStream, type EventStream, type StreamEvent } from "../../../test/support/event-stream";
import { ENGINES, useTestApp } from "../../../test/support/server";

async function listening(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const counted = (count: number) => (event: StreamEvent) =>
  event.event === "counts" && (event.data as NewCount).count === count;

describe.each(ENGINES)("the new count on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let ann: Awaited<ReturnType<typeof signedInStaff>>;
  let phone: string;
  const streams: EventStream[] = [];
  const counts = async (cookie = ann.cookie) =>
    (
      await ctx.app.inject({ method: "GET", url: "/api/desk/applications/new-count", headers: { cookie } })
    ).json<NewCount>();
  const look = async (query: string) => {
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/desk/applications${query}`,
      headers: { cookie: ann.cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ nextCursor: string | null }>();
  };

  beforeAll(async () => {
    ann = await signedInStaff(ctx.app, { role: "staff" });
    // Ann's second device: another session of the same account.
    phone = cookiesFrom(await signIn(ctx.app, ann, { offsetSteps: 1 }));
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await resetAssignment(ctx.db.store);
  });
  afterAll(() => streams.forEach((stream) => stream.close()));

  it("reaches zero once the member has looked at the view, and counts what arrives after", async () => {
    await goOnDuty(ctx.app, ann.cookie);
    await submit(ctx.app);
    await submit(ctx.app);
    expect(await counts()).toEqual({ count: 2, views: { mine: 2, unassigned: 0 } });
    const stream = await openEventStream(`${await listening(ctx.app)}/api/desk/live`, { cookie: ann.cookie });
    streams.push(stream);
    await stream.next(counted(2));

    // A search, a narrower due view and an order are not the whole view; the To do view is.
    await look("?owner=mine&q=Northwind");
    await look("?owner=mine&due=overdue&sort=time_left");
    expect((await counts()).count).toBe(2);
    await look("?owner=mine&due=open&sort=time_left");
    await stream.next(counted(0));
    expect(await counts()).toEqual({ count: 0, views: { mine: 0, unassigned: 0 } });
    // The same on her phone: it is stored with the account, not the browser.
    expect((await counts(phone)).count).toBe(0);

    await submit(ctx.app);
    await stream.next(counted(1));
    expect(await counts(phone)).toEqual({ count: 1, views: { mine: 1, unassigned: 0 } });
  });

  it("keeps Mine and Unassigned apart; Everyone covers both; one given to the member later is new", async () => {
    await submit(ctx.app);
    await submit(ctx.app);
    expect(await counts()).toEqual({ count: 2, views: { mine: 0, unassigned: 2 } });
    await look("?owner=mine");
    expect((await counts()).count).toBe(2);
    await look("?owner=unassigned");
    expect(await counts()).toEqual({ count: 0, views: { mine: 0, unassigned: 0 } });

    // A later page is not looking at what the first page shows.
    await submit(ctx.app);
    const first = await ctx.app.inject({
      method: "GET",
      url: "/api/desk/applications?owner=unassigned&limit=1",
      headers: { cookie: ann.cookie },
    });
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    await ctx.db.store.query("DELETE FROM desk_view_seen");
    await look(`?owner=unassigned&limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect((await counts()).views.unassigned).toBe(3);
    await look("");
    expect((await counts()).count).toBe(0);

    // Coming on duty gives her the three that waited: new to her in Mine, though she saw them arrive.
    await goOnDuty(ctx.app, ann.cookie);
    expect(await counts()).toEqual({ count: 3, views: { mine: 3, unassigned: 0 } });
    await look("?owner=mine&due=open&sort=time_left");
    expect((await counts()).count).toBe(0);
  });
});
