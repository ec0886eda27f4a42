import { describe, expect, it } from "vitest";
import type { RuleRow } from "./assignment-repository";
import { chooseOwners, ruleMatches, type AssignableFacts, type QueuedMember } from "./round-robin";

const member = (id: string, groups: string[] = []): QueuedMember => ({ id, name: id.toUpperCase(), groups });
const application = (id: string, fundingType = "Growth Capital", fundingAmount: number | null = 250_000) =>
  ({ id, fundingType, fundingAmount }) satisfies AssignableFacts;
const rule = (group: string, match: Partial<RuleRow> = {}): RuleRow => ({
  id: group,
  fundingType: null,
  minAmount: null,
  maxAmount: null,
  group,
  ...match,
});
const owners = (choices: { ownerId: string }[]) => choices.map((choice) => choice.ownerId);

describe("the round-robin's choice", () => {
  it("goes round the queue in turn, whoever waited longest first", () => {
    const batch = ["1", "2", "3", "4", "5", "6", "7"].map((id) => application(id));
    expect(owners(chooseOwners(batch, [member("ann"), member("ben"), member("cat")], []))).toEqual([
      "ann",
      "ben",
      "cat",
      "ann",
      "ben",
      "cat",
      "ann",
    ]);
  });

  it("sends a routed application to the group's longest waiting member, and the turn moves for everyone", () => {
    const queue = [member("ann"), member("ben", ["SBA desk"]), member("cat", ["SBA desk"])];
    const rules = [rule("SBA desk", { fundingType: "SBA Loan" })];
    const choices = chooseOwners(
      [application("1", "SBA Loan"), application("2"), application("3", "SBA Loan"), application("4")],
      queue,
      rules,
    );
    expect(choices).toEqual([
      { applicationId: "1", ownerId: "ben", ownerName: "BEN", group: "SBA desk" },
      { applicationId: "2", ownerId: "ann", ownerName: "ANN", group: null },
      { applicationId: "3", ownerId: "cat", ownerName: "CAT", group: "SBA desk" },
      { applicationId: "4", ownerId: "ben", ownerName: "BEN", group: null },
    ]);
  });

  it("falls back to everyone on duty when nobody of the group is, and names no group then", () => {
    const choices = chooseOwners(
      [application("1", "SBA Loan")],
      [member("ann")],
      [rule("SBA desk", { fundingType: "SBA Loan" })],
    );
    expect(choices).toEqual([{ applicationId: "1", ownerId: "ann", ownerName: "ANN", group: null }]);
  });

  it("takes the first rule that matches, amount bands including both ends", () => {
    const rules = [rule("Small", { maxAmount: 100_000 }), rule("Large", { minAmount: 100_000 })];
    const queue = [member("ann", ["Large"]), member("ben", ["Small"])];
    expect(owners(chooseOwners([application("1", "Growth Capital", 100_000)], queue, rules))).toEqual([
      "ben",
    ]);
    expect(owners(chooseOwners([application("1", "Growth Capital", 100_001)], queue, rules))).toEqual([
      "ann",
    ]);
    expect(ruleMatches(rule("Any", { minAmount: 1 }), application("1", "Growth Capital", null))).toBe(false);
  });

  it("never chooses an excluded member, and chooses nobody from an empty queue", () => {
    expect(
      owners(chooseOwners([application("1"), application("2")], [member("ann"), member("ben")], [], ["ann"])),
    ).toEqual(["ben", "ben"]);
    expect(chooseOwners([application("1")], [], [])).toEqual([]);
  });
});
