import type { FastifyPluginAsync } from "fastify";
import {
  HONEYPOT_FIELD,
  SMS_CONSENT_VERSION,
  applicationRequestSchema,
  smsConsentVersions,
} from "#domain/application/schema";
import { fieldErrors } from "#domain/lib/field-errors";
import { isJsonObject, jsonPostOptions } from "../plugins/json-body";

const clip = (value: string | undefined, max: number) => (value ? value.slice(0, max) : undefined);

/**
 * POST /api/applications
 *   201 {id}                 stored (also for honeypot hits, which are kept as spam)
 *   200 {id}                 this submissionId was stored before: the first id, nothing new stored
 *   400 {errors: {field: message}} | {error}   schema errors / body not a JSON object or not JSON
 *   413 {error}  415 {error}  429 {error} + Retry-After
 */
const applications: FastifyPluginAsync = async (app) => {
  app.post("/api/applications", jsonPostOptions, async (request, reply) => {
    if (!isJsonObject(request.body)) {
      return reply.code(400).send({ error: "Request body must be a JSON object" });
    }
    const parsed = applicationRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ errors: fieldErrors(parsed.error) });

    // What the request carries besides the application itself; the rest is the
    // application (the CRM payload builder picks and orders its fields).
    const {
      submissionId,
      attribution,
      pageUrl,
      consentVersion = SMS_CONSENT_VERSION,
      [HONEYPOT_FIELD]: honeypot,
      ...application
    } = parsed.data;
    const result = await app.applications.create({
      submissionId,
      application,
      timestamp: new Date().toISOString(),
      spamReason: honeypot?.trim() ? "honeypot" : undefined,
      clientIp: request.ip,
      userAgent: clip(request.headers["user-agent"], 1000),
      attribution,
      consent: {
        text: smsConsentVersions[consentVersion],
        version: consentVersion,
        pageUrl: pageUrl || clip(request.headers.referer, 2000),
      },
    });
    return reply.code(result.created ? 201 : 200).send({ id: result.id });
  });
};

export default applications;
