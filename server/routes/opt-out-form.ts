/**
 * POST /api/opt-out: the site's public opt-out form (/opt-out), a plain HTML
 * form that works without JavaScript (application/x-www-form-urlencoded).
 *   303 -> /opt-out/received  recorded: a number's texts and/or an address's
 *        marketing e-mail stop (web-form, in the ledger, to the CRM); the same
 *        answer whether or not we know the number or the address
 *   400  a small HTML page naming what to fix (nothing recorded)
 *   403  a small HTML page: another site's page sent it (a foreign Origin,
 *        Sec-Fetch-Site: cross-site); nothing recorded
 *   413, 415, 429  a small HTML page too (429: rate-limited per IP, the
 *        counters every instance shares)
 * The page the visitor lands on never says whether the number or address was
 * known: every accepted request appends to the ledger alike.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  OPT_OUT_PAGE_PATH,
  OPT_OUT_RECEIVED_PATH,
  OPT_OUT_FORM_ACTION,
  optOutFormSchema,
} from "#domain/opt-out/form";
import { notifyOptOutQueued } from "../crm-delivery/opt-out-outbox";
import { createAuditRepository } from "../audit/audit-repository";
import type { NewOptOut } from "../opt-outs/opt-out-repository";
import { createOptOutRepository } from "../opt-outs/opt-out-repository";
import { optOutAuditDetails, recordOptOut } from "../opt-outs/record-opt-out";
import {
  acceptFormPosts,
  formErrorPages,
  refuseCrossSiteForm,
  sendFormTrouble,
  type PublicForm,
} from "../site/notice-page";

/** Two short fields; a form body beyond this is not ours. */
const FORM_BODY_LIMIT = 4096;

const FORM: PublicForm = {
  name: "opt-out form",
  takes: "a phone number and an e-mail address",
  back: { href: OPT_OUT_PAGE_PATH, label: "Back to the opt-out form" },
};

const optOutForm: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const ledger = createOptOutRepository(app.store, app.config.desk.timeZone);
  const audit = createAuditRepository(app.store);

  // This plugin's own context: the form's encoding, and refusals before the
  // handler (size, encoding, the rate limit) and what its schema refuses as
  // pages too, never JSON.
  acceptFormPosts(app, FORM_BODY_LIMIT);
  app.setErrorHandler(
    formErrorPages(FORM, {
      invalid: ({ problems }) => ({
        title: "Check what you entered",
        paragraphs: [...new Set(problems.map((problem) => problem.message))],
      }),
    }),
  );

  app.post(
    OPT_OUT_FORM_ACTION,
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: {} },
      onRequest: refuseCrossSiteForm(FORM),
      // The form's two fields as the schema reads them (each one's first value).
      preValidation: async (request, reply) => {
        if (!(request.body instanceof URLSearchParams)) return sendFormTrouble(reply, FORM, 415);
        request.body = {
          phone: request.body.get("phone") ?? undefined,
          email: request.body.get("email") ?? undefined,
        };
      },
      schema: { body: optOutFormSchema },
    },
    async (request, reply) => {
      const { phone, email } = request.body;
      const asked: NewOptOut[] = [
        ...(phone ? [{ channel: "sms" as const, phone, email: null }] : []),
        ...(email ? [{ channel: "email" as const, phone: null, email }] : []),
      ].map((optOut) => ({
        ...optOut,
        receivedVia: "web-form",
        note: null,
        recordedBy: null,
        receivedAt: null,
      }));
      await app.store.transaction(async (tx) => {
        for (const optOut of asked) {
          const recorded = await recordOptOut(tx, ledger, optOut);
          await audit.record(
            {
              actorId: null,
              actorEmail: null,
              action: "consent.opt-out-recorded",
              details: { source: "web-form", ...optOutAuditDetails(recorded) },
              ip: request.ip,
              userAgent: request.headers["user-agent"],
            },
            tx,
          );
        }
      });
      notifyOptOutQueued();
      return reply
        .code(303)
        .header("location", OPT_OUT_RECEIVED_PATH)
        .header("cache-control", "no-store")
        .send();
    },
  );
};

export default optOutForm;
