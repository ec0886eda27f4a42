/**
 * An access copy holds only what the requester's own actions created, read
 * through the link staff send, over HTTP on both engines:
 * - an SMS opt-out of the requester's phone number recorded before they ever
 *   gave it (whoever held the number before) is left out; one recorded after
 *   is theirs and is in;
 * - when the requester's address is the shared staff alert mailbox, the
 *   alerts it received naming other applicants are left out of the e-mails
 *   sent to it (the e-mails of their own request stay).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deskClient, submit } from "../../test/support/desk-applications";
import { signedInStaff } from "../../test/support/desk";
import { openPackage, verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES, useTestApp } from "../../test/support/server";

const ALERT_MAILBOX = "team-alerts@harborline.example";
const PACKAGE_LINK = /\/api\/privacy-requests\/package\?token=([A-Za-z0-9_-]{43})/;

describe.each(ENGINES)("an access copy leaves out other people's data on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { STAFF_ALERT_EMAILS: ALERT_MAILBOX }, resetEach: false });
  let staff: { cookie: string };
  const client = deskClient(
    () => ctx.app,
    () => staff.cookie,
  );
  beforeAll(async () => {
    staff = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.reset());

  /** Staff send `email`'s access request its copy; the copy as JSON and as a page, through the e-mailed link. */
  async function accessCopy(email: string) {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email, name: "Requester" });
    expect((await client.post(`/api/desk/privacy-requests/${id}/access-package`, {})).statusCode).toBe(200);
    const { rows } = await ctx.db.store.query<{ text: string }>(
      "SELECT text FROM mail_outbox WHERE kind = 'privacy-access' AND to_address = $1",
      [email],
    );
    const token = rows[0].text.match(PACKAGE_LINK)![1];
    const json = await openPackage(ctx.app, token, "json");
    const page = await openPackage(ctx.app, token);
    expect(json.statusCode).toBe(200);
    expect(page.statusCode).toBe(200);
    return { data: json.json(), json: json.body, page: page.body };
  }

  it("leaves out an opt-out of the requester's number recorded before they gave it", async () => {
    const phone = "+1 917 555 0177";
    const email = `newholder-${engine}-${Date.now()}@example.com`;
    // The number's earlier holder told staff to stop texting it, with a note naming them.
    const before = await client.post("/api/desk/opt-outs", {
      channel: "sms",
      phone,
      receivedVia: "phone",
      note: "Called in: Morgan Earlier-Holder, wants no texts",
    });
    expect(before.statusCode).toBe(201);

    await submit(ctx.app, { email, phone, firstName: "Nia", lastName: "Holder" });
    // Then the requester opts the number out themselves, on the site's form.
    const after = await ctx.app.inject({
      method: "POST",
      url: "/api/opt-out",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ phone }).toString(),
    });
    expect(after.statusCode).toBe(303);

    const { data, json, page } = await accessCopy(email);
    expect(data.applications).toHaveLength(1);
    expect(data.optOuts).toEqual([expect.objectContaining({ channel: "sms", received_via: "web-form" })]);
    for (const body of [json, page]) {
      expect(body).not.toContain("Morgan");
      expect(body).not.toContain("By phone");
    }
  });

  it("leaves out the alerts a shared alert mailbox received about other applicants", async () => {
    await submit(ctx.app, {
      email: `sam-${engine}@example.com`,
      firstName: "Sam",
      lastName: "Otherperson",
      companyName: "Sam Secret Holdings",
    });
    const alerts = await ctx.db.store.query<{ subject: string }>(
      "SELECT subject FROM mail_outbox WHERE kind = 'staff-alert' AND to_address = $1",
      [ALERT_MAILBOX],
    );
    expect(alerts.rows).toHaveLength(1);
    expect(alerts.rows[0].subject).toContain("Sam Secret Holdings");

    const { data, json, page } = await accessCopy(ALERT_MAILBOX);
    expect(data.emailsSent.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
      "privacy-access",
      "privacy-verify",
    ]);
    for (const body of [json, page]) {
      for (const trace of ["Sam", "Otherperson", "Sam Secret Holdings", "Staff alert"]) {
        expect(body).not.toContain(trace);
      }
    }
  });
});
