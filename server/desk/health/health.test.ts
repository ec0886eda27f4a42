/**
 * Delivery health as staff see it, on both engines: counts, the oldest
 * waiting, the last delivered, the dead ones and the e-mails by state;
 * redelivering the dead; whether a CRM webhook is set, never its address;
 * whether the virus scanner is configured and answers (a real clamd).
 * Why each dead one failed: dead-deliveries.test.ts.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestClamd, type TestClamd } from "../../../test/support/clamd";
import { retryWindowMs } from "../../outbox/retry-schedule";
import {
  auditRows,
  deliveryHistory,
  useStaffDesk,
  placeAt,
  submit,
} from "../../../test/support/desk-applications";
import { signedInStaff } from "../../../test/support/desk";
import { buildTestApp, ENGINES } from "../../../test/support/server";

describe.each(ENGINES)("desk delivery health on %s", (engine) => {
  const { ctx, client, staff } = useStaffDesk(engine);

  it("reports delivery health: counts, oldest waiting, last delivered, dead rows; redelivers the dead", async () => {
    const empty = (await client.get("/api/desk/health")).json();
    expect(empty).toEqual({
      webhookConfigured: false,
      counts: { pending: 0, sending: 0, delivered: 0, dead: 0 },
      oldestWaitingAt: null,
      lastDeliveredAt: null,
      dead: [],
      deadKinds: { temporary: 0, permanent: 0 },
      deadDocuments: [],
      deadDocumentCount: 0,
      mailConfigured: false,
      mail: { pending: 0, sending: 0, sent: 0, dead: 0, cancelled: 0 },
      virusScanner: "not-configured",
      retryWindowMs: retryWindowMs(ctx.app.config.delivery),
    });

    const waiting = await submit(ctx.app, { companyName: "Waiting Co" });
    await placeAt(ctx.db.store, waiting, "2024-02-01T08:00:00Z");
    await submit(ctx.app, { companyName: "Newer Waiting Co" });
    const delivered = await submit(ctx.app);
    await deliveryHistory(ctx.db.store, delivered, "delivered", [
      { at: "2024-02-02T10:00:00.000Z", status: 200, outcome: "delivered" },
    ]);
    const dead = await submit(ctx.app, { companyName: "Dead Letter Co" });
    await deliveryHistory(ctx.db.store, dead, "dead", [
      { at: "2024-02-03T10:00:00.000Z", status: 410, error: "HTTP 410", outcome: "dead" },
    ]);
    await submit(ctx.app, { companyWebsite: "bot" });

    const health = (await client.get("/api/desk/health")).json();
    expect(health).toMatchObject({
      webhookConfigured: false,
      counts: { pending: 2, sending: 0, delivered: 1, dead: 1 },
      oldestWaitingAt: "2024-02-01T08:00:00.000Z",
      lastDeliveredAt: "2024-02-02T10:00:00.000Z",
    });
    expect(health.dead).toEqual([
      expect.objectContaining({ id: dead, companyName: "Dead Letter Co", delivery: "dead" }),
    ]);
    // The receipts (three a day to one address; none for the honeypot's), one of them refused for good.
    await ctx.db.store.query(
      "UPDATE mail_outbox SET status = 'dead' WHERE id = (SELECT min(id) FROM mail_outbox)",
    );
    expect((await client.get("/api/desk/health")).json().mail).toEqual({
      pending: 2,
      sending: 0,
      sent: 0,
      dead: 1,
      cancelled: 0,
    });

    // A 410 is refused for good: only sent again when staff include the refusals.
    const redelivered = await client.post("/api/desk/deliveries/redeliver-dead", { include: "all" });
    expect(redelivered.json()).toEqual({ redelivered: 1, permanentLeft: 0 });
    expect((await client.get("/api/desk/health")).json().counts).toMatchObject({ pending: 3, dead: 0 });
    expect(await auditRows(ctx.db.store, undefined, "dead-deliveries.redelivered")).toContainEqual(
      expect.objectContaining({ actor_email: staff().email, details: { count: 1, include: "all" } }),
    );
  });

  describe("with a CRM webhook configured", () => {
    let app: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      app = await buildTestApp({ store: ctx.db.store, env: { LEAD_WEBHOOK_URL: "http://127.0.0.1:9/crm" } });
    });
    afterAll(() => app?.close());

    it("says so", async () => {
      const { cookie } = await signedInStaff(app);
      const response = await app.inject({ method: "GET", url: "/api/desk/health", headers: { cookie } });
      expect(response.json().webhookConfigured).toBe(true);
      // The webhook's address is a secret: it is never shown.
      expect(response.body).not.toContain("127.0.0.1:9");
    });
  });

  describe("with a virus scanner configured", () => {
    let clamd: TestClamd | undefined;
    const apps: Awaited<ReturnType<typeof buildTestApp>>[] = [];
    beforeAll(async () => {
      clamd = await startTestClamd();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await clamd?.stop();
    });
    const scannerOf = async (env: Record<string, string>) => {
      const app = await buildTestApp({ store: ctx.db.store, env });
      apps.push(app);
      const { cookie } = await signedInStaff(app);
      const response = await app.inject({ method: "GET", url: "/api/desk/health", headers: { cookie } });
      return response.json().virusScanner as string;
    };

    it("says whether it answers", async () => {
      expect(await scannerOf({ CLAMD_SOCKET: clamd!.socket })).toBe("answering");
      expect(await scannerOf({ CLAMD_SOCKET: join(tmpdir(), "harborline-no-clamd.sock") })).toBe(
        "not-answering",
      );
      expect(await scannerOf({ CLAMD_HOST: "127.0.0.1", CLAMD_PORT: "9" })).toBe("not-answering");
    });
  });
});
