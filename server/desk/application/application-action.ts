/**
 * What every desk action on one application shares (redeliver here, release
 * and quarantine in ../quarantine): the application locked in a transaction,
 * the change and its audit row committed together, the workers woken for
 * what it queued, and the new ApplicationDetail as the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { actionReason, GIVE_A_REASON } from "#domain/desk/inputs";
import type { AuditAction, AuditDetails } from "#domain/audit/actions";
import type { ApplicationDetail } from "#domain/desk/contract";
import { notifyDeliveryQueued } from "../../crm-delivery/outbox-repository";
import { notifyMailQueued } from "../../mail/outbox-repository";
import { createOptOutRepository } from "../../opt-outs/opt-out-repository";
import { isUuid } from "../../store/row-values";
import { createInboxRepository } from "../../inbox/inbox-repository";
import type { Queryable } from "../../store/store";
import { auditRecord, type DetailsArgs } from "../audit/audit-request";
import { deskBody } from "../body";
import { createApplicationRepository, type LockedApplication } from "../../work/application-repository";
import { toDetail } from "./views";

export type WithId = { Params: { id: string } };

export const NOT_FOUND = { error: "Not Found" };

/** A refusal the route answers as is (404, 409). */
export class Refusal {
  constructor(
    readonly status: 404 | 409,
    readonly error: string,
  ) {}
}

/** `:id`, an application's id: anything else names no application (404 Not Found). */
export const applicationParams = z.object({ id: z.string().refine(isUuid) });

/**
 * What a route that takes {reason} declares (ReasonInput: why staff send it
 * again, quarantine it): every problem, the body's as a whole too, under
 * `reason`, with its message as `error`.
 */
export const withReason = {
  schema: {
    params: applicationParams,
    body: deskBody(z.object({ reason: actionReason }, { error: GIVE_A_REASON })),
  },
  config: { invalidInput: { rootField: "reason" } },
};

/** What a change did: its audit details (the action's: AuditDetails), and whether it queued a delivery or e-mails. */
export interface ActionResult<A extends AuditAction = AuditAction> {
  details?: AuditDetails[A];
  queued?: boolean;
  /** Nothing changed (the same work status set again): no audit row. */
  unchanged?: boolean;
  mailQueued?: number;
}

export function applicationActions(app: FastifyInstance) {
  const inboxRepository = createInboxRepository(app.store);
  const repository = createApplicationRepository(app.store);
  const optOuts = createOptOutRepository(app.store, app.config.desk.timeZone);

  /** The application as GET /api/desk/applications/:id answers it, or undefined. */
  async function detail(id: string, db?: Queryable): Promise<ApplicationDetail | undefined> {
    const shown = await inboxRepository.show(id, db);
    if (!shown) return undefined;
    const appId = String(shown.application.id);
    return toDetail(
      shown,
      await repository.actions(appId, db),
      await repository.mail(appId, db),
      await repository.activities(appId, db),
      // Only text-message opt-outs: the consent on the lead is to be texted.
      await optOuts.find({ phone: String(shown.application.phone ?? "") }),
    );
  }

  /**
   * Runs one action in a transaction with the application locked: `change`
   * returns what it did, or throws a Refusal. Answers the new detail.
   */
  async function act<A extends AuditAction>(
    request: FastifyRequest & { params: { id: string } },
    reply: FastifyReply,
    action: A,
    change: (tx: Queryable, found: LockedApplication) => Promise<ActionResult<A>>,
  ): Promise<ApplicationDetail | FastifyReply | undefined> {
    const { id } = request.params;
    if (!isUuid(id)) return reply.code(404).send(NOT_FOUND);
    try {
      const { queued, mailQueued } = await app.store.transaction(async (tx) => {
        const found = await repository.lock(tx, id);
        if (!found) throw new Refusal(404, NOT_FOUND.error);
        const result = await change(tx, found);
        if (!result.unchanged) {
          const details = [result.details] as DetailsArgs<A>;
          await app.desk.audit.record(auditRecord(request, action, found.id, ...details), tx);
        }
        return result;
      });
      // The delivery worker takes it at once rather than at its next poll.
      if (queued) notifyDeliveryQueued();
      if (mailQueued) notifyMailQueued();
    } catch (error) {
      if (error instanceof Refusal) return reply.code(error.status).send({ error: error.error });
      throw error;
    }
    return detail(id);
  }

  return { detail, act };
}
