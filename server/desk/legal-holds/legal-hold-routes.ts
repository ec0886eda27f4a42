/**
 * Legal holds (docs/retention.md): what must be kept however old it is,
 * outside every purge and deletion, while a matter is open.
 *   GET  /api/desk/applications/:id/legal-holds  (staff) Items<LegalHold>: the holds on it or its
 *                                                applicant's address, active first, with history
 *   POST /api/desk/applications/:id/legal-holds  (admin) ApplicationHoldInput -> 201 LegalHold: hold
 *                                                it (scope "email": every record of its applicant)
 *   GET  /api/desk/legal-holds?email=            (staff) Items<LegalHold> on that address; the
 *                                                look-up is audited (legal-holds.looked-up)
 *   POST /api/desk/legal-holds                   (admin) EmailHoldInput -> 201 LegalHold
 *   POST /api/desk/legal-holds/:holdId/release   (admin) HoldReleaseInput -> LegalHold; 409 when
 *                                                released already
 * Every change is one transaction with its audit row (legal-hold.set,
 * legal-hold.released); a hold is never deleted.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Items, LegalHold } from "#domain/desk/contract";
import { holdReason as reason, NOT_AN_OBJECT } from "#domain/desk/inputs";
import { emailAddress } from "#domain/lib/email";
import {
  applicantEmail,
  findHolds,
  lockHold,
  releaseHold,
  setHold,
  type HoldTarget,
} from "../../retention/legal-hold-repository";
import { applicationParams, NOT_FOUND } from "../application/application-action";
import { auditRecord } from "../audit/audit-request";
import { requireRole } from "../auth/guard";
import { deskBody } from "../body";
import { deskQuery } from "../query";

const applicationHoldBody = z.strictObject(
  {
    reason,
    scope: z
      .enum(["application", "email"], { error: "Choose what to hold: application or email" })
      .default("application"),
  },
  NOT_AN_OBJECT,
);
const emailHoldBody = z.strictObject(
  { email: emailAddress({ lowercase: true, messageWhenMissing: true }), reason },
  NOT_AN_OBJECT,
);
const releaseBody = z.strictObject({ reason }, NOT_AN_OBJECT);
const emailQuery = deskQuery({ email: emailAddress({ lowercase: true, messageWhenMissing: true }) });

/** `:holdId`, a hold's id: the table's bigint, as digits; anything else is 404 Not Found. */
const holdParams = z.object({ holdId: z.string().regex(/^[1-9][0-9]{0,17}$/) });

const legalHoldRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const staff = { preValidation: requireRole("staff") };
  const admin = { preValidation: requireRole("admin") };
  const actor = (request: { staff?: { userId: string; name: string; email: string } }) => ({
    id: request.staff!.userId,
    name: request.staff!.name || request.staff!.email,
  });

  const onApplication = { schema: { params: applicationParams } };
  app.get(
    "/api/desk/applications/:id/legal-holds",
    { ...staff, ...onApplication },
    async (request, reply) => {
      const { id } = request.params;
      if ((await applicantEmail(app.store, id)) === undefined) return reply.code(404).send(NOT_FOUND);
      return { items: await findHolds(app.store, { applicationId: id }) } satisfies Items<LegalHold>;
    },
  );

  app.get("/api/desk/legal-holds", { ...staff, schema: { querystring: emailQuery } }, async (request) => {
    const { email } = request.query;
    const items = await findHolds(app.store, { email });
    await app.desk.audit.record(
      auditRecord(request, "legal-holds.looked-up", undefined, { email, found: items.length }),
    );
    return { items } satisfies Items<LegalHold>;
  });

  const applicationHold = { schema: { params: applicationParams, body: deskBody(applicationHoldBody) } };
  app.post(
    "/api/desk/applications/:id/legal-holds",
    { ...admin, ...applicationHold },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      const hold = await app.store.transaction(async (tx) => {
        const email = await applicantEmail(tx, id);
        if (email === undefined) return undefined;
        const target: HoldTarget = input.scope === "email" ? { email } : { applicationId: id };
        const set = await setHold(tx, target, input.reason, actor(request));
        await app.desk.audit.record(
          auditRecord(request, "legal-hold.set", id, {
            holdId: set.id,
            scope: input.scope,
            ...(input.scope === "email" && { email }),
            reason: input.reason,
          }),
          tx,
        );
        return set;
      });
      if (!hold) return reply.code(404).send(NOT_FOUND);
      return reply.code(201).send(hold satisfies LegalHold);
    },
  );

  app.post(
    "/api/desk/legal-holds",
    { ...admin, schema: { body: deskBody(emailHoldBody) } },
    async (request, reply) => {
      const input = request.body;
      const hold = await app.store.transaction(async (tx) => {
        const set = await setHold(tx, { email: input.email }, input.reason, actor(request));
        await app.desk.audit.record(
          auditRecord(request, "legal-hold.set", undefined, {
            holdId: set.id,
            scope: "email",
            email: input.email,
            reason: input.reason,
          }),
          tx,
        );
        return set;
      });
      return reply.code(201).send(hold satisfies LegalHold);
    },
  );

  app.post(
    "/api/desk/legal-holds/:holdId/release",
    { ...admin, schema: { params: holdParams, body: deskBody(releaseBody) } },
    async (request, reply) => {
      const { holdId } = request.params;
      const input = request.body;
      const outcome = await app.store.transaction(async (tx) => {
        const found = await lockHold(tx, holdId);
        if (!found) return { status: 404 as const };
        const released = await releaseHold(tx, holdId, input.reason, actor(request));
        if (!released) return { status: 409 as const };
        await app.desk.audit.record(
          auditRecord(request, "legal-hold.released", released.applicationId ?? undefined, {
            holdId,
            scope: released.applicationId ? "application" : "email",
            ...(released.email && { email: released.email }),
            reason: input.reason,
            heldReason: released.reason,
          }),
          tx,
        );
        return { status: 200 as const, hold: released };
      });
      if (outcome.status === 404) return reply.code(404).send(NOT_FOUND);
      if (outcome.status === 409) return reply.code(409).send({ error: "This hold was released already" });
      return outcome.hold satisfies LegalHold;
    },
  );
};

export default legalHoldRoutes;
