/**
 * The routing rules, first match wins:
 *   GET /api/desk/assignment-rules              staff: Items<AssignmentRule>, in order
 *   PUT /api/desk/assignment-rules {items}      admin: replaces the whole ordered list -> Items<AssignmentRule>
 * Each rule names a funding type (one of the application form's), an amount
 * band (both ends included) or both, and the group whose members on duty
 * take the applications it matches. Saving is audited
 * (assignment.rules-changed, with the rules before and after).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AssignmentRule, Items } from "#domain/desk/contract";
import { createAssignmentRepository, type RuleRow } from "../../assignment/assignment-repository";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { rulesChange } from "./assignment-bodies";

const withoutId = ({ id: _id, ...rule }: RuleRow) => rule;

const ruleRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const repository = createAssignmentRepository(app.store);

  app.get(
    "/api/desk/assignment-rules",
    { preValidation: requireRole("staff") },
    async () => ({ items: await repository.rules() }) satisfies Items<AssignmentRule>,
  );

  app.put(
    "/api/desk/assignment-rules",
    { preValidation: requireRole("admin"), ...rulesChange },
    async (request) => {
      const rules = request.body.items;
      const items = await app.store.transaction(async (tx) => {
        const previous = await repository.rules(tx);
        await repository.replaceRules(tx, rules);
        await app.desk.audit.record(
          auditRecord(request, "assignment.rules-changed", undefined, {
            rules,
            previous: previous.map(withoutId),
          }),
          tx,
        );
        return repository.rules(tx);
      });
      return { items } satisfies Items<AssignmentRule>;
    },
  );
};

export default ruleRoutes;
