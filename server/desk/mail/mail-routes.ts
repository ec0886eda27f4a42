/**
 * The desk's mail page (staff; shapes: #domain/desk/contract):
 *   GET  /api/desk/mail?status=&cursor=&limit=
 *        MailList: newest first; metadata only, never a message body; with the counts by status,
 *        the retry window and whether SMTP_URL is set (without it nothing is sent: e-mails wait)
 *   POST /api/desk/mail/:id/redeliver
 *        200 MailRedelivered: a dead (or waiting) e-mail is due again now, with a fresh
 *        retry schedule and the same Message-ID; 404 unknown; 409 sent, being sent or cancelled
 * Both are written to the audit log (who looked at whose addresses, who resent what).
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { MAIL_STATUSES, type MailList, type MailRedelivered, type MailStatus } from "#domain/desk/contract";
import { createMailOutboxRepository } from "../../mail/outbox-repository";
import { retryWindowMs } from "../../outbox/retry-schedule";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";

const querySchema = z.object({
  status: z.enum(MAIL_STATUSES, { error: "status is not valid" }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, { error: "cursor is not valid" })
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const NOT_REDELIVERABLE: Partial<Record<MailStatus, string>> = {
  sent: "This e-mail was already sent",
  sending: "This e-mail is being sent right now",
  cancelled: "This e-mail was cancelled: its application is in quarantine",
};

const mailRoutes: FastifyPluginAsync = async (app) => {
  const mail = createMailOutboxRepository(app.desk.store);
  const retryWindow = retryWindowMs(app.config.delivery);

  app.get("/api/desk/mail", { preHandler: requireRole("staff") }, async (request, reply) => {
    const parsed = querySchema.safeParse(request.query);
    if (!parsed.success)
      return reply.code(400).send({ error: parsed.error.issues[0]?.message ?? "Bad query" });
    const page = await mail.list(parsed.data);
    await app.desk.audit.record(
      auditRecord(request, "mail.viewed", undefined, {
        status: parsed.data.status ?? null,
        rows: page.items.length,
      }),
    );
    return {
      ...page,
      counts: await mail.countByStatus(),
      retryWindowMs: retryWindow,
      mailConfigured: Boolean(app.config.mail.smtpUrl),
    } satisfies MailList;
  });

  app.post<{ Params: { id: string } }>(
    "/api/desk/mail/:id/redeliver",
    { preHandler: requireRole("staff") },
    async (request, reply) => {
      const { id } = request.params;
      if (!/^\d{1,18}$/.test(id)) return reply.code(404).send({ error: "No such e-mail" });
      const result = await app.desk.store.transaction(async (tx) => {
        const moved = await mail.redeliver(id, tx);
        if (moved?.requeued) {
          await app.desk.audit.record(
            auditRecord(request, "mail.redelivered", id, { from: moved.before }),
            tx,
          );
        }
        return moved;
      });
      if (!result) return reply.code(404).send({ error: "No such e-mail" });
      if (!result.requeued)
        return reply.code(409).send({ error: NOT_REDELIVERABLE[result.before] ?? "Conflict" });
      const item = (await mail.list({ cursor: String(BigInt(id) + 1n), limit: 1 })).items[0];
      return { item } satisfies MailRedelivered;
    },
  );
};

export default mailRoutes;
