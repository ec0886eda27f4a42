/**
 * A live stream ends with its session, on every instance, without waiting for
 * the heartbeat (set to ten minutes here, so only the announcement can end
 * it): signed out or disabled on one instance, the stream open on another
 * (or the same one, on either engine) closes and delivers no new application.
 */
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { LiveChange } from "#domain/desk/contract";
import type { App } from "../../app";
import { deskHeaders, signedInStaff } from "../../../test/support/desk";
import { submit } from "../../../test/support/desk-applications";
import { openEventStream, type EventStream, type StreamEvent } from "../../../test/support/event-stream";
import { ENGINES, useTestApp, useTwoInstances } from "../../../test/support/server";

const ENV = { DESK_LIVE_HEARTBEAT: "10m" };
/** Far longer than the announcement takes; the ten-minute heartbeat would come much later. */
const ENDS_WITHIN_MS = 10_000;

async function listening(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const endedOrNot = (stream: EventStream) =>
  Promise.race([
    stream.ended.then(() => "ended"),
    new Promise((resolve) => setTimeout(() => resolve("still open"), ENDS_WITHIN_MS)),
  ]);

const mentions = (id: string) => (event: StreamEvent) =>
  event.event === "applications" &&
  (event.data as { changes: LiveChange[] }).changes.some((change) => change.id === id);
const announced = (stream: EventStream, id: string) => stream.events.some(mentions(id));

function scenarios(setup: () => { watched: App; acting: App }) {
  /** A member with a stream open on the watched instance, its first count received. */
  async function streaming() {
    const { watched } = setup();
    const account = await signedInStaff(watched);
    const stream = await openEventStream(`${await listening(watched)}/api/desk/live`, {
      cookie: account.cookie,
    });
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === "counts");
    return { account, stream };
  }

  it("ends the stream when its member signs out, and delivers nothing after", async () => {
    const { watched, acting } = setup();
    const { account, stream } = await streaming();
    const bystander = await streaming();

    const out = await acting.inject({
      method: "POST",
      url: "/api/desk/sign-out",
      headers: deskHeaders(acting, account.cookie),
    });
    expect(out.statusCode).toBe(204);
    expect(await endedOrNot(stream)).toBe("ended");

    // Another member's stream goes on, and hears what this one no longer does.
    const id = await submit(acting);
    await bystander.stream.next(mentions(id));
    expect(announced(stream, id)).toBe(false);
    bystander.stream.close();
    const again = await openEventStream(`${await listening(watched)}/api/desk/live`, {
      cookie: account.cookie,
    });
    expect(again.status).toBe(401);
  });

  it("ends the stream when an admin disables the account", async () => {
    const { acting } = setup();
    const admin = await signedInStaff(acting, { role: "admin" });
    const { account, stream } = await streaming();

    const disabled = await acting.inject({
      method: "PATCH",
      url: `/api/desk/staff/${account.userId}`,
      headers: deskHeaders(acting, admin.cookie),
      payload: { disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(await endedOrNot(stream)).toBe("ended");
    const id = await submit(acting);
    expect(announced(stream, id)).toBe(false);
  });
}

/** Each scenario signs in two or three members (an invitation, a password, a code) before it starts. */
const SCENARIO_TIMEOUT_MS = 60_000;

describe.each(ENGINES)(
  "live streams ending with their session on one instance, %s",
  (engine) => {
    const ctx = useTestApp(engine, { env: ENV, resetEach: false });
    scenarios(() => ({ watched: ctx.app, acting: ctx.app }));
  },
  SCENARIO_TIMEOUT_MS,
);

describe(
  "live streams ending with their session across two instances on PostgreSQL",
  () => {
    const instances = useTwoInstances({ env: ENV });
    scenarios(() => ({ watched: instances.first, acting: instances.second }));
  },
  SCENARIO_TIMEOUT_MS,
);
