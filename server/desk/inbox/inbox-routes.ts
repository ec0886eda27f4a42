/**
 * The inbox (staff and admin):
 *   GET /api/desk/applications?q=&state=&fundingType=&from=&to=&source=&campaign=
 *                              &owner=&work=&due=&sort=&cursor=&limit=
 *       InboxList: newest first (or sort=time_left: the least time left first),
 *       25 a page by default, with the total the filter matches
 *   GET /api/desk/applications/due-counts?owner=
 *       DueCounts: the open, due-soon and overdue ones in one owner view
 * `from` and `to` are days in the provider's zone; owner=mine is the signed-in
 * member's; due=due_soon is REVIEW_DUE_SOON ahead; a bad parameter is a 400
 * naming it (inbox-query.ts). Each page read is audited (audit/repeated.ts).
 * Listing the first page of a whole owner view (no search or filter; All or
 * To do) is the member looking at it: what reached it until now is no longer
 * new to them (their count: server/inbox/new-count-repository.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { REPEATED_ACTIONS } from "#domain/audit/actions";
import type { DueCounts, InboxList } from "#domain/desk/contract";
import { createInboxRepository } from "../../inbox/inbox-repository";
import { auditRead, listedFilter } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import type { InboxFilter } from "../../inbox/inbox-filter";
import type { OwnerView } from "#domain/desk/work";
import { createNewCountRepository } from "../../inbox/new-count-repository";
import { toInboxItem } from "./inbox-item";
import {
  dueCountsOwner,
  dueCountsQuery,
  encodeCursor,
  inboxPage,
  inboxQuery,
  type FilterContext,
} from "./inbox-query";

/**
 * The owner view a first page shows whole, or undefined: searched or
 * filtered, a later page, or a due view narrower than To do (Due soon and
 * Overdue leave new applications out) is not looking at the view.
 */
function lookedAt(filter: InboxFilter, paged: boolean): OwnerView | undefined {
  const { owner, due, dueSoonMs: _window, ...narrowing } = filter;
  if (paged || (due && due !== "open") || Object.values(narrowing).some((value) => value !== undefined)) {
    return undefined;
  }
  return owner === undefined ? "everyone" : owner === "unassigned" ? "unassigned" : "mine";
}

const inboxRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const inboxRepository = createInboxRepository(app.store);
  const newCounts = createNewCountRepository(app.store);
  const context = (viewerId: string): FilterContext => ({
    timeZone: app.config.desk.timeZone,
    viewerId,
    dueSoonMs: app.config.review.dueSoonMs,
  });

  const staff = { preValidation: requireRole("staff") };
  app.get("/api/desk/applications", { ...staff, schema: { querystring: inboxQuery } }, async (request) => {
    const viewerId = request.staff!.userId;
    const { filter, sort, limit, after } = inboxPage(request.query, context(viewerId));
    // Taken before the page is read: what arrives meanwhile is still new.
    const lookedAtAt = new Date();
    // One row more than the page tells whether there is a next one.
    const [rows, total] = await Promise.all([
      inboxRepository.inbox(filter, { limit: limit + 1, sort, after, viewerId }),
      inboxRepository.countInbox(filter),
    ]);
    const view = lookedAt(filter, after !== undefined);
    if (view) await newCounts.markSeen(viewerId, view, lookedAtAt);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    await auditRead(
      request,
      REPEATED_ACTIONS.applicationsListed,
      { filter: listedFilter(request.query), pageSize: limit },
      page.length,
    );
    return {
      items: page.map(toInboxItem),
      total,
      nextCursor: rows.length > limit ? encodeCursor({ sort, at: last.position_at, id: last.id }) : null,
    } satisfies InboxList;
  });

  // Counts only (no applicant's data): not audited.
  app.get(
    "/api/desk/applications/due-counts",
    { ...staff, schema: { querystring: dueCountsQuery } },
    async (request) => {
      const owner = dueCountsOwner(request.query, context(request.staff!.userId));
      const { dueSoonMs } = app.config.review;
      return { ...(await inboxRepository.dueCounts(owner, dueSoonMs)), dueSoonMs } satisfies DueCounts;
    },
  );
};

export default inboxRoutes;
