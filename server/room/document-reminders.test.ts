/**
 * Reminders of missing documents over the real store, on both engines, with
 * the pass's clock in the test's hands: each of the three goes once, on its
 * day and in the applicant's waking hours, lists what is missing and carries
 * a fresh room link that opens the room (and that the sent copy forgets);
 * none goes once the file is complete, the application closed, the person
 * opted out of e-mail or asked for their data to be deleted. On PostgreSQL,
 * two instances' passes racing send each reminder once.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENGINES, useTestApp, useTwoInstances, validApplication } from "../../test/support/server";
import type { App } from "../app";
import { createMailOutboxRepository } from "../mail/outbox-repository";
import type { Store } from "../store/store";
import { runDocumentReminders } from "./document-reminders";

const HOUR = 60 * 60 * 1000;
/** 10:00 in New York (EST), 7:00 in Los Angeles. */
const RECEIVED = new Date("2026-03-02T15:00:00Z");
const at = (hours: number) => new Date(RECEIVED.getTime() + hours * HOUR);

async function apply(app: App, phone = "+1 212 555 0100"): Promise<{ id: string; email: string }> {
  const email = `remind-${randomUUID().slice(0, 8)}@example.com`;
  const response = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: { "content-type": "application/json" },
    payload: validApplication({ email, phone }),
  });
  expect(response.statusCode).toBe(201);
  await app.intake.settled();
  const { id } = response.json() as { id: string };
  await app.store.query("UPDATE applications SET submitted_at = $2 WHERE id = $1", [id, RECEIVED]);
  return { id, email };
}

interface ReminderMail {
  id: string;
  to_address: string;
  subject: string;
  text: string;
}

const reminders = async (store: Store, email?: string) =>
  (
    await store.query<ReminderMail>(
      `SELECT id::text AS id, to_address, subject, text FROM mail_outbox
        WHERE kind = 'document-reminder' AND ($1::text IS NULL OR to_address = $1) ORDER BY id`,
      [email ?? null],
    )
  ).rows;

const roomToken = (text: string) => /\/documents\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe.each(ENGINES)("document reminders on %s", (engine) => {
  const ctx = useTestApp(engine);
  const pass = (now: Date) => runDocumentReminders({ store: ctx.app.store, settings: ctx.app.config }, now);

  it("sends three at most, a day, three days and a week after the application, each once", async () => {
    const { id, email } = await apply(ctx.app);
    expect(await pass(at(23))).toBe(0);
    expect(await pass(at(24))).toBe(1);
    expect(await pass(at(24))).toBe(0);
    expect(await pass(at(48))).toBe(0);
    expect(await pass(at(72))).toBe(1);
    expect(await pass(at(100))).toBe(0);
    expect(await pass(at(168))).toBe(1);
    expect(await pass(at(190))).toBe(0);
    expect(await pass(at(400))).toBe(0);

    const mails = await reminders(ctx.app.store, email);
    expect(mails).toHaveLength(3);
    const first = mails[0];
    expect(first.subject).toMatch(/^Documents still needed for HL-/);
    // What is missing, by name: the revenue-based checklist's statements, check and ID.
    expect(first.text).toContain("Business bank statement");
    expect(first.text).toContain("Voided business check");
    expect(first.text).toContain("reminder 1 of at most 3");
    expect(mails[2].text).toContain("reminder 3 of at most 3");
    const recorded = await ctx.app.store.query<{ number: number; time_zone: string }>(
      "SELECT number, time_zone FROM document_reminders WHERE application_id = $1 ORDER BY number",
      [id],
    );
    expect(recorded.rows).toEqual([1, 2, 3].map((number) => ({ number, time_zone: "America/New_York" })));
  });

  it("carries a fresh room link that opens the room, and the sent copy keeps no token", async () => {
    const { email } = await apply(ctx.app);
    await pass(at(24));
    const [mail] = await reminders(ctx.app.store, email);
    const token = roomToken(mail.text);
    expect(token).toBeDefined();
    const entered = await ctx.app.inject({
      method: "POST",
      url: "/api/room/session",
      headers: { "content-type": "application/json", origin: ctx.app.config.siteUrl },
      payload: { token },
    });
    expect(entered.statusCode).toBe(201);

    const outbox = createMailOutboxRepository(ctx.app.store);
    // The mail worker sends it (with the receipt): what stays stored is a copy without the token.
    const claims = await outbox.claim("test-worker", 10, 60_000);
    expect(claims.map((claim) => claim.kind)).toContain("document-reminder");
    for (const claim of claims) {
      await outbox.record("test-worker", claim, {
        outcome: "sent",
        code: 250,
        durationMs: 1,
        attemptedAt: new Date(),
      });
    }
    const [kept] = await reminders(ctx.app.store, email);
    expect(roomToken(kept.text)).toBeUndefined();
    expect(kept.text).toContain("/documents/removed-once-sent");
  });

  it("waits for the applicant's morning, judged by their phone's area code", async () => {
    // Los Angeles: 7:00 a day after (not yet), 8:00 (now).
    const { email } = await apply(ctx.app, "+1 (415) 555-0100");
    expect(await pass(at(24))).toBe(0);
    expect(await pass(at(25))).toBe(1);
    expect(await reminders(ctx.app.store, email)).toHaveLength(1);
    // 20:00 in New York is too late for a New Yorker.
    const late = await apply(ctx.app);
    expect(await pass(at(24 + 10))).toBe(0);
    expect(await reminders(ctx.app.store, late.email)).toHaveLength(0);
  });

  it("lists only what is still needed, with staff's reason for what needs attention, and stops once nothing is", async () => {
    const { id, email } = await apply(ctx.app);
    await pass(at(24));
    const items = (
      await ctx.app.store.query<{ id: string; label: string }>(
        "SELECT id, label FROM document_checklist_items WHERE application_id = $1 ORDER BY position",
        [id],
      )
    ).rows;
    expect(items.length).toBeGreaterThan(2);
    const [flagged, ...rest] = items;
    await ctx.app.store.query(
      "UPDATE document_checklist_items SET state = 'needs-attention', reason = 'Page 2 is missing.' WHERE id = $1",
      [flagged.id],
    );
    await ctx.app.store.query(
      "UPDATE document_checklist_items SET state = 'received' WHERE id = ANY($1::uuid[])",
      [rest.slice(1).map((item) => item.id)],
    );
    await pass(at(72));
    const second = (await reminders(ctx.app.store, email))[1];
    expect(second.text).toMatch(
      new RegExp(`NEEDS YOUR ATTENTION\\s+\\* ${flagged.label}\\s+Page 2 is missing\\.`),
    );
    expect(second.text).toContain(rest[0].label);
    expect(second.text).not.toContain(rest[1].label);

    await ctx.app.store.query(
      "UPDATE document_checklist_items SET state = 'accepted', reason = NULL WHERE application_id = $1",
      [id],
    );
    expect(await pass(at(168))).toBe(0);
    expect(await reminders(ctx.app.store, email)).toHaveLength(2);
  });

  it("sends none once the application is closed, the person opted out of e-mail or asked for deletion", async () => {
    const closed = await apply(ctx.app);
    await ctx.app.store.query(
      "UPDATE applications SET work_status = 'closed', close_reason = 'funded' WHERE id = $1",
      [closed.id],
    );
    const optedOut = await apply(ctx.app);
    await ctx.app.store.query(
      `INSERT INTO opt_outs (channel, email, received_via, received_at) VALUES ('email', $1, 'web-form', now())`,
      [optedOut.email],
    );
    const deleting = await apply(ctx.app);
    await ctx.app.store.query(
      `INSERT INTO privacy_requests (id, kind, email, name, status, token_expires_at, verified_at, due_at)
       VALUES ($1, 'delete', $2, 'Ada', 'new', now(), now(), now() + interval '30 days')`,
      [randomUUID(), deleting.email],
    );
    const reminded = await apply(ctx.app);

    expect(await pass(at(24))).toBe(1);
    expect((await reminders(ctx.app.store)).map((mail) => mail.to_address)).toEqual([reminded.email]);
  });
});

describe("document reminders from two instances at once on postgres", () => {
  const ctx = useTwoInstances();

  it("sends each reminder once however the passes race", async () => {
    const applied = [];
    for (let i = 0; i < 6; i++) applied.push(await apply(i % 2 === 0 ? ctx.first : ctx.second));
    const passes = (now: Date) =>
      Promise.all(
        [ctx.first, ctx.second, ctx.first, ctx.second].map((app) =>
          runDocumentReminders({ store: app.store, settings: app.config }, now),
        ),
      );
    const sent = [...(await passes(at(24))), ...(await passes(at(24.5)))];
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(6);
    const mails = await reminders(ctx.first.store);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(applied.map((a) => a.email).sort());
    const links = await ctx.first.store.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM room_links WHERE made_for = 'asked-again' AND application_id = ANY($1::uuid[])",
      [applied.map((a) => a.id)],
    );
    expect(links.rows[0].n).toBe(6);
  });
});
