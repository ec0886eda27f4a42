/**
 * The inbox (staff and admin):
 *   GET /api/desk/applications?q=&state=&fundingType=&from=&to=&source=&campaign=&cursor=&limit=
 *       InboxList: newest first, 25 a page by default, with the total the filter matches
 * `from` and `to` are days in the provider's zone; a bad parameter is a 400
 * naming it (inbox-query.ts). Each page read is audited (audit/repeated.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import { REPEATED_ACTIONS } from "#domain/desk/audit-actions";
import type { InboxList } from "#domain/desk/contract";
import { createInboxRepository } from "../../inbox/inbox-repository";
import { auditRead, listedFilter } from "../audit/repeated";
import { requireRole } from "../auth/guard";
import { toInboxItem } from "./inbox-item";
import { encodeCursor, parseInboxQuery } from "./inbox-query";

const inboxRoutes: FastifyPluginAsync = async (app) => {
  const inboxRepository = createInboxRepository(app.store);

  app.get("/api/desk/applications", { preHandler: requireRole("staff") }, async (request, reply) => {
    const parsed = parseInboxQuery(request.query, app.config.desk.timeZone);
    if (!parsed.ok) return reply.code(400).send(parsed.error);
    const { filter, limit, after } = parsed.value;
    // One row more than the page tells whether there is a next one.
    const [rows, total] = await Promise.all([
      inboxRepository.inbox(filter, { limit: limit + 1, after, viewerId: request.staff?.userId }),
      inboxRepository.countInbox(filter),
    ]);
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
      nextCursor: rows.length > limit ? encodeCursor({ createdAt: last.position_at, id: last.id }) : null,
    } satisfies InboxList;
  });
};

export default inboxRoutes;
