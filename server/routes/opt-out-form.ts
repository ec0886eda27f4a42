/**
 * POST /api/opt-out: the site's public opt-out form (/opt-out), a plain HTML
 * form that works without JavaScript (application/x-www-form-urlencoded).
 *   303 -> /opt-out/received  recorded: a number's texts and/or an address's
 *        marketing e-mail stop (web-form, in the ledger, to the CRM); the same
 *        answer whether or not we know the number or the address
 *   400  a small HTML page naming what to fix (nothing recorded)
 *   413, 415, 429  a small HTML page too (429: rate-limited per IP, the
 *        counters every instance shares)
 * The page the visitor lands on never says whether the number or address was
 * known: every accepted request appends to the ledger alike.
 */
import type { FastifyError, FastifyPluginAsync, FastifyReply } from "fastify";
import {
  OPT_OUT_PAGE_PATH,
  OPT_OUT_RECEIVED_PATH,
  OPT_OUT_FORM_ACTION,
  optOutFormSchema,
} from "#domain/opt-out/form";
import { notifyOptOutQueued } from "../crm-delivery/opt-out-outbox";
import { createAuditRepository } from "../desk/audit/audit-repository";
import { renderNoticePage } from "../mail/newsletter-mail";
import type { NewOptOut } from "../opt-outs/opt-out-repository";
import { createOptOutRepository } from "../opt-outs/opt-out-repository";
import { optOutAuditDetails, recordOptOut } from "../opt-outs/record-opt-out";

/** Two short fields; a form body beyond this is not ours. */
const FORM_BODY_LIMIT = 4096;

function sendPage(reply: FastifyReply, code: number, title: string, paragraphs: string[]) {
  return reply
    .code(code)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex, nofollow")
    .send(
      renderNoticePage({
        title,
        paragraphs,
        link: { href: OPT_OUT_PAGE_PATH, label: "Back to the opt-out form" },
      }),
    );
}

const TROUBLE: Record<413 | 415 | 429, [string, string[]]> = {
  413: ["That was too much to send", ["The form takes a phone number and an e-mail address, nothing more."]],
  415: ["Send the form from our page", ["Use the opt-out form on our site to send your request."]],
  429: ["Too many requests", ["Please wait a minute, then send the form again."]],
};

const optOutForm: FastifyPluginAsync = async (app) => {
  const ledger = createOptOutRepository(app.store, app.config.desk.timeZone);
  const audit = createAuditRepository(app.store);

  // This plugin's own context: the form's encoding, read as text and parsed here.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  // Refusals before the handler (size, encoding, the rate limit) are pages too, never JSON.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413 || status === 429) return sendPage(reply, status, ...TROUBLE[status]);
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return sendPage(reply, 415, ...TROUBLE[415]);
    if (status >= 400 && status < 500)
      return sendPage(reply, 400, "Check what you sent", [error.message.slice(0, 200)]);
    request.log.error({ err: error, url: request.url }, "request failed");
    return sendPage(reply, 500, "Something went wrong", [
      "Your request was not recorded. Please try again in a minute.",
    ]);
  });

  app.post(
    OPT_OUT_FORM_ACTION,
    { bodyLimit: FORM_BODY_LIMIT, config: { rateLimit: {} } },
    async (request, reply) => {
      if (!(request.body instanceof URLSearchParams)) return sendPage(reply, 415, ...TROUBLE[415]);
      const parsed = optOutFormSchema.safeParse({
        phone: request.body.get("phone") ?? undefined,
        email: request.body.get("email") ?? undefined,
      });
      if (!parsed.success) {
        const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
        return sendPage(reply, 400, "Check what you entered", messages);
      }
      const { phone, email } = parsed.data;
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
