/**
 * What a stage report or a booked call does, through real HTTP on both
 * engines: reports out of order never move an application backwards, funded
 * and lost close it (with the amount, the reason), a closed one is never
 * reopened, the review clock stops at the earliest report; a booked call
 * shows on the timeline staff read in the desk without stopping the clock,
 * only by the booking link's token (never by a reference alone), with who
 * booked it.
 */
import { describe, expect, it } from "vitest";
import {
  at,
  MINUTE,
  postSigned,
  postWithToken,
  stageEvent,
  traces,
  useInboundApp,
  workOf,
} from "../../test/support/inbound";
import { ENGINES } from "../../test/support/server";

describe.each(ENGINES)("what inbound events do on %s", (engine) => {
  const { ctx, store, desk, application, timeline } = useInboundApp(engine);

  describe("order", () => {
    it("never moves an application backwards: qualified at t2, then contacted at t1, stays qualified", async () => {
      const { id } = await application();
      const t1 = at(-4 * MINUTE);
      const t2 = at(-2 * MINUTE);
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "qualified" }, t2));
      const late = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, t1),
      );
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ duplicate: false, outcome: "not_applied" });
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "qualified",
        stageReportedAt: t2,
        firstTouchedAt: t1,
      });
      // The clock stopped at the earlier report. Both on the timeline, in their
      // own order (newest first); the late one moved nothing.
      // The late one says it was overtaken, and by the report of when.
      expect(await timeline(id)).toEqual([
        expect.objectContaining({ at: t2, stage: "qualified", workStatus: "qualified", overtakenBy: null }),
        expect.objectContaining({ at: t1, stage: "contacted", workStatus: null, overtakenBy: t2 }),
      ]);
    });

    it("applies neither a lower stage reported later nor a higher one older than the newest applied", async () => {
      const { id } = await application();
      const applied = at(-2 * MINUTE);
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "qualified" }, applied));
      const lower = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, at(-MINUTE)),
      );
      const older = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "funded", amount: 1000 }, at(-3 * MINUTE)),
      );
      expect([lower.json().outcome, older.json().outcome]).toEqual(["not_applied", "not_applied"]);
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "qualified",
        closeReason: null,
        fundedAmount: null,
      });
      // Only the older one was overtaken; the lower one came later and moved nothing. Newest first.
      expect(await timeline(id)).toEqual([
        expect.objectContaining({ stage: "contacted", workStatus: null, overtakenBy: null }),
        expect.objectContaining({ stage: "qualified", workStatus: "qualified", overtakenBy: null }),
        expect.objectContaining({ stage: "funded", workStatus: null, overtakenBy: applied }),
      ]);
    });

    it("does not move an application staff already took further (handed to underwriting)", async () => {
      const { id } = await application();
      await store().query("UPDATE applications SET work_status = 'underwriting' WHERE id = $1", [id]);
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "qualified" }),
      );
      expect(response.json().outcome).toBe("not_applied");
      expect((await workOf(store(), id)).workStatus).toBe("underwriting");
    });

    it("closes as funded with the amount, in cents", async () => {
      const { id } = await application();
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "funded", amount: 250_000.504 }),
      );
      expect(response.json().outcome).toBe("applied");
      expect(await workOf(store(), id)).toMatchObject({
        workStatus: "closed",
        closeReason: "funded",
        fundedAmount: 250_000.5,
      });
      const detail = (await desk.get(`/api/desk/applications/${id}`)).json();
      expect(detail).toMatchObject({
        workStatus: "closed",
        closeReason: "funded",
        fundedAmount: "250000.5",
      });
    });

    it("closes as lost with the reason given, else not qualified", async () => {
      const withReason = await application();
      const without = await application();
      await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: withReason.id, stage: "lost", reason: "chose_another_provider" }),
      );
      await postSigned(
        ctx.app,
        "crm",
        stageEvent({ reference: without.reference, stage: "lost", reason: null }),
      );
      expect(await workOf(store(), withReason.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "chose_another_provider",
      });
      expect(await workOf(store(), without.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "not_qualified",
      });
    });

    it("never reopens a closed application, whoever closed it", async () => {
      const byCrm = await application();
      const byStaff = await application();
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: byCrm.id, stage: "lost" }, at(-MINUTE)));
      await store().query(
        "UPDATE applications SET work_status = 'closed', close_reason = 'no_response' WHERE id = $1",
        [byStaff.id],
      );
      for (const { id } of [byCrm, byStaff]) {
        for (const [stage, extra] of [
          ["qualified", {}],
          ["funded", { amount: 5000 }],
        ] as const) {
          const response = await postSigned(
            ctx.app,
            "crm",
            stageEvent({ applicationId: id, stage, ...extra }),
          );
          expect(response.json().outcome).toBe("not_applied");
        }
      }
      expect(await workOf(store(), byCrm.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "not_qualified",
      });
      expect(await workOf(store(), byStaff.id)).toMatchObject({
        workStatus: "closed",
        closeReason: "no_response",
        fundedAmount: null,
      });
    });

    it("stops the clock at the first touch only: a later report leaves first_touched_at alone", async () => {
      const { id } = await application();
      const first = at(-3 * MINUTE);
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "contacted" }, first));
      await postSigned(ctx.app, "crm", stageEvent({ applicationId: id, stage: "qualified" }, at(-MINUTE)));
      expect((await workOf(store(), id)).firstTouchedAt).toBe(first);
    });

    it("puts a report dated before the application arrived at its arrival, on the clock and the timeline", async () => {
      const { id } = await application();
      const { rows } = await store().query<{ created_at: Date | string }>(
        "SELECT created_at FROM applications WHERE id = $1",
        [id],
      );
      const response = await postSigned(
        ctx.app,
        "crm",
        stageEvent({ applicationId: id, stage: "contacted" }, at(-MINUTE * 90)),
      );
      expect(response.json().outcome).toBe("applied");
      expect((await workOf(store(), id)).firstTouchedAt).toBe(new Date(rows[0].created_at).toISOString());
    });
  });

  describe("booked calls", () => {
    const booked = (data: Record<string, unknown>) => ({
      type: "call.booked",
      timestamp: at(-MINUTE),
      data: { scheduledAt: "2030-01-15T15:30:00-05:00", ...data },
    });

    it("puts a booked call on the application's timeline, by the booking link's token, without stopping the clock", async () => {
      const { id, bookingToken } = await application();
      const response = await postSigned(
        ctx.app,
        "booking",
        booked({ bookingToken, name: " ada  LOVELACE ", email: "Ada@Example.com" }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ duplicate: false, outcome: "booked", applicationId: id });
      expect(await timeline(id)).toEqual([
        expect.objectContaining({
          activity: "booking",
          by: null,
          scheduledAt: "2030-01-15T20:30:00.000Z",
          // The applicant's own details, as the booking page took them.
          booker: { name: "ada  LOVELACE", email: "Ada@Example.com", applicant: true },
        }),
      ]);
      expect(await workOf(store(), id)).toMatchObject({ workStatus: "new", firstTouchedAt: null });
      const audit = await store().query<{ details: Record<string, unknown> }>(
        "SELECT details FROM desk_audit_log WHERE target = $1 AND action = 'application.call-booked'",
        [id],
      );
      expect(audit.rows).toEqual([
        {
          details: expect.objectContaining({
            source: "booking",
            scheduledAt: "2030-01-15T20:30:00.000Z",
            bookedBy: "the applicant",
          }),
        },
      ]);
    });

    it("attaches nothing by the reference alone, nor with another application's token", async () => {
      const victim = await application();
      const other = await application({ firstName: "Mallory", lastName: "Stranger", email: "m@example.net" });
      const before = await traces(store());
      const attempts = [
        { reference: victim.reference },
        { bookingToken: "x".repeat(24), reference: victim.reference },
        { bookingToken: other.bookingToken, reference: victim.reference },
        // The right token with one character changed.
        { bookingToken: victim.bookingToken.slice(0, -1) + (victim.bookingToken.endsWith("A") ? "B" : "A") },
      ];
      const answers = [];
      for (const data of attempts) answers.push(await postSigned(ctx.app, "booking", booked(data)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404, 404, 404]);
      expect(answers[0].json().errors).toHaveProperty(["data.bookingToken"]);
      expect(answers[0].json().error).toMatch(/^data\.bookingToken must be the booking token/);
      for (const answer of answers.slice(1)) {
        expect(answer.json()).toEqual({
          error: "data.bookingToken matches no application",
          errors: { "data.bookingToken": "matches no application" },
        });
      }
      expect(await traces(store())).toEqual(before);
      expect(await timeline(victim.id)).toEqual([]);
      expect(await timeline(other.id)).toEqual([]);
    });

    it("records who booked, and flags a booker who is not the applicant", async () => {
      const { id, bookingToken, reference } = await application();
      const response = await postSigned(
        ctx.app,
        "booking",
        booked({ bookingToken, reference, name: "Mallory Stranger", email: "ada@example.com" }),
      );
      expect(response.json()).toMatchObject({ outcome: "booked", applicationId: id });
      const unreported = await postSigned(ctx.app, "booking", booked({ bookingToken }));
      expect(unreported.json()).toMatchObject({ outcome: "booked" });
      // Newest first: the second booking (reported at the same moment) above the first.
      expect(await timeline(id)).toEqual([
        expect.objectContaining({
          activity: "booking",
          booker: { name: null, email: null, applicant: null },
        }),
        expect.objectContaining({
          activity: "booking",
          booker: { name: "Mallory Stranger", email: "ada@example.com", applicant: false },
        }),
      ]);
      const audit = await store().query<{ details: { bookedBy: string } }>(
        "SELECT details FROM desk_audit_log WHERE target = $1 AND action = 'application.call-booked' ORDER BY id",
        [id],
      );
      expect(audit.rows.map((row) => row.details.bookedBy)).toEqual(["someone else", "not reported"]);
    });

    it("takes a booking service's token too, and refuses a stage report sent to the booking URL", async () => {
      const { id, bookingToken } = await application();
      const bookedWithToken = await postWithToken(ctx.app, "booking", {
        id: "booking-42",
        type: "call.booked",
        timestamp: at(0),
        data: { bookingToken, scheduledAt: at(86_400_000) },
      });
      expect(bookedWithToken.json()).toMatchObject({ outcome: "booked" });
      const stage = await postSigned(ctx.app, "booking", stageEvent({ applicationId: id, stage: "funded" }));
      expect(stage.statusCode).toBe(400);
      expect(stage.json().errors).toEqual({ type: "must be one of call.booked" });
      const byId = await postSigned(ctx.app, "booking", {
        type: "call.booked",
        timestamp: at(0),
        data: { applicationId: id, scheduledAt: at(86_400_000) },
      });
      expect(byId.statusCode).toBe(400);
      expect(byId.json().errors).toHaveProperty(["data.bookingToken"]);
    });
  });
});
