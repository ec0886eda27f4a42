/**
 * The live inbox over real HTTP, on both engines: a signed-in staff member's
 * stream (GET /api/desk/live) says what changed and their count of new
 * applications; GET /api/desk/applications/new-count gives the same number;
 * both refuse a visitor without a session. A burst of applications makes a
 * handful of events; a session that ends ends its stream; closing the server
 * ends every stream without waiting for them. On PostgreSQL, a stream on one
 * instance hears an application submitted to another.
 */
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LiveChange } from "#domain/desk/contract";
import type { App } from "../../app";
import { deskHeaders, signedInStaff } from "../../../test/support/desk";
import { deskClient, submit } from "../../../test/support/desk-applications";
import { openEventStream, type EventStream, type StreamEvent } from "../../../test/support/event-stream";
import { ENGINES, useTestApp, useTwoInstances } from "../../../test/support/server";

const HEARTBEAT = "300ms";

async function listening(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const counted = (count: number) => (event: StreamEvent) =>
  event.event === "counts" && (event.data as { count: number }).count === count;

const created = (id: string) => (event: StreamEvent) =>
  event.event === "applications" &&
  (event.data as { changes: LiveChange[] }).changes.some((c) => c.id === id && c.kind === "created");

describe.each(ENGINES)(
  "the live inbox on %s",
  (engine) => {
    const ctx = useTestApp(engine, { resetEach: false, env: { DESK_LIVE_HEARTBEAT: HEARTBEAT } });
    let staff: Awaited<ReturnType<typeof signedInStaff>>;
    const client = deskClient(
      () => ctx.app,
      () => staff.cookie,
    );
    let base: string;
    const streams: EventStream[] = [];
    const connect = async (cookie = staff.cookie) => {
      const stream = await openEventStream(`${base}/api/desk/live`, { cookie });
      streams.push(stream);
      return stream;
    };
    const newCount = async (cookie = staff.cookie) =>
      (
        await ctx.app.inject({ method: "GET", url: "/api/desk/applications/new-count", headers: { cookie } })
      ).json().count;
    beforeEach(() => ctx.db.reset());
    beforeAll(async () => {
      staff = await signedInStaff(ctx.app);
      base = await listening(ctx.app);
    });
    afterAll(() => streams.forEach((stream) => stream.close()));

    it("refuses a visitor without a session", async () => {
      const stream = await connect("");
      expect(stream.status).toBe(401);
      await stream.ended;
      expect(JSON.parse(stream.body())).toEqual({ error: "Sign in to continue" });
      const count = await ctx.app.inject({ method: "GET", url: "/api/desk/applications/new-count" });
      expect(count.statusCode).toBe(401);
    });

    it("answers a request that does not ask for an event stream 406, not with an endless one", async () => {
      const response = await ctx.app.inject({
        method: "GET",
        url: "/api/desk/live",
        headers: { cookie: staff.cookie, accept: "application/json" },
      });
      expect(response.statusCode).toBe(406);
      expect(response.json()).toEqual({ error: "This is an event stream: ask for text/event-stream" });
    });

    it("streams the count on connecting, then each new application and the count it makes", async () => {
      await submit(ctx.app);
      const stream = await connect();
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers["cache-control"]).toBe("no-store");
      expect(stream.headers["x-accel-buffering"]).toBe("no");
      expect(stream.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(stream.headers["content-security-policy"]).toContain("connect-src 'self'");
      await stream.next(counted(1));
      expect(stream.retry).toBe(3000);

      const id = await submit(ctx.app);
      const event = await stream.next(created(id));
      await stream.next(counted(2));
      expect(JSON.stringify(event.data)).not.toMatch(/@|Ada|Okafor/);
      expect(await newCount()).toBe(2);
    });

    it("counts only what is new to the viewer: theirs or unassigned, received, new, not opened", async () => {
      const colleague = await signedInStaff(ctx.app);
      const mine = await submit(ctx.app);
      const theirs = await submit(ctx.app);
      const contacted = await submit(ctx.app);
      const opened = await submit(ctx.app);
      const quarantined = await submit(ctx.app);
      const stream = await connect();
      await stream.next(counted(5));

      await ctx.db.store.query("UPDATE applications SET owner_id = $2 WHERE id = $1", [
        theirs,
        colleague.userId,
      ]);
      await ctx.db.store.query("UPDATE applications SET owner_id = $2 WHERE id = $1", [mine, staff.userId]);
      await stream.next(counted(4));
      expect(await newCount()).toBe(4);
      expect(await newCount(colleague.cookie)).toBe(4);

      const status = await client.post(`/api/desk/applications/${contacted}/work-status`, {
        status: "contacted",
      });
      expect(status.statusCode).toBe(200);
      const quarantine = await client.post(`/api/desk/applications/${quarantined}/quarantine`, {
        reason: "Looks automated",
      });
      expect(quarantine.statusCode).toBe(200);
      await stream.next(counted(2));

      // Opening one is the viewer's own: their count drops, the colleague's does not.
      expect((await client.get(`/api/desk/applications/${opened}`)).statusCode).toBe(200);
      await stream.next(counted(1));
      expect(await newCount()).toBe(1);
      expect(await newCount(colleague.cookie)).toBe(2);
    });

    it("gathers a burst of 40 applications into a handful of events", async () => {
      const stream = await connect();
      await stream.next(counted(0));
      const ids = await Promise.all(Array.from({ length: 40 }, () => submit(ctx.app)));
      const changed = () => stream.events.filter((event) => event.event === "applications");
      const seen = () =>
        new Set(
          changed().flatMap((event) => (event.data as { changes: LiveChange[] }).changes.map((c) => c.id)),
        );
      await expect.poll(seen, { timeout: 10_000 }).toEqual(new Set(ids));
      await stream.next(counted(40));
      expect(changed().length).toBeLessThanOrEqual(6);
      expect(stream.events.filter((event) => event.event === "counts").length).toBeLessThanOrEqual(7);
    });

    it("keeps the stream alive with heartbeats and ends it when its session ends", async () => {
      const [account, other] = await Promise.all([signedInStaff(ctx.app), signedInStaff(ctx.app)]);
      const signOut = (cookie: string) =>
        ctx.app.inject({ method: "POST", url: "/api/desk/sign-out", headers: deskHeaders(ctx.app, cookie) });
      const stream = await connect(account.cookie);
      await stream.next(counted(0));
      const heartbeats = () => stream.comments.filter((comment) => comment === "heartbeat").length;
      await expect.poll(heartbeats).toBeGreaterThan(1);

      // Someone else signing out ends nothing of theirs.
      expect((await signOut(other.cookie)).statusCode).toBe(204);
      const seen = heartbeats();
      await expect.poll(heartbeats).toBeGreaterThan(seen + 1);

      expect((await signOut(account.cookie)).statusCode).toBe(204);
      const outcome = await Promise.race([
        stream.ended.then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still open"), 3_000)),
      ]);
      expect(outcome).toBe("ended");
      expect((await connect(account.cookie)).status).toBe(401);
    });
  },
  60_000,
);

describe.each(ENGINES)("closing the server with live streams open on %s", (engine) => {
  const ctx = useTestApp(engine);

  it("ends every stream at once, and app.close() does not wait for them", async () => {
    const base = await listening(ctx.app);
    const account = await signedInStaff(ctx.app);
    const streams = await Promise.all(
      [1, 2, 3].map(() => openEventStream(`${base}/api/desk/live`, { cookie: account.cookie })),
    );
    await Promise.all(streams.map((stream) => stream.next((event) => event.event === "counts")));
    const started = Date.now();
    await ctx.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await Promise.all(streams.map((stream) => stream.ended));
  });
});

describe("the live inbox across two instances on PostgreSQL", () => {
  const instances = useTwoInstances({ env: { DESK_LIVE_HEARTBEAT: HEARTBEAT } });

  it("a stream on the first instance hears an application submitted to the second within seconds", async () => {
    const account = await signedInStaff(instances.first);
    const stream = await openEventStream(`${await listening(instances.first)}/api/desk/live`, {
      cookie: account.cookie,
    });
    await stream.next((event) => event.event === "counts");
    const before = (await stream.next((event) => event.event === "counts")).data as { count: number };

    const submittedAt = Date.now();
    const id = await submit(instances.second);
    const event = await stream.next(created(id), 5_000);
    expect(event.at - submittedAt).toBeLessThan(3_000);
    await stream.next(counted(before.count + 1));
    stream.close();
  });
});
