/**
 * CSV exports (admin only; staff get 403): the filtered inbox (every page),
 * the consent ledger, the newsletter list and the audit log. Columns are the
 * operator CLI's. Each export is audited with its filter and row count before
 * the first row leaves: for the store's large exports the count is taken up to
 * an instant and the rows sent stop at the same instant; short lists are
 * gathered first. Days (`from`/`to`, the file's date) and times are the
 * provider's zone's (DESK_TIME_ZONE).
 */
import { Readable, pipeline } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportAction, type ExportKind } from "#domain/audit/actions";
import type { AuditItem } from "#domain/desk/contract";
import {
  createExportRepository,
  EXPORT_COLUMNS,
  type ExportKind as StoredExport,
  type ExportScope,
} from "../../inbox/export-repository";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { auditedFilter, inboxFilter, inboxFilterQuery } from "../inbox/inbox-query";
import { deskQuery, NO_NUL } from "../query";
import { today } from "../zoned-day";
import { csvStream } from "./csv";

const AUDIT_COLUMNS = ["id", "at", "actor", "action", "target", "details", "ip", "user_agent"];

const auditFilterQuery = deskQuery({
  action: z
    .string({ error: "must be given once" })
    .trim()
    .max(100, { error: "is too long" })
    .refine(...NO_NUL)
    .optional(),
  actor: z
    .string({ error: "must be given once" })
    .trim()
    .max(254, { error: "is too long" })
    .refine(...NO_NUL)
    .optional(),
});

/** The consent ledger and the newsletter list take no parameters. */
const noQuery = deskQuery({});

const exportRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const exportRepository = createExportRepository(app.store);
  const admin = { preValidation: requireRole("admin") };
  const audit = app.desk.audit;
  const timeZone = app.config.desk.timeZone;

  function attachment(reply: FastifyReply, name: string) {
    const day = today(timeZone);
    return reply
      .header("content-disposition", `attachment; filename="${name}-${day}.csv"`)
      .type("text/csv; charset=utf-8");
  }

  /** Counts, audits, then streams one of the store's exports. */
  async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: StoredExport,
    filter: object,
    scope: Omit<ExportScope, "until"> = {},
  ) {
    const until = await exportRepository.now();
    const rows = await exportRepository.countExport(kind, { ...scope, until });
    await audit.record(auditRecord(request, exportAction(kind), undefined, { filter, rows }));
    const source = Readable.from(
      (async function* () {
        for await (const batch of exportRepository.exportBatches(kind, { ...scope, until })) yield* batch;
      })(),
    );
    const csv = pipeline(source, csvStream(EXPORT_COLUMNS[kind], timeZone), (error) => {
      if (error) request.log.error({ err: error, kind }, "export failed part-way");
    });
    return attachment(reply, kind).send(csv);
  }

  const withQuery = <T extends typeof noQuery | typeof auditFilterQuery | typeof inboxFilterQuery>(
    querystring: T,
  ) => ({ ...admin, schema: { querystring } });

  app.get("/api/desk/exports/applications.csv", withQuery(inboxFilterQuery), async (request, reply) => {
    const filter = inboxFilter(request.query, {
      timeZone,
      viewerId: request.staff!.userId,
      dueSoonMs: app.config.review.dueSoonMs,
    });
    return sendExport(request, reply, "applications", auditedFilter(filter), { filter });
  });

  app.get("/api/desk/exports/consents.csv", withQuery(noQuery), async (request, reply) =>
    sendExport(request, reply, "consents", {}),
  );

  /** Rows already gathered (short lists): audited with their exact count, then sent. */
  async function sendRows(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ExportKind,
    filter: object,
    columns: string[],
    rows: Record<string, unknown>[],
  ) {
    await audit.record(auditRecord(request, exportAction(kind), undefined, { filter, rows: rows.length }));
    const csv = csvStream(columns, timeZone);
    for (const row of rows) csv.write(row);
    csv.end();
    return attachment(reply, kind).send(csv);
  }

  // The newsletter list is its confirmed addresses (the ones that may be
  // mailed), as the newsletter repository defines it for the CLI too.
  app.get("/api/desk/exports/newsletter.csv", withQuery(noQuery), async (request, reply) => {
    const rows = await app.newsletter.exportConfirmed();
    return sendRows(request, reply, "newsletter", {}, rows.length ? Object.keys(rows[0]) : [], rows);
  });

  // The audit log is read through its own repository, page by page; the rows
  // are gathered first so the audit row can carry their exact count.
  app.get("/api/desk/exports/audit.csv", withQuery(auditFilterQuery), async (request, reply) => {
    const filter = { action: request.query.action || undefined, actor: request.query.actor || undefined };
    const items: AuditItem[] = [];
    let cursor: string | undefined;
    do {
      const page = await audit.list({ ...filter, cursor, limit: 500 });
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const rows = items.map((item) => ({
      id: item.id,
      at: item.at,
      actor: item.actor,
      action: item.action,
      target: item.target,
      details: item.details,
      ip: item.ip,
      user_agent: item.userAgent,
    }));
    return sendRows(request, reply, "audit", filter, AUDIT_COLUMNS, rows);
  });
};

export default exportRoutes;
