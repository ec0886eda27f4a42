/**
 * The desk's analytics dashboard (staff):
 *   GET /api/desk/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD&source=&campaign=
 *       200 AnalyticsReport (#domain/desk/contract) for those UTC days,
 *       both included (default: the last 30 days up to today); source or
 *       campaign narrow it to visitors whose first page view of the day came
 *       from there ("(direct)": neither). 400 for a bad date or range.
 * Only counts, no personal data: nothing to audit.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AnalyticsReport } from "#domain/desk/contract";
import { utcDay } from "../../analytics/visitor";
import { addDays } from "../../analytics/rollups";
import { requireRole } from "../auth/guard";

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

const day = z
  .string()
  .regex(DAY_FORMAT, { error: "Dates are YYYY-MM-DD" })
  .refine(
    (value) => {
      if (!DAY_FORMAT.test(value)) return true; // already refused for its format
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && utcDay(date) === value;
    },
    { error: "That date does not exist" },
  )
  .optional();

/** ?from=&to=&source=&campaign=; a bad one is `{"error"}` with its message alone. */
const analyticsQuery = z.object({
  from: day,
  to: day,
  source: z.string().trim().min(1).max(253).optional(),
  campaign: z.string().trim().min(1).max(100).optional(),
});

const analyticsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const route = {
    preValidation: requireRole("staff"),
    schema: { querystring: analyticsQuery },
    config: { invalidInput: { messageOnly: true } },
  };
  app.get("/api/desk/analytics", route, async (request, reply) => {
    const query = request.query;
    const to = query.to ?? utcDay(app.analytics.now());
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    if (from > to) return reply.code(400).send({ error: "The range must start before it ends" });
    if (addDays(from, MAX_DAYS - 1) < to)
      return reply.code(400).send({ error: `The range is at most ${MAX_DAYS} days` });
    const report: AnalyticsReport = await app.analytics.report({
      from,
      to,
      source: query.source,
      campaign: query.campaign,
    });
    return report;
  });
};

export default analyticsRoutes;
