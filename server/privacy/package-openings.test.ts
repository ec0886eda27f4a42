/**
 * Opening a copy of someone's data is a deliberate act, and each one is seen:
 * following the e-mailed link (GET or HEAD, what a mail scanner does) shows a
 * button and opens nothing; the button's POST opens the copy, as a page or
 * JSON, and writes `privacy-request.package-opened` to the audit log with
 * the time, the IP and a short client description, which the desk's
 * privacy-request queue shows with the request. Through HTTP on both engines.
 */
import { describe, expect, it } from "vitest";
import { useStaffDesk } from "../../test/support/desk-applications";
import { PACKAGE_LINK, openPackage, verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES } from "../../test/support/server";

describe.each(ENGINES)("opening a copy of the data on %s", (engine) => {
  const { ctx, client } = useStaffDesk(engine);

  it("shows a button on GET and HEAD, opens on POST, audits each opening and shows it in the queue", async () => {
    const email = `opener-${engine}-${Date.now()}@example.com`;
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email, name: "Ola Pener" });
    expect((await client.post(`/api/desk/privacy-requests/${id}/access-package`, {})).statusCode).toBe(200);
    const { rows } = await ctx.db.store.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'privacy-access' AND to_address = $1",
      [email],
    );
    const token = rows[0].text.match(PACKAGE_LINK)![1];
    const link = `/api/privacy-requests/package?token=${token}`;
    const openings = async () =>
      (
        await ctx.db.store.query<{
          actor_id: string | null;
          details: Record<string, unknown>;
          ip: string | null;
          user_agent: string | null;
        }>(
          `SELECT actor_id, details, ip, user_agent FROM desk_audit_log
            WHERE target = $1 AND action = 'privacy-request.package-opened' ORDER BY id`,
          [id],
        )
      ).rows;

    // Following the link (as a scanner would, in either format) opens nothing.
    for (const url of [link, `${link}&format=json`]) {
      const followed = await ctx.app.inject(url);
      expect(followed.statusCode).toBe(200);
      expect(followed.headers["content-type"]).toMatch(/^text\/html/);
      expect(followed.headers["cache-control"]).toBe("no-store");
      expect(followed.body).toContain(`<form action="${url.replace("&", "&amp;")}" method="post">`);
      expect(followed.body).toContain("Show my data");
      expect(followed.body).toContain("Each opening is recorded");
      expect(followed.body).not.toContain("Ola Pener");
    }
    expect((await ctx.app.inject({ method: "HEAD", url: link })).statusCode).toBe(200);
    expect(await openings()).toHaveLength(0);
    const queued = async () =>
      (await client.get("/api/desk/privacy-requests?view=closed"))
        .json()
        .items.find((item: { id: string }) => item.id === id);
    expect((await queued()).packageOpenings).toEqual({ count: 0, recent: [] });

    // The button opens it, each time audited.
    const page = await openPackage(ctx.app, token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`The data we hold about ${email}`);
    expect(page.body).toContain("Ola Pener");
    const json = await openPackage(ctx.app, token, "json");
    expect(json.statusCode).toBe(200);
    expect(json.json().email).toBe(email);

    const audited = await openings();
    expect(audited).toHaveLength(2);
    for (const row of audited) {
      expect(row.actor_id).toBeNull();
      expect(row.details).toMatchObject({ email, client: "Firefox on Windows" });
      // Nobody is signed in: the row keeps the user agent's first 60 characters only.
      expect(row.user_agent).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64; rv:153\.0\)/);
      expect(row.user_agent?.length).toBeLessThanOrEqual(60);
      expect(row.ip).toBeTruthy();
    }
    expect(audited.map((row) => row.details.format).sort()).toEqual(["json", "page"]);

    const item = await queued();
    expect(item.packageOpenings.count).toBe(2);
    expect(item.packageOpenings.recent).toEqual([
      { at: expect.any(String), format: "json", client: "Firefox on Windows" },
      { at: expect.any(String), format: "page", client: "Firefox on Windows" },
    ]);
    expect(Date.parse(item.packageOpenings.recent[0].at)).not.toBeNaN();
  });
});
