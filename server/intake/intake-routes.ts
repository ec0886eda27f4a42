import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { applicationRequestSchema } from "#domain/application/schema";
import { jsonPostOptions, requireJsonObject } from "../plugins/json-body";
import type { Intake } from "./intake";

/**
 * POST /api/applications
 *   201 {id, reference, bookingToken, roomLink}   stored (also for honeypot hits, which are kept in quarantine);
 *                            reference: the receipt's number ("HL-…"), null when the server sends no e-mail;
 *                            bookingToken: the booking link's token (booking-token.ts);
 *                            roomLink: the document room's link (server/room/room-link.ts), null without e-mail
 *   200 {id, reference, bookingToken, roomLink}   this submissionId was stored before: the first one's,
 *                            nothing new stored; roomLink null (only its hash is kept: the receipt has it)
 *   400 {error, errors: {field: message}} | {error}   schema errors (the route's schema, the one
 *                            error handler's answer) / body not a JSON object or not JSON
 *   413 {error}  415 {error}  429 {error} + Retry-After
 * HTTP only: the schema validates, the intake (intake.ts) stores and notifies.
 */
const intakeRoutes: FastifyPluginAsync<{ intake: Intake }> = async (plugin, { intake }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const route = {
    ...jsonPostOptions,
    preValidation: requireJsonObject,
    schema: { body: applicationRequestSchema },
  };
  app.post("/api/applications", route, async (request, reply) => {
    const result = await intake.submit(request.body, {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
      referer: request.headers.referer,
    });
    return reply.code(result.created ? 201 : 200).send({
      id: result.id,
      reference: result.reference,
      bookingToken: result.bookingToken,
      roomLink: result.roomLink,
    });
  });
};

export default intakeRoutes;
