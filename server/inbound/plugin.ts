/**
 * The inbound webhook: other systems report back about applications and
 * people. `POST /api/inbound/<source>` for each source of sources.ts (the
 * CRM's stage reports, the booking service's booked calls, the texting
 * platform's and the CRM's opt-outs), each event type of
 * event-types.ts. The contract a sender's admin follows is
 * docs/inbound-webhooks.md.
 *
 * Not a desk route: no session, no cookie, no same-origin rule; the sender
 * proves itself by a Standard Webhooks signature over the raw body or by a
 * fixed token (verify.ts). Then, in this order, each refusal changing nothing:
 * - a source with neither a secret nor a token set: 404 saying so;
 * - no or wrong signature or token: 401;
 * - a time outside INBOUND_TOLERANCE, or a body that is not a well-formed
 *   event this source may send: 400 naming the field (envelope.ts); over
 *   64 KiB: 413; not `application/json`: 415;
 * - an application id or reference that matches none: 404.
 * An accepted event is handled in one transaction: its id taken (a repeat
 * answers `200 {"duplicate": true}` and changes nothing, also when two
 * instances receive it at once), the application locked, the event type's
 * change made, what it did stored with the id, and an audit row by no actor
 * (the system). The answer is `200 {"duplicate": false, "outcome", "applicationId"}`
 * (an opt-out's applicationId is null).
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { createBookedCallAlerts } from "../booked-calls/booked-call-alerts";
import { createAuditRepository } from "../audit/audit-repository";
import { createOptOutRepository } from "../opt-outs/opt-out-repository";
import type { Store } from "../store/store";
import { readEvent, type ReadEvent } from "./envelope";
import { EVENT_TYPES } from "./event-types";
import { UnknownApplication, type EventType, type HandlerContext } from "./inbound-event";
import { inboundRepository as repository } from "./inbound-repository";
import { SOURCES } from "./sources";
import { createVerifier } from "./verify";

/** An event is a few hundred bytes; 64 KiB leaves room for what senders add. */
export const INBOUND_BODY_LIMIT = 64 * 1024;

export interface InboundPluginOptions {
  config: Config;
  store: Store;
}

/** What an accepted event answers. */
export interface InboundAnswer {
  duplicate: boolean;
  outcome: string;
  applicationId: string | null;
}

const inbound: FastifyPluginAsync<InboundPluginOptions> = async (app, { config, store }) => {
  const audit = createAuditRepository(store);
  const context: HandlerContext = {
    optOuts: createOptOutRepository(store, config.desk.timeZone),
    bookedCalls: createBookedCallAlerts(store, config),
  };

  // The signature covers the body's bytes as sent, so the body is kept raw
  // here (for these routes only: this plugin is its own context) and read
  // once it is verified. The server's JSON clean-up (plugins/json-body.ts)
  // sees no parsed body and leaves it alone; envelope.ts cleans the parsed one.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: INBOUND_BODY_LIMIT },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    },
  );
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  async function receive(request: FastifyRequest, source: string, event: ReadEvent): Promise<InboundAnswer> {
    const key = { source, id: event.id };
    const result = await store.transaction(async (tx) => {
      if (!(await repository.claim(tx, key, event.type, event.occurredAt))) return undefined;
      const type: EventType = EVENT_TYPES[event.type];
      const done = await type.handle(tx, { source, ...event }, context);
      await repository.settle(tx, key, done.applicationId, done.outcome);
      await audit.record(
        {
          actorId: null,
          actorEmail: null,
          ...done.audit,
          target: done.applicationId ?? undefined,
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        },
        tx,
      );
      return done;
    });
    if (!result) return { duplicate: true, ...(await repository.earlier(store, key)) };
    result.afterCommit?.();
    return { duplicate: false, outcome: result.outcome, applicationId: result.applicationId };
  }

  for (const [name, source] of Object.entries(SOURCES)) {
    const verifier = createVerifier(source, config.inbound);
    app.post(`/api/inbound/${name}`, { bodyLimit: INBOUND_BODY_LIMIT }, async (request, reply) => {
      if (!verifier) {
        return reply.code(404).send({
          error:
            `This webhook is not set up on this server: its operator sets ` +
            `${source.secretSetting} or ${source.tokenSetting} to take ${source.label}'s events`,
        });
      }
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const at = Date.now();
      const verified = verifier.verify(request.headers, raw, at);
      if (!verified.ok) return reply.code(verified.status).send({ error: verified.error });
      const read = readEvent(raw, source, verified.sender, at, config.inbound.toleranceMs);
      if (!read.ok) return reply.code(400).send(read.body);
      try {
        const answer = await receive(request, name, read.event);
        request.log.info(
          { component: "inbound", source: name, eventId: read.event.id, type: read.event.type, ...answer },
          "inbound event",
        );
        return answer;
      } catch (error) {
        if (!(error instanceof UnknownApplication)) throw error;
        const message = "matches no application";
        return reply
          .code(404)
          .send({ error: `${error.field} ${message}`, errors: { [error.field]: message } });
      }
    });
  }
};

export default inbound;
