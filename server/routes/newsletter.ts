import type { FastifyPluginAsync } from "fastify";
import { NEWSLETTER_HONEYPOT } from "~/features/newsletter/honeypot";
import { newsletterSchema } from "~/features/newsletter/schema";
import { fieldErrors } from "~/lib/field-errors";
import { isJsonObject, jsonPostOptions } from "../plugins/json-body";

/**
 * POST /api/newsletter
 *   201 {subscribed: true}   new address (also for honeypot hits, kept as spam)
 *   200 {subscribed: true}   already on the list
 *   400 {errors: {email}} | {error}   413, 415, 429 as for applications
 */
const newsletter: FastifyPluginAsync = async (app) => {
  app.post("/api/newsletter", jsonPostOptions, async (request, reply) => {
    if (!isJsonObject(request.body)) {
      return reply.code(400).send({ error: "Request body must be a JSON object" });
    }
    const parsed = newsletterSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ errors: fieldErrors(parsed.error) });

    const honeypot = request.body[NEWSLETTER_HONEYPOT];
    const isSpam = honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "";
    const { created } = await app.newsletter.subscribe({
      email: parsed.data.email,
      spamReason: isSpam ? "honeypot" : undefined,
      ip: request.ip,
      userAgent: request.headers["user-agent"]?.slice(0, 1000),
    });
    return reply.code(created || isSpam ? 201 : 200).send({ subscribed: true });
  });
};

export default newsletter;
