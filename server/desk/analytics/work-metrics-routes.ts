/**
 * Speed to lead (staff and admin):
 *   GET /api/desk/work-metrics?from=YYYY-MM-DD&to=YYYY-MM-DD
 *       200 WorkMetrics (#domain/desk/contract) over the applications received
 *       on those days of the provider's zone, both included (default: the 30
 *       days up to today there; at most 366); 400 naming a bad parameter.
 * Its own route beside GET /analytics: that one counts visitors in UTC days,
 * this one the store's applications in the provider's days (the desk's other
 * day filters). Counts and the owners' names only, read from the store:
 * nothing to audit.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { WorkMetrics } from "#domain/desk/contract";
import { requireRole } from "../auth/guard";
import { deskQuery, optional } from "../query";
import { calendarDay, dayRange, today } from "../zoned-day";
import { createWorkMetricsRepository } from "../../analytics/work-metrics-repository";

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const metricsQuery = deskQuery({ from: optional(calendarDay), to: optional(calendarDay) });

/** What is wrong with a range (after the defaults), as a bad parameter's 400 says it. */
function rangeError(from: string, to: string) {
  if (from > to) return { error: "to must not be before from", errors: { to: "must not be before from" } };
  if (addDays(from, MAX_DAYS - 1) < to) {
    const message = `must be at most ${MAX_DAYS} days after from`;
    return { error: `to ${message}`, errors: { to: message } };
  }
  return undefined;
}

const workMetricsRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const repository = createWorkMetricsRepository(app.store);
  const timeZone = app.config.desk.timeZone;

  const route = { preValidation: requireRole("staff"), schema: { querystring: metricsQuery } };
  app.get("/api/desk/work-metrics", route, async (request, reply) => {
    const to = request.query.to ?? today(timeZone);
    const from = request.query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
    const bad = rangeError(from, to);
    if (bad) return reply.code(400).send(bad);
    const { since, before } = dayRange({ from, to }, timeZone);
    const range = { since: since!, before: before!, timeZone, now: new Date() };
    const [window, funnel] = await Promise.all([
      repository.reviewWindow(range, { from, to }),
      repository.funnel(range),
    ]);
    const metrics: WorkMetrics = { from, to, timeZone, ...window, ...funnel };
    return metrics;
  });
};

export default workMetricsRoutes;
