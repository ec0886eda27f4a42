/**
 * The desk's applications (staff and admin): the inbox, one application with
 * its timeline (CRM attempts, desk actions, its e-mails), the actions on it (redeliver, release, quarantine), its
 * consent evidence, and the consent lookup. Every action writes its audit row
 * in the transaction that makes the change.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { notifyMailQueued } from "../../mail/wake";
import type { DeliveryHealthRepository } from "../../crm-delivery/delivery-health-repository";
import { isUuid } from "../../store/inbox-filter";
import type { InboxRepository } from "../../store/inbox-repository";
import type { Queryable } from "../../store/store";
import { auditRecord } from "../audit/audit-repository";
import { auditRead, listedFilter } from "../audit/repeated";
import { requireRole } from "../auth/guard";
import {
  APPLICATION_ACTIONS,
  type DeskApplicationsRepository,
  type LockedApplication,
} from "./application-repository";
import { encodeCursor, NO_NUL, parseInboxQuery, parseQuery } from "../inbox/inbox-query";
import { sha256, toDetail, toEvidence, toListItem } from "./views";

export interface ApplicationRoutesOptions {
  inboxRepository: InboxRepository;
  deliveryHealth: DeliveryHealthRepository;
  repository: DeskApplicationsRepository;
}

type WithId = { Params: { id: string } };

const NOT_FOUND = { error: "Not Found" };

const reasonBody = z.object(
  {
    reason: z
      .string({ error: "Give a reason" })
      .trim()
      .min(1, { error: "Give a reason" })
      .max(500, { error: "Keep the reason under 500 characters" })
      .refine(...NO_NUL),
  },
  { error: "Give a reason" },
);

/** A refusal the route answers as is (404, 409). */
class Refusal {
  constructor(
    readonly status: 404 | 409,
    readonly error: string,
  ) {}
}

const lookupShape = {
  phone: z
    .string({ error: "must be given once" })
    .trim()
    .max(40, { error: "must be at most 40 characters" })
    .refine((value) => value.replace(/\D/g, "").length >= 7, { error: "must have at least 7 digits" })
    .refine(...NO_NUL)
    .optional(),
  email: z
    .string({ error: "must be given once" })
    .trim()
    .min(3, { error: "must be an e-mail address" })
    .max(254, { error: "must be at most 254 characters" })
    .refine((value) => value.includes("@"), { error: "must be an e-mail address" })
    .refine(...NO_NUL)
    .optional(),
};

const applicationRoutes: FastifyPluginAsync<ApplicationRoutesOptions> = async (
  app,
  { inboxRepository, deliveryHealth, repository },
) => {
  const staff = { preHandler: requireRole("staff") };
  const audit = app.desk.audit;

  async function detail(id: string, db?: Queryable) {
    const shown = await inboxRepository.show(id, db);
    if (!shown) return undefined;
    const appId = String(shown.application.id);
    return toDetail(shown, await repository.actions(appId, db), await repository.mail(appId, db));
  }

  /**
   * Runs one action in a transaction with the application locked: `change`
   * returns the audit details, or throws a Refusal. Answers the new Detail.
   */
  async function act(
    request: FastifyRequest<WithId>,
    reply: FastifyReply,
    action: string,
    change: (
      tx: Queryable,
      found: LockedApplication,
    ) => Promise<{ details?: Record<string, unknown>; queued?: boolean; mailQueued?: number }>,
  ) {
    const { id } = request.params;
    if (!isUuid(id)) return reply.code(404).send(NOT_FOUND);
    try {
      const { queued, mailQueued } = await app.store.transaction(async (tx) => {
        const found = await repository.lock(tx, id);
        if (!found) throw new Refusal(404, NOT_FOUND.error);
        const result = await change(tx, found);
        await audit.record(auditRecord(request, action, found.id, result.details), tx);
        return result;
      });
      // The delivery worker takes it at once rather than at its next poll.
      if (queued) app.wakeDelivery(id);
      if (mailQueued) notifyMailQueued();
    } catch (error) {
      if (error instanceof Refusal) return reply.code(error.status).send({ error: error.error });
      throw error;
    }
    return detail(id);
  }

  function reasonOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
    const parsed = reasonBody.safeParse(request.body ?? {});
    if (parsed.success) return parsed.data.reason;
    const message = parsed.error.issues[0]?.message ?? "Give a reason";
    reply.code(400).send({ error: message, errors: { reason: message } });
    return undefined;
  }

  app.get("/api/desk/applications", staff, async (request, reply) => {
    const parsed = parseInboxQuery(request.query, app.config.desk.timeZone);
    if (!parsed.ok) return reply.code(400).send(parsed.error);
    const { filter, limit, after } = parsed.value;
    // One row more than the page tells whether there is a next one.
    const [rows, total] = await Promise.all([
      inboxRepository.inbox(filter, { limit: limit + 1, after }),
      inboxRepository.countInbox(filter),
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    await auditRead(
      request,
      "applications.listed",
      { filter: listedFilter(request.query), pageSize: limit },
      page.length,
    );
    return {
      items: page.map(toListItem),
      total,
      nextCursor: rows.length > limit ? encodeCursor({ createdAt: last.position_at, id: last.id }) : null,
    };
  });

  app.get<WithId>("/api/desk/applications/:id", staff, async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(NOT_FOUND);
    const found = await detail(request.params.id);
    if (!found) return reply.code(404).send(NOT_FOUND);
    await audit.record(auditRecord(request, "application.viewed", found.id));
    return found;
  });

  app.post<WithId>("/api/desk/applications/:id/redeliver", staff, async (request, reply) => {
    const reason = reasonOf(request, reply);
    if (reason === undefined) return reply;
    return act(request, reply, APPLICATION_ACTIONS.redelivered, async (tx, found) => {
      if (found.status === "spam")
        throw new Refusal(409, "This application is in quarantine: release it first");
      if (found.delivery === "sending") {
        throw new Refusal(409, "A delivery attempt is under way: try again when it has finished");
      }
      const moved = await deliveryHealth.redeliver({ id: found.id, force: true }, tx);
      if (moved.length === 0) throw new Refusal(409, "There is no delivery to repeat");
      return { details: { reason, from: found.delivery }, queued: true };
    });
  });

  app.post<WithId>("/api/desk/applications/:id/release", staff, async (request, reply) =>
    act(request, reply, APPLICATION_ACTIONS.released, async (tx, found) => {
      if (found.status !== "spam") throw new Refusal(409, "This application is not in quarantine");
      const released = await repository.release(tx, found.id, app.config);
      return { details: released, ...released };
    }),
  );

  app.post<WithId>("/api/desk/applications/:id/spam", staff, async (request, reply) => {
    const reason = reasonOf(request, reply);
    if (reason === undefined) return reply;
    return act(request, reply, APPLICATION_ACTIONS.quarantined, async (tx, found) => {
      if (found.status === "spam") throw new Refusal(409, "This application is already in quarantine");
      const cancelled = await repository.quarantine(tx, found.id, reason);
      return { details: { reason, ...cancelled } };
    });
  });

  app.get<WithId>("/api/desk/applications/:id/evidence", staff, async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send(NOT_FOUND);
    const shown = await inboxRepository.show(request.params.id);
    if (!shown) return reply.code(404).send(NOT_FOUND);
    const evidence = toEvidence(
      shown,
      { at: new Date().toISOString(), by: request.staff?.email ?? null },
      app.config.desk.timeZone,
    );
    await audit.record(auditRecord(request, "evidence.exported", evidence.applicationId));
    return reply
      .header("content-disposition", `attachment; filename="consent-evidence-${evidence.applicationId}.json"`)
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(evidence, null, 2));
  });

  app.get("/api/desk/consents", staff, async (request, reply) => {
    const parsed = parseQuery(lookupShape, request.query, (value) =>
      (value.phone === undefined) === (value.email === undefined)
        ? { query: "needs either phone or email" }
        : undefined,
    );
    if (!parsed.ok) return reply.code(400).send(parsed.error);
    const { phone, email } = parsed.value;
    const rows = await repository.consents(phone !== undefined ? { phone } : { email: email! });
    await audit.record(
      auditRecord(request, "consents.looked_up", undefined, {
        ...(phone !== undefined ? { phone } : { email }),
        found: rows.length,
      }),
    );
    return {
      items: rows.map((row) => ({
        applicationId: row.application_id,
        consentedAt: row.consented_at,
        consentVersion: row.consent_version,
        consentSha256: sha256(row.consent_text),
        phone: row.phone,
        email: row.email,
        companyName: row.company_name,
      })),
    };
  });
};

export default applicationRoutes;
