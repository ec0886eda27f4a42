/**
 * The review clock's e-mails as staff receive them, on both engines, with the
 * pass's clock held still (T) and moved by hand: owners reminded of their
 * applications due soon, admins alerted once about the overdue ones, one
 * message per person per interval under a burst, and nothing for touched,
 * closed or quarantined applications. The provider is in Chicago here, so
 * the times in the e-mails are Central, not the site's New York.
 */
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../../test/support/fault-harness";
import { signedInStaff } from "../../test/support/desk";
import { deskClient } from "../../test/support/desk-applications";
import {
  countByRecipient,
  forgetTurns,
  listedLinks,
  minutesAfter,
  placeApplication,
  reviewMails,
  T,
  type Placed,
} from "../../test/support/review-alerts";
import { ENGINES, useTestApp } from "../../test/support/server";
import { TestSmtpServer } from "../../test/support/smtp";
import { createMailWorker } from "../mail/worker";
import { createReviewAlerts, startReviewAlerts } from "./alerts";

const ENV = {
  DESK_TIME_ZONE: "America/Chicago",
  REVIEW_DUE_SOON: "4h",
  REVIEW_ALERT_INTERVAL: "30m",
  // The team's list: one address of its own, and an admin's (in other letters), who gets one message.
  STAFF_ALERT_EMAILS: "ops@harborline.test, ADA.ADMIN@harborline.test",
};
const OPS = "ops@harborline.test";
const silent = pino({ level: "silent" });

describe.each(ENGINES)("review reminders and overdue alerts on %s", (engine) => {
  const ctx = useTestApp(engine, { env: ENV, resetEach: false });
  const store = () => ctx.db.store;
  const people = {} as Record<"ada" | "bea" | "olive" | "oscar" | "gone", { userId: string; email: string }>;
  let adaCookie = "";
  const pass = (now: Date) => createReviewAlerts(store(), ctx.app.config).run(now);
  const place = (placed: Placed) => placeApplication(ctx.app, store(), placed);

  beforeAll(async () => {
    const ada = await signedInStaff(ctx.app, { role: "admin", email: "ada.admin@harborline.test" });
    adaCookie = ada.cookie;
    people.ada = ada;
    people.bea = await signedInStaff(ctx.app, { role: "admin", email: "bea.admin@harborline.test" });
    people.olive = await signedInStaff(ctx.app, { role: "staff", email: "olive.owner@harborline.test" });
    people.oscar = await signedInStaff(ctx.app, { role: "staff", email: "oscar.owner@harborline.test" });
    // A disabled admin, and a disabled owner's applications: neither is written to.
    people.gone = await signedInStaff(ctx.app, { role: "admin", email: "gone.admin@harborline.test" });
    await store().query(`UPDATE desk_user SET banned = true WHERE id = $1`, [people.gone.userId]);
  });
  beforeEach(async () => {
    await ctx.db.reset();
    await forgetTurns(store());
  });

  it("reminds each owner once, in one message for all their applications due soon", async () => {
    const olive = people.olive.userId;
    const soon = [
      await place({ company: "Olive Soon One", ownerId: olive, dueIn: 30 }),
      await place({ company: "Olive Soon Two", ownerId: olive, dueIn: 200 }),
      await place({ company: "Olive Already Late", ownerId: olive, dueIn: -5 }),
    ];
    await place({ company: "Olive Later", ownerId: olive, dueIn: 300 });
    await place({ company: "Oscar Soon", ownerId: people.oscar.userId, dueIn: 90 });
    await place({ company: "Gone Admin Soon", ownerId: people.gone.userId, dueIn: 60 });

    expect(await pass(T)).toMatchObject({ reminders: 2 });
    const mails = await reviewMails(store());
    const reminders = mails.filter((mail) => mail.kind === "review-reminder");
    expect(countByRecipient(reminders)).toEqual({ [people.olive.email]: 1, [people.oscar.email]: 1 });
    const toOlive = reminders.find((mail) => mail.to === people.olive.email)!;
    expect(toOlive.subject).toBe("Review due soon: 3 applications");
    expect(listedLinks(toOlive.text).sort()).toEqual(soon.map((id) => `/desk/applications/${id}`).sort());
    expect(toOlive.text).not.toContain("Olive Later");
    // Most urgent first, each with its deadline in Chicago time and the time left.
    expect(toOlive.text.indexOf("Olive Already Late")).toBeLessThan(toOlive.text.indexOf("Olive Soon One"));
    expect(toOlive.text.replace(/\s+/g, " ")).toContain("Due Tue, Jan 15, 9:30 AM CST · 30 min left");
    expect(toOlive.text).toContain("overdue by 5 min");
    expect(toOlive.text).toContain("3 h 20 min left");
    expect(reminders.find((mail) => mail.to === people.oscar.email)!.subject).toBe(
      "Review due soon: Oscar Soon",
    );
    // Only the owners: the admins hear of another owner's application when it is overdue, and "Olive Already Late" is.
    expect(
      mails
        .filter((mail) => mail.kind === "review-overdue")
        .every((mail) => !mail.text.includes("Olive Soon")),
    ).toBe(true);

    // Nothing again, within the interval or after it: each application is reminded once.
    await pass(minutesAfter(1));
    await pass(minutesAfter(31));
    expect((await reviewMails(store())).filter((mail) => mail.kind === "review-reminder")).toHaveLength(2);

    // Later, "Olive Later" comes within four hours: one more reminder with it alone.
    await pass(minutesAfter(61));
    const next = (await reviewMails(store())).filter((mail) => mail.kind === "review-reminder").slice(2);
    expect(next.map((mail) => [mail.to, mail.subject])).toEqual([
      [people.olive.email, "Review due soon: Olive Later"],
    ]);
  });

  it("reminds the new owner of an application given to them after its first owner was reminded", async () => {
    const id = await place({ company: "Handed Over", ownerId: people.olive.userId, dueIn: 120 });
    await pass(T);
    const handOver = await deskClient(
      () => ctx.app,
      () => adaCookie,
    ).post(`/api/desk/applications/${id}/owner`, { ownerId: people.oscar.userId });
    expect(handOver.statusCode).toBe(200);

    await pass(minutesAfter(1));
    const reminders = (await reviewMails(store())).filter((mail) => mail.kind === "review-reminder");
    expect(reminders.map((mail) => [mail.to, mail.subject])).toEqual([
      [people.olive.email, "Review due soon: Handed Over"],
      [people.oscar.email, "Review due soon: Handed Over"],
    ]);
  });

  it("sends each admin one message listing all of a burst of 50 overdue, then one more after the interval", async () => {
    const burst: string[] = [];
    for (let i = 1; i <= 50; i++)
      burst.push(await place({ company: `Burst Company ${i}`, dueIn: -1 - (i % 7) }));

    expect(await pass(T)).toEqual({ reminders: 0, alerts: 3 });
    const first = await reviewMails(store());
    // Both admins and the team's list, once each; not the disabled admin, not the owners.
    expect(countByRecipient(first)).toEqual({ [people.ada.email]: 1, [people.bea.email]: 1, [OPS]: 1 });
    for (const mail of first) {
      expect(mail.kind).toBe("review-overdue");
      expect(mail.subject).toBe("Review overdue: 50 applications");
      expect(listedLinks(mail.text).sort()).toEqual(burst.map((id) => `/desk/applications/${id}`).sort());
      expect(mail.text.match(/Unassigned/g)).toHaveLength(50);
    }

    // Five more fall overdue while the interval runs: they wait.
    const late: string[] = [];
    for (let i = 1; i <= 5; i++) late.push(await place({ company: `Late Company ${i}`, dueIn: 2 + i }));
    for (const minutes of [1, 10, 29])
      expect(await pass(minutesAfter(minutes))).toEqual({ reminders: 0, alerts: 0 });
    expect(await reviewMails(store())).toHaveLength(3);

    // The interval has passed: exactly one more each, with the five alone.
    expect(await pass(minutesAfter(30))).toEqual({ reminders: 0, alerts: 3 });
    const second = (await reviewMails(store())).slice(3);
    expect(countByRecipient(second)).toEqual({ [people.ada.email]: 1, [people.bea.email]: 1, [OPS]: 1 });
    for (const mail of second) {
      expect(mail.subject).toBe("Review overdue: 5 applications");
      expect(listedLinks(mail.text).sort()).toEqual(late.map((id) => `/desk/applications/${id}`).sort());
    }

    // Each application is alerted once, ever: days later, nothing new.
    for (const minutes of [61, 24 * 60, 3 * 24 * 60]) await pass(minutesAfter(minutes));
    expect(await reviewMails(store())).toHaveLength(6);

    // An admin sees them in the desk's mail queue, by kind.
    const list = await deskClient(
      () => ctx.app,
      () => adaCookie,
    ).get("/api/desk/mail?limit=200");
    expect(list.statusCode).toBe(200);
    const kinds = (list.json().items as { kind: string; to: string }[]).filter(
      (item) => item.kind === "review-overdue",
    );
    expect(kinds).toHaveLength(6);
  });

  it("never reminds or alerts about a touched, closed or quarantined application", async () => {
    const owner = people.olive.userId;
    await place({ company: "Touched Soon", ownerId: owner, dueIn: 20, touched: true });
    await place({ company: "Touched Late", ownerId: owner, dueIn: -20, touched: true });
    await place({ company: "Closed Late", ownerId: owner, dueIn: -20, closed: true });
    await place({ company: "Quarantined Late", dueIn: -20, quarantined: true });
    await place({ company: "Quarantined Soon", ownerId: owner, dueIn: 20, quarantined: true });
    for (const minutes of [0, 31, 24 * 60]) {
      expect(await pass(minutesAfter(minutes))).toEqual({ reminders: 0, alerts: 0 });
    }
    expect(await reviewMails(store())).toEqual([]);
    const { rows } = await store().query(
      "SELECT 1 FROM applications WHERE reminded_at IS NOT NULL OR overdue_alerted_at IS NOT NULL",
    );
    expect(rows).toEqual([]);
  });

  it("tells the admins of applications due soon without an owner, and puts an admin's own in the same message", async () => {
    const oliveLate = await place({ company: "Olive Late", ownerId: people.olive.userId, dueIn: -15 });
    const nobodys = await place({ company: "Nobody Soon", ownerId: null, dueIn: 45 });
    const adas = await place({ company: "Ada Soon", ownerId: people.ada.userId, dueIn: 100 });
    expect(await pass(T)).toEqual({ reminders: 1, alerts: 3 });

    const mails = await reviewMails(store());
    // One message per person: Ada's reminder is in her admin message.
    expect(countByRecipient(mails)).toEqual({
      [people.olive.email]: 1,
      [people.ada.email]: 1,
      [people.bea.email]: 1,
      [OPS]: 1,
    });
    const toAda = mails.find((mail) => mail.to === people.ada.email)!;
    expect(toAda.subject).toBe(
      "Review overdue: Olive Late; 1 application due soon without an owner; 1 of yours due soon",
    );
    expect(toAda.text).toContain("PAST THE REVIEW DEADLINE");
    expect(toAda.text).toContain(`Owner: ${await nameOf(people.olive.userId)}`);
    expect(listedLinks(toAda.text)).toEqual(
      [oliveLate, nobodys, adas].map((id) => `/desk/applications/${id}`),
    );
    // Each section links to its list in the desk, least time left first.
    expect(toAda.text.match(/\/desk\/inbox\?[\w=&]+/g)).toEqual([
      "/desk/inbox?owner=everyone&due=overdue&sort=time_left",
      "/desk/inbox?owner=unassigned&due=due_soon&sort=time_left",
      "/desk/inbox?owner=mine&due=due_soon&sort=time_left",
    ]);
    const toBea = mails.find((mail) => mail.to === people.bea.email)!;
    expect(toBea.subject).toBe("Review overdue: Olive Late; 1 application due soon without an owner");
    expect(toBea.text).not.toContain("Ada Soon");
    // Olive, its owner, is reminded of her overdue application herself.
    const toOlive = mails.find((mail) => mail.to === people.olive.email)!;
    expect([toOlive.kind, toOlive.subject]).toEqual(["review-reminder", "Review overdue: Olive Late"]);
    expect(toOlive.text).toContain("/desk/inbox?owner=mine&due=overdue&sort=time_left");

    // Reminded is not alerted: when "Nobody Soon" and then "Ada Soon" pass their deadline
    // untouched, the admins hear of each once, and then of nothing more.
    const subjectsAt = async (minutes: number) => {
      const before = (await reviewMails(store())).length;
      await pass(minutesAfter(minutes));
      return (await reviewMails(store())).slice(before).map((mail) => `${mail.to}: ${mail.subject}`);
    };
    expect(await subjectsAt(31)).toEqual([]);
    const admins = [people.ada.email, people.bea.email, OPS].sort();
    expect((await subjectsAt(61)).sort()).toEqual(admins.map((to) => `${to}: Review overdue: Nobody Soon`));
    expect((await subjectsAt(120)).sort()).toEqual(admins.map((to) => `${to}: Review overdue: Ada Soon`));
    expect(await subjectsAt(24 * 60)).toEqual([]);
  });

  it("delivers the message as written, with links into the desk and Central times", async () => {
    const smtp = new TestSmtpServer();
    await smtp.start();
    const worker = createMailWorker({
      store: store(),
      config: { ...ctx.app.config.delivery, backoffBaseMs: 20, backoffMaxMs: 60 },
      smtpUrl: smtp.url,
      log: silent,
    });
    try {
      const id = await place({ company: "Delivered Reminder LLC", ownerId: people.oscar.userId, dueIn: 90 });
      await pass(T);
      worker.start();
      const mail = await waitFor(() => smtp.accepted.find((m) => m.to.includes(people.oscar.email)), {
        what: "the reminder",
        timeoutMs: 10_000,
      });
      expect(mail.subject).toBe("Review due soon: Delivered Reminder LLC");
      expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
      expect(mail.html).toContain(`href="http://localhost:3000/desk/applications/${id}"`);
      // And to the list it is about: Oscar's own Due soon view, least time left first.
      expect(mail.html).toContain(
        'href="http://localhost:3000/desk/inbox?owner=mine&amp;due=due_soon&amp;sort=time_left"',
      );
      expect(mail.text).toMatch(
        /Open your Due soon list[\s\S]*http:\/\/localhost:3000\/desk\/inbox\?owner=mine&due=due_soon&sort=time_left/,
      );
      const reference = (
        await store().query<{ reference: string }>("SELECT reference FROM applications WHERE id = $1", [id])
      ).rows[0].reference;
      const text = mail.text.replace(/\s+/g, " ");
      expect(text).toContain(reference);
      expect(text).toContain("Due Tue, Jan 15, 10:30 AM CST · 1 h 30 min left");
      expect(text).not.toMatch(/E[SD]T/);
    } finally {
      await worker.stop();
      await smtp.stop();
    }
  });

  it("runs from a timer on each instance, and stops with it", async () => {
    await place({ company: "Timer Late", ownerId: null, dueIn: -1 });
    const stop = startReviewAlerts({ store: store(), settings: ctx.app.config, log: silent, now: () => T });
    try {
      const mails = await waitFor(
        async () => {
          const stored = await reviewMails(store());
          return stored.length === 3 ? stored : undefined;
        },
        { what: "the overdue alerts", timeoutMs: 10_000 },
      );
      expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill("Review overdue: Timer Late"));
    } finally {
      await stop();
    }
  });

  async function nameOf(userId: string) {
    const { rows } = await store().query<{ name: string }>("SELECT name FROM desk_user WHERE id = $1", [
      userId,
    ]);
    return rows[0].name;
  }

  afterAll(async () => {
    await forgetTurns(store());
  });
});
