/**
 * The admin's CSV exports on both engines: the right rows with the CLI's
 * columns, formula cells neutralised, every export audited with its filter
 * and row count; staff get 403.
 */
import { EXPORT_KINDS, exportAction } from "#domain/audit/actions";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS, createExportRepository } from "../../inbox/export-repository";
import { signedInStaff } from "../../../test/support/desk";
import { parseCsv } from "../../../test/support/csv";
import { auditRows, deliveryHistory, placeAt, submit } from "../../../test/support/desk-applications";
import { ENGINES, useTestApp } from "../../../test/support/server";

describe.each(ENGINES)("desk exports on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let admin: { cookie: string; email: string };
  let staff: { cookie: string };
  const ids: Record<string, string> = {};
  const download = (url: string, cookie = admin.cookie) =>
    ctx.app.inject({ method: "GET", url, headers: { cookie } });

  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    staff = await signedInStaff(ctx.app, { role: "staff" });
    ids.formula = await submit(ctx.app, {
      companyName: '=HYPERLINK("http://evil.example","Click")',
      lastName: "-Minus",
      title: "@Boss",
    });
    ids.plain = await submit(ctx.app, { companyName: "Plain Co" });
    ids.spam = await submit(ctx.app, { companyName: "Spam Co", companyWebsite: "bot" });
    // Two at the same instant, so the pages must break the tie by id.
    ids.twin = await submit(ctx.app, { companyName: "Twin Co" });
    await placeAt(ctx.db.store, ids.twin, "2024-01-01T00:00:00Z");
    await placeAt(ctx.db.store, ids.plain, "2024-01-01T00:00:00Z");
    await deliveryHistory(ctx.db.store, ids.plain, "delivered", [
      { at: "2024-01-01T00:00:01Z", status: 200, outcome: "delivered" },
    ]);
    await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: { email: "reader@example.com" },
    });
    await ctx.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: { email: "unconfirmed@example.com" },
    });
    // The reader followed the confirmation link.
    await ctx.db.store.query(
      "UPDATE newsletter_subscribers SET status = 'subscribed', confirmed_at = now() WHERE email = 'reader@example.com'",
    );
  });

  it("gives the admin the filtered inbox as CSV, every page, formulas neutralised", async () => {
    const response = await download("/api/desk/exports/applications.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { header, rows } = parseCsv(response.body);
    expect(header).toEqual(EXPORT_COLUMNS.applications);
    expect(rows.map((row) => row.id).sort()).toEqual(Object.values(ids).sort());
    const formula = rows.find((row) => row.id === ids.formula)!;
    expect(formula.company_name).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(formula.last_name).toBe("'-Minus");
    expect(formula.title).toBe("'@Boss");
    expect(formula.phone).toBe("'+1 212 555 0100");
    expect(formula.sms_consent).toBe("true");
    expect(rows.find((row) => row.id === ids.plain)).toMatchObject({
      company_name: "Plain Co",
      delivery_status: "delivered",
    });
    expect(rows.find((row) => row.id === ids.spam)).toMatchObject({
      status: "quarantined",
      delivery_status: "",
    });

    const spam = await download("/api/desk/exports/applications.csv?state=quarantined&q=spam");
    expect(parseCsv(spam.body).rows.map((row) => row.id)).toEqual([ids.spam]);
    const audited = await auditRows(ctx.db.store, undefined, "applications.exported");
    expect(audited.at(-2)).toMatchObject({ actor_email: admin.email, details: { filter: {}, rows: 4 } });
    expect(audited.at(-1)).toMatchObject({
      details: { filter: { state: "quarantined", q: "spam" }, rows: 1 },
    });
  });

  it("pages through large exports by keyset: every row once", async () => {
    const exportRepository = createExportRepository(ctx.db.store);
    const batches: string[][] = [];
    for await (const batch of exportRepository.exportBatches("applications", {}, 1))
      batches.push(batch.map((row) => String(row.id)));
    expect(batches.every((batch) => batch.length === 1)).toBe(true);
    expect(batches.flat().sort()).toEqual(Object.values(ids).sort());
    const consents: string[] = [];
    for await (const batch of exportRepository.exportBatches("consents", {}, 3))
      consents.push(...batch.map((row) => String(row.application_id)));
    expect(consents.sort()).toEqual(Object.values(ids).sort());
  });

  it("exports the consent ledger, the newsletter list and the audit log", async () => {
    const consents = parseCsv((await download("/api/desk/exports/consents.csv")).body);
    expect(consents.header).toEqual(EXPORT_COLUMNS.consents);
    expect(consents.rows).toHaveLength(4);
    expect(consents.rows[0].consent_text).toMatch(/text messages/);

    // Only confirmed addresses: the ones that may be mailed.
    const newsletter = parseCsv((await download("/api/desk/exports/newsletter.csv")).body);
    expect(newsletter.header).toContain("email");
    expect(newsletter.rows).toEqual([
      expect.objectContaining({ email: "reader@example.com", status: "subscribed" }),
    ]);

    const audit = await download("/api/desk/exports/audit.csv?action=applications.exported");
    expect(audit.headers["content-disposition"]).toMatch(/filename="audit-/);
    const log = parseCsv(audit.body);
    expect(log.header).toEqual(["id", "at", "actor", "action", "target", "details", "ip", "user_agent"]);
    expect(log.rows.map((row) => row.action)).toEqual(["applications.exported", "applications.exported"]);
    expect(JSON.parse(log.rows[0].details)).toEqual({ filter: { state: "quarantined", q: "spam" }, rows: 1 });

    for (const kind of ["consents", "newsletter", "audit"] as const) {
      expect(await auditRows(ctx.db.store, undefined, exportAction(kind))).toContainEqual(
        expect.objectContaining({
          actor_email: admin.email,
          details: expect.objectContaining({ rows: expect.any(Number) }),
        }),
      );
    }
    expect((await auditRows(ctx.db.store, undefined, "consents.exported")).at(-1)?.details).toEqual({
      filter: {},
      rows: 4,
    });
  });

  it("refuses staff (403) and bad parameters (400), exporting nothing", async () => {
    // Nothing exported: no <kind>.exported row (the refusals are audited as access.denied).
    const exportActions: string[] = EXPORT_KINDS.map(exportAction);
    const exports = async () =>
      (await auditRows(ctx.db.store)).filter((row) => exportActions.includes(row.action)).length;
    const before = await exports();
    for (const kind of ["applications", "consents", "newsletter", "audit"]) {
      const response = await download(`/api/desk/exports/${kind}.csv`, staff.cookie);
      expect(response.statusCode, kind).toBe(403);
      expect(response.body).not.toMatch(/Plain Co|reader@/);
    }
    for (const url of [
      "/api/desk/exports/applications.csv?state=lost",
      "/api/desk/exports/applications.csv?limit=5",
      "/api/desk/exports/applications.csv?from=yesterday",
      "/api/desk/exports/consents.csv?all=1",
      "/api/desk/exports/audit.csv?action=a&action=b",
      "/api/desk/exports/audit.csv?actor=%00",
    ]) {
      const response = await download(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(await exports()).toBe(before);
    expect((await auditRows(ctx.db.store, undefined, "access.denied")).map((row) => row.details)).toEqual(
      expect.arrayContaining(
        ["applications", "consents", "newsletter", "audit"].map((kind) => ({
          method: "GET",
          route: `/api/desk/exports/${kind}.csv`,
        })),
      ),
    );
  });
});
