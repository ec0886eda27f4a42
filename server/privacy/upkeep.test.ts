/**
 * The privacy requests' upkeep on both engines: a request due within a week
 * is reminded to its owner once a day; one nobody owns, or one past its
 * deadline, to the admins; two instances at once send each reminder once;
 * unverified requests whose link expired are removed, verified ones never.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInStaff } from "../../test/support/desk";
import { verifiedRequest } from "../../test/support/privacy-requests";
import { ENGINES, useTestApp } from "../../test/support/server";
import { remindPrivacyRequests } from "./upkeep";

describe.each(ENGINES)("privacy request reminders on %s", (engine) => {
  const ctx = useTestApp(engine, { resetEach: false });
  let admin: { email: string; userId: string };
  let owner: { email: string; userId: string; cookie: string };
  beforeAll(async () => {
    admin = await signedInStaff(ctx.app, { role: "admin" });
    owner = await signedInStaff(ctx.app, { role: "staff" });
  });
  beforeEach(() => ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE"));

  const remind = () => remindPrivacyRequests(ctx.db.store, ctx.app.config);
  const reminders = async () =>
    (
      await ctx.db.store.query<{ to_address: string; subject: string; text: string }>(
        "SELECT to_address, subject, text FROM mail_outbox WHERE kind = 'privacy-reminder' ORDER BY id",
      )
    ).rows.map((mail) => ({ ...mail, text: mail.text.toLowerCase() }));
  const dueIn = (id: string, days: number) =>
    ctx.db.store.query(
      "UPDATE privacy_requests SET due_at = now() + $2 * interval '1 day', verified_at = now() + ($2 - 30) * interval '1 day' WHERE id = $1",
      [id, days],
    );
  const claim = (id: string) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/desk/privacy-requests/${id}/claim`,
      headers: { cookie: owner.cookie, origin: new URL(ctx.app.config.siteUrl).origin },
    });

  it("reminds the owner of a request due within a week, once a day, and nobody of one due later", async () => {
    const soon = await verifiedRequest(ctx.app, ctx.db.store, { kind: "delete", email: "soon@example.com" });
    const later = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "access",
      email: "later@example.com",
    });
    expect((await claim(soon)).statusCode).toBe(200);
    expect((await claim(later)).statusCode).toBe(200);
    await dueIn(soon, 5);

    expect(await remind()).toBe(1);
    const [mail] = await reminders();
    expect(mail.to_address).toBe(owner.email);
    expect(mail.subject).toBe("1 privacy request is due within a week");
    expect(mail.text).toContain("delete my data");
    expect(mail.text).toContain("/desk/privacy-requests");
    // Nothing about the person who asked.
    expect(mail.text).not.toContain("soon@example.com");
    expect(mail.text).not.toContain("pat person");

    expect(await remind()).toBe(0);
    await ctx.db.store.query("UPDATE privacy_requests SET reminded_at = now() - interval '25 hours'");
    expect(await remind()).toBe(1);
  });

  it("tells the admins of a request nobody owns, and of an overdue one, the owner too", async () => {
    const unowned = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: "a@example.com" });
    const overdue = await verifiedRequest(ctx.app, ctx.db.store, {
      kind: "stop-sms",
      email: "b@example.com",
    });
    expect((await claim(overdue)).statusCode).toBe(200);
    await dueIn(unowned, 3);
    await dueIn(overdue, -1);

    expect(await remind()).toBe(2);
    const mails = await reminders();
    const toAdmin = mails.find((mail) => mail.to_address === admin.email)!;
    const toOwner = mails.find((mail) => mail.to_address === owner.email)!;
    expect(toAdmin.subject).toBe("1 privacy request is past the 30-day deadline");
    expect(toAdmin.text).toContain("send me a copy of my data");
    expect(toAdmin.text).toContain("stop text messages");
    expect(toOwner.text).toContain("stop text messages");
    expect(toOwner.text).not.toContain("send me a copy of my data");
  });

  it("sends each reminder once when two passes run at once", async () => {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: "c@example.com" });
    await dueIn(id, 2);
    const counts = await Promise.all([remind(), remind(), remind()]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });

  it("leaves closed requests alone", async () => {
    const id = await verifiedRequest(ctx.app, ctx.db.store, { kind: "access", email: "d@example.com" });
    await dueIn(id, -3);
    await ctx.db.store.query(
      "UPDATE privacy_requests SET status = 'completed', closed_at = now() WHERE id = $1",
      [id],
    );
    expect(await remind()).toBe(0);
  });
});
