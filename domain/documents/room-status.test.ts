import { describe, expect, it } from "vitest";
import { roomStatus, type RoomStatusFacts } from "./room-status";

const facts = (itemStates: RoomStatusFacts["itemStates"]): RoomStatusFacts => ({
  workStatus: "new",
  closeReason: null,
  firstTouchedAt: null,
  reviewDueAt: "2026-12-07T20:39:00.000Z",
  decisionDueAt: null,
  decidedAt: null,
  itemStates,
});

describe("the room's documents line", () => {
  it("counts what is still needed: missing and needing attention", () => {
    expect(roomStatus(facts(["missing", "received", "needs-attention"])).documents).toEqual({
      state: "needed",
      label: "Documents needed",
      needed: 2,
    });
  });

  it("says everything is sent, not complete, while files wait for the team's check", () => {
    expect(roomStatus(facts(["received", "accepted", "not-applicable"])).documents).toEqual({
      state: "sent",
      label: "All documents sent",
      needed: 0,
    });
  });

  it("is complete when the desk's is: every item accepted or not applicable", () => {
    expect(roomStatus(facts(["accepted", "not-applicable"])).documents).toEqual({
      state: "complete",
      label: "Documents complete",
      needed: 0,
    });
  });
});

describe("the room's decision promise", () => {
  const complete = (more: Partial<RoomStatusFacts> = {}) =>
    roomStatus({
      ...facts(["accepted", "not-applicable"]),
      workStatus: "underwriting",
      firstTouchedAt: "2026-12-07T15:00:00.000Z",
      decisionDueAt: "2026-12-09T16:00:00.000Z",
      ...more,
    });

  it("says nothing before the documents are complete", () => {
    expect(roomStatus(facts(["accepted", "received"])).decision).toBeNull();
  });

  it("gives the promised time once they are complete, and when it was met", () => {
    expect(complete().decision).toEqual({ dueAt: "2026-12-09T16:00:00.000Z", metAt: null });
    const decided = complete({
      workStatus: "closed",
      closeReason: "funded",
      decidedAt: "2026-12-08T23:00:00.000Z",
    });
    expect(decided.decision).toEqual({
      dueAt: "2026-12-09T16:00:00.000Z",
      metAt: "2026-12-08T23:00:00.000Z",
    });
    expect(decided.stage).toBe("funded");
  });

  it("promises nothing for an application closed without a decision", () => {
    expect(complete({ workStatus: "closed", closeReason: "duplicate" }).decision).toBeNull();
  });
});
