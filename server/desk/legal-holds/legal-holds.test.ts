/**
 * Legal holds through HTTP, on both engines: an admin holds an application,
 * or every record of an address, with a reason, and releases it; each change
 * is audited; the one question purges ask (isHeld, application_held()) says
 * so; staff may read holds but not set or release them; bad input is a 400
 * naming the field; the table keeps every hold as history.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { isHeld } from "../../retention/legal-hold-repository";
import { signedInStaff } from "../../../test/support/desk";
import { auditRows, deskClient, submit, useStaffDesk } from "../../../test/support/desk-applications";
import { ENGINES } from "../../../test/support/server";

/** Addresses no other test uses: holds outlive the tests' emptying of the applications. */
const uniqueEmail = () => `held-${randomUUID().slice(0, 8)}@Example.test`;

describe.each(ENGINES)("legal holds on %s", (engine) => {
  const { ctx, client: staffClient, staff } = useStaffDesk(engine);
  let admin: { cookie: string; email: string; userId: string };
  const adminClient = deskClient(
    () => ctx.app,
    () => admin.cookie,
  );
  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
  });
  const store = () => ctx.db.store;
  const heldInSql = async (id: string) =>
    (await store().query<{ held: boolean }>("SELECT application_held($1::uuid) AS held", [id])).rows[0].held;

  it("holds one application with a reason, says so to every purge, and audits who did it", async () => {
    const held = await submit(ctx.app, { email: uniqueEmail() });
    const other = await submit(ctx.app, { email: uniqueEmail() });

    const response = await adminClient.post(`/api/desk/applications/${held}/legal-holds`, {
      reason: "  Subpoena 24-118: keep everything  ",
    });
    expect(response.statusCode).toBe(201);
    const hold = response.json();
    expect(hold).toEqual({
      id: expect.stringMatching(/^\d+$/),
      applicationId: held,
      email: null,
      reason: "Subpoena 24-118: keep everything",
      setBy: { id: admin.userId, name: admin.email.split("@")[0] },
      setAt: expect.any(String),
      released: null,
    });
    expect(Math.abs(Date.parse(hold.setAt) - Date.now())).toBeLessThan(60_000);

    expect(await isHeld(store(), { applicationId: held })).toBe(true);
    expect(await heldInSql(held)).toBe(true);
    expect(await isHeld(store(), { applicationId: other })).toBe(false);
    expect(await heldInSql(other)).toBe(false);

    // Any member sees it on the application.
    const listed = await staffClient.get(`/api/desk/applications/${held}/legal-holds`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ items: [hold] });
    expect((await staffClient.get(`/api/desk/applications/${other}/legal-holds`)).json()).toEqual({
      items: [],
    });

    expect(await auditRows(store(), held, "legal-hold.set")).toEqual([
      {
        action: "legal-hold.set",
        actor_email: admin.email,
        target: held,
        details: { holdId: hold.id, scope: "application", reason: "Subpoena 24-118: keep everything" },
      },
    ]);
  });

  it("holds every record of an address, however it is written, from the application or by itself", async () => {
    const email = uniqueEmail();
    const first = await submit(ctx.app, { email });
    const second = await submit(ctx.app, { email: email.toUpperCase() });
    const stranger = await submit(ctx.app, { email: uniqueEmail() });

    const fromPage = await adminClient.post(`/api/desk/applications/${first}/legal-holds`, {
      reason: "Dispute with the applicant",
      scope: "email",
    });
    expect(fromPage.statusCode).toBe(201);
    expect(fromPage.json()).toMatchObject({ applicationId: null, email: email.toLowerCase() });
    for (const id of [first, second]) {
      expect(await isHeld(store(), { applicationId: id }), id).toBe(true);
      expect(await heldInSql(id), id).toBe(true);
    }
    expect(await isHeld(store(), { applicationId: stranger })).toBe(false);
    expect(await isHeld(store(), { email: email.toUpperCase() })).toBe(true);
    // The second application shows the hold on its applicant too.
    expect((await staffClient.get(`/api/desk/applications/${second}/legal-holds`)).json().items).toHaveLength(
      1,
    );
    expect(await auditRows(store(), first, "legal-hold.set")).toContainEqual(
      expect.objectContaining({
        details: {
          holdId: fromPage.json().id,
          scope: "email",
          email: email.toLowerCase(),
          reason: "Dispute with the applicant",
        },
      }),
    );

    // An address with no application yet can be held too.
    const later = uniqueEmail();
    const byAddress = await adminClient.post("/api/desk/legal-holds", {
      email: ` ${later} `,
      reason: "Litigation",
    });
    expect(byAddress.statusCode).toBe(201);
    expect(byAddress.json()).toMatchObject({
      applicationId: null,
      email: later.toLowerCase(),
      reason: "Litigation",
    });
    const arrived = await submit(ctx.app, { email: later });
    expect(await isHeld(store(), { applicationId: arrived })).toBe(true);
    const found = await staffClient.get(
      `/api/desk/legal-holds?email=${encodeURIComponent(later.toUpperCase())}`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ items: [byAddress.json()] });
  });

  it("audits each look-up of an address's holds: who asked, for which address, how many were found", async () => {
    const email = uniqueEmail();
    await adminClient.post("/api/desk/legal-holds", { email, reason: "Litigation" });
    const nobody = uniqueEmail();

    expect(
      (await staffClient.get(`/api/desk/legal-holds?email=${encodeURIComponent(email)}`)).statusCode,
    ).toBe(200);
    expect(
      (await staffClient.get(`/api/desk/legal-holds?email=${encodeURIComponent(nobody)}`)).statusCode,
    ).toBe(200);

    const rows = await auditRows(store(), undefined, "legal-holds.looked-up");
    expect(rows).toContainEqual({
      action: "legal-holds.looked-up",
      actor_email: staff().email,
      target: null,
      details: { email: email.toLowerCase(), found: 1 },
    });
    expect(rows).toContainEqual({
      action: "legal-holds.looked-up",
      actor_email: staff().email,
      target: null,
      details: { email: nobody.toLowerCase(), found: 0 },
    });
  });

  it("releases a hold with a reason: no longer held, kept as history, audited; a second release is a 409", async () => {
    const id = await submit(ctx.app, { email: uniqueEmail() });
    const first = (
      await adminClient.post(`/api/desk/applications/${id}/legal-holds`, { reason: "Matter A" })
    ).json();
    const second = (
      await adminClient.post(`/api/desk/applications/${id}/legal-holds`, { reason: "Matter B" })
    ).json();

    const released = await adminClient.post(`/api/desk/legal-holds/${first.id}/release`, {
      reason: "Matter A settled",
    });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({
      ...first,
      released: {
        by: { id: admin.userId, name: admin.email.split("@")[0] },
        at: expect.any(String),
        reason: "Matter A settled",
      },
    });
    // Matter B still holds it.
    expect(await isHeld(store(), { applicationId: id })).toBe(true);
    await adminClient.post(`/api/desk/legal-holds/${second.id}/release`, { reason: "Matter B closed" });
    expect(await isHeld(store(), { applicationId: id })).toBe(false);
    expect(await heldInSql(id)).toBe(false);

    const again = await adminClient.post(`/api/desk/legal-holds/${first.id}/release`, { reason: "twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "This hold was released already" });

    const history = (await staffClient.get(`/api/desk/applications/${id}/legal-holds`)).json().items;
    expect(history.map((hold: { reason: string }) => hold.reason).sort()).toEqual(["Matter A", "Matter B"]);
    expect(history.every((hold: { released: unknown }) => hold.released !== null)).toBe(true);
    expect(await auditRows(store(), id, "legal-hold.released")).toEqual([
      expect.objectContaining({
        actor_email: admin.email,
        details: {
          holdId: first.id,
          scope: "application",
          reason: "Matter A settled",
          heldReason: "Matter A",
        },
      }),
      expect.objectContaining({ details: expect.objectContaining({ holdId: second.id }) }),
    ]);
  });

  it("lets staff read holds but only admins set or release them; refusals are audited", async () => {
    const id = await submit(ctx.app, { email: uniqueEmail() });
    const set = await staffClient.post(`/api/desk/applications/${id}/legal-holds`, { reason: "I think so" });
    expect(set.statusCode).toBe(403);
    expect(set.json()).toEqual({ error: "Only an admin can do this" });
    expect(
      (await staffClient.post("/api/desk/legal-holds", { email: uniqueEmail(), reason: "x" })).statusCode,
    ).toBe(403);
    const hold = (
      await adminClient.post(`/api/desk/applications/${id}/legal-holds`, { reason: "Kept" })
    ).json();
    const release = await staffClient.post(`/api/desk/legal-holds/${hold.id}/release`, { reason: "Done" });
    expect(release.statusCode).toBe(403);
    expect(await isHeld(store(), { applicationId: id })).toBe(true);
    expect(await auditRows(store(), undefined, "access.denied")).toContainEqual(
      expect.objectContaining({ actor_email: staff().email }),
    );

    // No session: 401; another site's page: 403 before anything is read.
    const anonymous = deskClient(
      () => ctx.app,
      () => undefined,
    );
    expect((await anonymous.get(`/api/desk/applications/${id}/legal-holds`)).statusCode).toBe(401);
    expect(
      (await anonymous.post(`/api/desk/legal-holds/${hold.id}/release`, { reason: "x" })).statusCode,
    ).toBe(401);
    const crossSite = await ctx.app.inject({
      method: "POST",
      url: `/api/desk/legal-holds/${hold.id}/release`,
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
      payload: { reason: "x" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await isHeld(store(), { applicationId: id })).toBe(true);
  });

  it.each([
    [{}, { reason: "Give a reason" }],
    [{ reason: "   " }, { reason: "Give a reason" }],
    [{ reason: 42 }, { reason: "Give a reason" }],
    [{ reason: "x".repeat(501) }, { reason: "Keep the reason under 500 characters" }],
    [{ reason: "ok", scope: "everything" }, { scope: "Choose what to hold: application or email" }],
    [{ reason: "ok", note: "extra" }, { note: "“note” is not a field of this request" }],
  ])("refuses a hold with %j, naming the field", async (body, errors) => {
    const id = await submit(ctx.app, { email: uniqueEmail() });
    const response = await adminClient.post(`/api/desk/applications/${id}/legal-holds`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: Object.values(errors)[0], errors });
    expect(await isHeld(store(), { applicationId: id })).toBe(false);
  });

  it("refuses bad addresses, unknown applications and holds, and bodies that are not objects", async () => {
    const badEmail = await adminClient.post("/api/desk/legal-holds", { email: "nope", reason: "x" });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().errors).toEqual({ email: "Please enter a valid email address" });
    expect((await adminClient.post("/api/desk/legal-holds", { reason: "x" })).json().errors).toHaveProperty(
      "email",
    );
    const badQuery = await staffClient.get("/api/desk/legal-holds?email=nope");
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().errors).toHaveProperty("email");

    for (const url of [
      `/api/desk/applications/${randomUUID()}/legal-holds`,
      "/api/desk/applications/not-a-uuid/legal-holds",
    ]) {
      expect((await adminClient.post(url, { reason: "x" })).statusCode, url).toBe(404);
      expect((await staffClient.get(url)).statusCode, url).toBe(404);
    }
    for (const holdId of ["999999999", "0", "abc", "1e3", "99999999999999999999999"]) {
      const response = await adminClient.post(`/api/desk/legal-holds/${holdId}/release`, { reason: "x" });
      expect(response.statusCode, holdId).toBe(404);
    }
    const notObject = await ctx.app.inject({
      method: "POST",
      url: "/api/desk/legal-holds",
      headers: {
        cookie: admin.cookie,
        origin: new URL(ctx.app.config.siteUrl).origin,
        "content-type": "application/json",
      },
      payload: "[1,2]",
    });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error).toBe("Send a JSON object");
  });

  it("keeps every hold as history: the table refuses deleting, rewriting or un-releasing one", async () => {
    const id = await submit(ctx.app, { email: uniqueEmail() });
    const hold = (
      await adminClient.post(`/api/desk/applications/${id}/legal-holds`, { reason: "Kept" })
    ).json();
    const history = /kept as history/;
    await expect(store().query("DELETE FROM legal_holds WHERE id = $1", [hold.id])).rejects.toThrow(history);
    await expect(
      store().query("UPDATE legal_holds SET reason = 'other' WHERE id = $1", [hold.id]),
    ).rejects.toThrow(history);
    await expect(store().query("TRUNCATE legal_holds")).rejects.toThrow(history);
    await adminClient.post(`/api/desk/legal-holds/${hold.id}/release`, { reason: "Done" });
    await expect(
      store().query(
        `UPDATE legal_holds SET released_at = NULL, released_by_id = NULL, released_by_name = NULL,
                release_reason = NULL WHERE id = $1`,
        [hold.id],
      ),
    ).rejects.toThrow(history);
    const { rows } = await store().query("SELECT reason, released_at FROM legal_holds WHERE id = $1", [
      hold.id,
    ]);
    expect(rows).toEqual([{ reason: "Kept", released_at: expect.any(Date) }]);
  });
});
