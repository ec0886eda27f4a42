import { describe, expect, it } from "vitest";
import { roomStatus, type RoomStatusFacts } from "./room-status";

const facts = (itemStates: RoomStatusFacts["itemStates"]): RoomStatusFacts => ({
  workStatus: "new",
  closeReason: null,
  firstTouchedAt: null,
  reviewDueAt: "2026-12-07T20:39:00.000Z",
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
