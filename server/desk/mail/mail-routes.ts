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
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAIL_STATUSES, type MailList, type MailRedelivered, type MailStatus } from "#domain/desk/contract";
import { createMailOutboxRepository } from "../../mail/outbox-repository";
import { retryWindowMs } from "../../outbox/retry-schedule";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";

/** ?status=&cursor=&limit=; a bad one is `{"error"}` with its message alone. */
const mailQuery = z.object({
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

/** `:id`: an e-mail's id, digits; anything else is no e-mail (404). */
const mailParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });

const mailRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const mail = createMailOutboxRepository(app.desk.store);
  const retryWindow = retryWindowMs(app.config.delivery);

  const list = {
    preValidation: requireRole("staff"),
    schema: { querystring: mailQuery },
    config: { invalidInput: { messageOnly: true } },
  };
  app.get("/api/desk/mail", list, async (request) => {
    const query = request.query;
    const page = await mail.list(query);
    await app.desk.audit.record(
      auditRecord(request, "mail.viewed", undefined, {
        status: query.status ?? null,
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

  app.post(
    "/api/desk/mail/:id/redeliver",
    {
      preValidation: requireRole("staff"),
      schema: { params: mailParams },
      config: { invalidInput: { notFound: "No such e-mail" } },
    },
    async (request, reply) => {
      const { id } = request.params;
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
