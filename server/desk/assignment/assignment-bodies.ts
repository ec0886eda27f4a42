/**
 * The bodies the assignment routes take, validated: an owner change, a duty
 * change (one's own, or an admin's for anyone, with routing groups), and the
 * ordered list of routing rules, as their routes declare them (`schema` and
 * `config.invalidInput`, plugins/input-schemas.ts). A bad one is a 400 naming
 * the field by its whole path (`{error, errors: {"items.2.maxAmount": message}}`;
 * a body that is not an object under the route's main field), never a 500.
 */
import { z } from "zod";
import { fundingTypeOptions } from "#domain/application/schema";
import type { InvalidInputWording } from "../../plugins/input-schemas";

export const MAX_GROUPS = 20;
export const MAX_GROUP_LENGTH = 40;
export const MAX_RULES = 50;
/** The largest amount a rule may name (USD): far above any funding the catalogue offers. */
export const MAX_RULE_AMOUNT = 1_000_000_000_000;

export const FUNDING_TYPES = fundingTypeOptions.map((option) => option.value) as [string, ...string[]];

// Tabs and line breaks survive the body's own cleaning (clean-text.ts); a group name holds none.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

const groupName = z
  .string({ error: "Each group name must be text" })
  .trim()
  .min(1, { error: `Each group name needs 1 to ${MAX_GROUP_LENGTH} characters` })
  .max(MAX_GROUP_LENGTH, { error: `Each group name needs 1 to ${MAX_GROUP_LENGTH} characters` })
  .refine((value) => !CONTROL.test(value), {
    error: "A group name must not contain control characters (tabs, line breaks)",
  });

const groups = z
  .array(groupName, { error: "groups must be a list of group names" })
  .max(MAX_GROUPS, { error: `At most ${MAX_GROUPS} groups` })
  // The same name twice is one group.
  .transform((names) => [...new Set(names)]);

const OWNER_ID = "ownerId must be a staff member's id, or null to put it back";
const ownerSchema = z.object(
  {
    ownerId: z
      .string({ error: OWNER_ID })
      .trim()
      .min(1, { error: OWNER_ID })
      .max(200, { error: OWNER_ID })
      .nullable(),
  },
  { error: OWNER_ID },
);

const ownDutySchema = z.strictObject(
  { onDuty: z.boolean({ error: "onDuty must be true or false" }) },
  { error: 'Send {"onDuty": true | false}' },
);

const dutySchema = z
  .strictObject(
    { onDuty: z.boolean({ error: "onDuty must be true or false" }).optional(), groups: groups.optional() },
    { error: 'Send {"onDuty": true | false} and/or {"groups": [...]}' },
  )
  .refine((value) => value.onDuty !== undefined || value.groups !== undefined, {
    error: 'Send {"onDuty": true | false} and/or {"groups": [...]}',
  });

const amount = (field: string) =>
  z
    .number({ error: `${field} must be an amount in USD, or null` })
    .min(0, { error: `${field} must not be negative` })
    .max(MAX_RULE_AMOUNT, { error: `${field} is too large` })
    .nullable()
    .default(null);

const ruleSchema = z
  .object(
    {
      fundingType: z
        .enum(FUNDING_TYPES, { error: `fundingType must be one of: ${FUNDING_TYPES.join(", ")}, or null` })
        .nullable()
        .default(null),
      minAmount: amount("minAmount"),
      maxAmount: amount("maxAmount"),
      group: groupName,
    },
    { error: "Each rule must be an object" },
  )
  .refine((rule) => rule.minAmount === null || rule.maxAmount === null || rule.minAmount <= rule.maxAmount, {
    error: "maxAmount must not be below minAmount",
    path: ["maxAmount"],
  });

const rulesSchema = z.object(
  {
    items: z
      .array(ruleSchema, { error: "items must be a list of rules" })
      .max(MAX_RULES, { error: `At most ${MAX_RULES} rules` }),
  },
  { error: 'Send {"items": [...]}' },
);

/** Problems by their whole path, the body's own under `rootField`; a rule's says which rule. */
const wording = (rootField: string): InvalidInputWording => ({
  rootField,
  fullPath: true,
  // "Rule 2: …", counting from 1 as the desk lists them.
  headline: (field, message) => {
    const rule = /^items\.(\d+)(\.|$)/.exec(field);
    return rule ? `Rule ${Number(rule[1]) + 1}: ${message}` : message;
  },
});

/** POST /api/desk/applications/:id/owner (OwnerChange). */
export const ownerChange = { schema: { body: ownerSchema }, config: { invalidInput: wording("ownerId") } };
/** PATCH /api/desk/me/duty ({onDuty}). */
export const ownDutyChange = { schema: { body: ownDutySchema }, config: { invalidInput: wording("onDuty") } };
/** PATCH /api/desk/staff/:id/duty (DutyChange). */
export const dutyChange = { schema: { body: dutySchema }, config: { invalidInput: wording("onDuty") } };
/** PUT /api/desk/assignment-rules ({items}). */
export const rulesChange = { schema: { body: rulesSchema }, config: { invalidInput: wording("items") } };
