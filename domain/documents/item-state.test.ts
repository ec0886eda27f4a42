import { describe, expect, it } from "vitest";
import {
  ITEM_STATES,
  REASON_MAX,
  cleanReason,
  isComplete,
  transition,
  type Actor,
  type ItemEvent,
  type ItemState,
  type ItemStatus,
} from "./item-state";

const item = (state: ItemState, files = state === "missing" ? 0 : 1): ItemStatus => ({
  state,
  reason: state === "needs-attention" || state === "not-applicable" ? "earlier reason" : null,
  files,
});

const outcome = (status: ItemStatus, event: ItemEvent) => {
  const result = transition(status, event);
  return result.ok ? result.state : "refused";
};

/**
 * Every event from every state, by the actor who may send it: the state it
 * leads to, or "refused". The table is the rule; each row is asserted below.
 */
type Row = [ItemEvent, Record<ItemState, ItemState | "refused">];
const table: Row[] = [
  [
    { type: "upload", by: "applicant" },
    {
      missing: "received",
      received: "received",
      accepted: "received",
      "needs-attention": "received",
      "not-applicable": "received",
    },
  ],
  [
    { type: "upload", by: "staff" },
    {
      missing: "received",
      received: "received",
      accepted: "received",
      "needs-attention": "received",
      "not-applicable": "received",
    },
  ],
  [
    { type: "accept", by: "staff" },
    {
      missing: "refused",
      received: "accepted",
      accepted: "refused",
      "needs-attention": "accepted",
      "not-applicable": "refused",
    },
  ],
  [
    { type: "flag", by: "staff", reason: "The statement is missing page 2." },
    {
      missing: "refused",
      received: "needs-attention",
      accepted: "needs-attention",
      "needs-attention": "needs-attention",
      "not-applicable": "needs-attention",
    },
  ],
  [
    { type: "declare-not-applicable", by: "applicant", reason: "The account was opened in April." },
    {
      missing: "not-applicable",
      received: "refused",
      accepted: "refused",
      "needs-attention": "not-applicable",
      "not-applicable": "refused",
    },
  ],
  [
    { type: "withdraw-not-applicable", by: "applicant" },
    {
      missing: "refused",
      received: "refused",
      accepted: "refused",
      "needs-attention": "refused",
      "not-applicable": "received",
    },
  ],
  [
    { type: "remove-file", by: "applicant", remaining: 0 },
    {
      missing: "refused",
      received: "missing",
      accepted: "refused",
      "needs-attention": "refused",
      "not-applicable": "refused",
    },
  ],
  [
    { type: "remove-file", by: "applicant", remaining: 1 },
    {
      missing: "refused",
      received: "received",
      accepted: "refused",
      "needs-attention": "refused",
      "not-applicable": "refused",
    },
  ],
];

describe("a checklist item's transitions", () => {
  for (const [event, expected] of table) {
    for (const from of ITEM_STATES) {
      it(`${event.type}${"remaining" in event ? ` (${event.remaining} left)` : ""} by ${event.by}: ${from} -> ${expected[from]}`, () => {
        expect(outcome(item(from), event)).toBe(expected[from]);
      });
    }
  }

  it("keeps the reason given with a flag or a declaration, trimmed, and clears it otherwise", () => {
    expect(
      transition(item("received"), { type: "flag", by: "staff", reason: "  Page 2 is missing. " }),
    ).toEqual({
      ok: true,
      state: "needs-attention",
      reason: "Page 2 is missing.",
    });
    expect(
      transition(item("missing"), {
        type: "declare-not-applicable",
        by: "applicant",
        reason: "No mortgage.",
      }),
    ).toEqual({ ok: true, state: "not-applicable", reason: "No mortgage." });
    expect(transition(item("needs-attention"), { type: "upload", by: "applicant" })).toEqual({
      ok: true,
      state: "received",
      reason: null,
    });
  });

  it("an item declared not applicable with no file goes back to missing when the declaration is withdrawn", () => {
    expect(outcome(item("not-applicable", 0), { type: "withdraw-not-applicable", by: "applicant" })).toBe(
      "missing",
    );
  });

  it("an item that needs attention but has no file left cannot be accepted", () => {
    const result = transition(item("needs-attention", 0), { type: "accept", by: "staff" });
    expect(result).toEqual({
      ok: false,
      error: "Only an item with a file waiting for review can be accepted.",
    });
  });

  it.each([
    ["accept", { type: "accept", by: "applicant" }],
    ["flag", { type: "flag", by: "applicant", reason: "x" }],
    ["declare-not-applicable", { type: "declare-not-applicable", by: "staff", reason: "x" }],
    ["withdraw-not-applicable", { type: "withdraw-not-applicable", by: "staff" }],
    ["remove-file", { type: "remove-file", by: "staff", remaining: 0 }],
  ] as [string, ItemEvent][])("%s by the other side is refused in every state", (_name, event) => {
    const who: Record<Actor, string> = { applicant: "the applicant", staff: "staff" };
    for (const from of ITEM_STATES) {
      expect(transition(item(from), event)).toEqual({
        ok: false,
        error: `This is not for ${who[event.by]} to do.`,
      });
    }
  });

  it.each(["", "   ", "x".repeat(REASON_MAX + 1)])("refuses the reason %j", (reason) => {
    const flagged = transition(item("received"), { type: "flag", by: "staff", reason });
    const declared = transition(item("missing"), { type: "declare-not-applicable", by: "applicant", reason });
    expect(flagged.ok).toBe(false);
    expect(declared.ok).toBe(false);
  });

  it("takes a reason of exactly the limit", () => {
    expect(cleanReason("x".repeat(REASON_MAX))).toEqual({ ok: true, reason: "x".repeat(REASON_MAX) });
  });

  it("says why a move is refused, in words", () => {
    expect(
      transition(item("received"), { type: "declare-not-applicable", by: "applicant", reason: "n/a" }),
    ).toEqual({
      ok: false,
      error: "Only a document still needed can be declared not applicable; remove its files first.",
    });
    expect(transition(item("missing"), { type: "flag", by: "staff", reason: "x" })).toEqual({
      ok: false,
      error: "Only an item with a file, or one declared not applicable, can be marked as needing attention.",
    });
  });
});

describe("documents complete", () => {
  it("when nothing is missing or needs attention", () => {
    expect(isComplete(["received", "accepted", "not-applicable"])).toBe(true);
    expect(isComplete(["accepted", "missing"])).toBe(false);
    expect(isComplete(["accepted", "needs-attention"])).toBe(false);
  });

  it("never for an empty checklist", () => {
    expect(isComplete([])).toBe(false);
  });
});
