/**
 * The round-robin's choice, as a pure function: given the staff on duty in
 * turn order (whoever was assigned one longest ago first, never-assigned
 * first of all, then by id) and the routing rules in order, who gets each
 * application of a batch, in the order they were stored. Each choice sends
 * its member to the back of the queue, so the next application sees the turn
 * the last one left. The caller holds the assignment lock while it reads the
 * queue, chooses and writes (assignment.ts).
 */
import type { RuleRow } from "./assignment-repository";

/** A member who takes applications (on duty, not disabled), as the round-robin sees them. */
export interface QueuedMember {
  id: string;
  name: string;
  groups: string[];
}

/** What a routing rule looks at. */
export interface AssignableFacts {
  id: string;
  fundingType: string;
  fundingAmount: number | null;
}

/** An application's new owner, and the group a rule routed it to (null: everyone on duty). */
export interface Choice {
  applicationId: string;
  ownerId: string;
  ownerName: string;
  group: string | null;
}

/** Whether `rule` matches: its funding type (if any) and its amount band (both ends included). */
export function ruleMatches(rule: RuleRow, application: AssignableFacts): boolean {
  const amount = application.fundingAmount;
  return (
    (rule.fundingType === null || rule.fundingType === application.fundingType) &&
    (rule.minAmount === null || (amount !== null && amount >= rule.minAmount)) &&
    (rule.maxAmount === null || (amount !== null && amount <= rule.maxAmount))
  );
}

/**
 * The owners of `applications`, in their order: the first rule each matches
 * names a group; the first member of the queue in that group takes it, or,
 * with nobody of the group on duty (or no rule matching), the first member of
 * the queue. `exclude` is never chosen. An application nobody can take is
 * left out of the answer.
 */
export function chooseOwners(
  applications: AssignableFacts[],
  queue: QueuedMember[],
  rules: RuleRow[],
  exclude: string[] = [],
): Choice[] {
  const turn = queue.filter((member) => !exclude.includes(member.id));
  const choices: Choice[] = [];
  for (const application of applications) {
    const group = rules.find((rule) => ruleMatches(rule, application))?.group ?? null;
    const inGroup = group === null ? -1 : turn.findIndex((member) => member.groups.includes(group));
    const index = inGroup >= 0 ? inGroup : 0;
    const member = turn[index];
    if (!member) break;
    choices.push({
      applicationId: application.id,
      ownerId: member.id,
      ownerName: member.name,
      group: inGroup >= 0 ? group : null,
    });
    // To the back of the queue: everyone else has now waited longer.
    turn.splice(index, 1);
    turn.push(member);
  }
  return choices;
}
