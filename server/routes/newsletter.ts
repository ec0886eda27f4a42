import type { FastifyPluginAsync } from "fastify";
import { fieldErrors } from "~/features/application/schema";
import { newsletterSchema } from "~/features/newsletter/schema";
import { isJsonObject, jsonPostOptions } from "../plugins/json-body";

/** The footer form's hidden field; people never see it, bots fill it. */
export const NEWSLETTER_HONEYPOT = "website";

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
