/**
 * The public side of privacy requests (docs/privacy-requests.md):
 *
 * POST /api/privacy-requests   the form at /privacy-request, a plain form post
 *   (application/x-www-form-urlencoded; JSON is taken too). Every valid request
 *   gets the same answer, whoever the address belongs to: a page saying to
 *   follow the link e-mailed (or, asked with `Accept: application/json`,
 *   `201 {"next":"verify"}`). Bad input: 400, the same page listing what to fix
 *   (or `{"error","errors"}`). Rate-limited per IP across instances. Another
 *   site's post (a foreign Origin, Sec-Fetch-Site: cross-site): 403, the
 *   form's refusal page, nothing stored.
 * GET  /api/privacy-requests/verify?token=   a page whose button POSTs (mail
 *   scanners open links; opening it verifies nothing).
 * POST /api/privacy-requests/verify?token=   verifies the request, once.
 * GET  /api/privacy-requests/package?token=[&format=json]   a page whose button
 *   POSTs (opening the link opens nothing); 410 expired, 404 unknown.
 * POST /api/privacy-requests/package?token=[&format=json]   an access request's
 *   copy of the data, gathered now, as a page or JSON; each opening audited
 *   (privacy-request.package-opened); 410 expired, 404 unknown.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PRIVACY_ANSWER_WITHIN_DAYS,
  PRIVACY_VERIFY_TTL_HOURS,
  privacyRequestSchema,
} from "#domain/privacy/request";
import { formatLongZoned, type MailSettings } from "../mail/compose";
import { badRequest, type InvalidInputWording } from "../plugins/input-schemas";
import { BODY_LIMIT } from "../plugins/json-body";
import { linkTokenQuery } from "../site/link-token";
import type { Store } from "../store/store";
import {
  FORM_TYPE,
  acceptFormPosts,
  formErrorPages,
  formFields,
  refuseCrossSiteForm,
  sendFormTrouble,
  sendNoticePage,
  type PublicForm,
} from "../site/notice-page";
import { notifyOptOutQueued } from "../crm-delivery/opt-out-outbox";
import { createOptOutRepository } from "../opt-outs/opt-out-repository";
import { accessPackageLink, openAccessPackage } from "./access-package";
import { describeClient } from "./client-description";
import { honourStopRequest, type AuditWriter } from "./stop-requests";
import { renderAccessPackagePage } from "./access-package-page";
import { createPrivacyRequestsRepository, type VerifyState } from "./privacy-requests-repository";

export interface PrivacyRoutesOptions {
  store: Store;
  settings: MailSettings & { desk: { timeZone: string } };
  /** The desk's audit log, for the opt-outs a stop request records. */
  audit: AuditWriter;
}

const FORM: PublicForm = {
  name: "privacy request form",
  takes: "what you are asking for, your name, your e-mail address and a few details",
  back: { href: "/privacy-request", label: "Back to the privacy request form" },
};

const contentTypeOf = (request: FastifyRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();

const wantsJson = (request: FastifyRequest) => /application\/json/i.test(request.headers.accept ?? "");

function sendPage(
  reply: FastifyReply,
  code: number,
  page: { title: string; paragraphs: string[]; form?: { action: string; button: string }; back?: boolean },
) {
  const { back, ...notice } = page;
  return sendNoticePage(reply, code, { ...notice, link: back ? FORM.back : undefined });
}

/** The answer to every valid request, known address or not. */
const RECEIVED = {
  title: "Check your e-mail",
  paragraphs: [
    "If the address you gave is yours, an e-mail from us is on its way to it with a link to confirm the request.",
    `We act on a request only once it is confirmed, and answer within ${PRIVACY_ANSWER_WITHIN_DAYS} days of that. The link works for ${PRIVACY_VERIFY_TTL_HOURS} hours; an unconfirmed request is then removed.`,
  ],
};

const VERIFY_PAGES: Record<
  VerifyState | "done" | "missing",
  { code: number; title: string; text: string[] }
> = {
  valid: {
    code: 200,
    title: "Confirm your privacy request",
    text: ["One more click confirms that the request is yours, and it goes to our team."],
  },
  done: {
    code: 200,
    title: "Your request is confirmed",
    text: [
      `Thank you. Our team will answer it within ${PRIVACY_ANSWER_WITHIN_DAYS} days, by e-mail to this address.`,
    ],
  },
  used: {
    code: 410,
    title: "This link was already used",
    text: ["If you confirmed your request, we have it and there is nothing more to do."],
  },
  expired: {
    code: 410,
    title: "This link has expired",
    text: [
      `Confirmation links work for ${PRIVACY_VERIFY_TTL_HOURS} hours. Send the request again from our privacy request page for a new one.`,
    ],
  },
  invalid: {
    code: 404,
    title: "This link is not valid",
    text: [
      "It may have been used already: if you confirmed your request, we have it. Otherwise check that you copied the whole link.",
    ],
  },
  missing: { code: 400, title: "This link is incomplete", text: ["Check that you copied the whole link."] },
};

/** A request's problems: each field's first, one with the request as a whole under `_form`. */
const REQUEST_PROBLEMS: InvalidInputWording = { rootField: "_form" };

/** ?token=&format=json: the copy as a JSON download (any other format: the page). */
const packageQuery = linkTokenQuery.extend({ format: z.literal("json").optional().catch(undefined) });

const privacyRoutes: FastifyPluginAsync<PrivacyRoutesOptions> = async (
  plugin,
  { store, settings, audit },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const requests = createPrivacyRequestsRepository(store, settings);
  const ledger = createOptOutRepository(store, settings.desk.timeZone);

  // The request form's posts, and the verify button's.
  acceptFormPosts(app, BODY_LIMIT);

  // The request form in a context of its own: what is refused before its
  // handler (size, encoding, the rate limit) is a page for a browser's post,
  // JSON for a caller that asks for it.
  await app.register(async (plugin) => {
    const form = plugin.withTypeProvider<ZodTypeProvider>();
    form.setErrorHandler(
      formErrorPages(FORM, {
        answersJson: wantsJson,
        invalid: (invalid) => ({
          title: "Please check the form",
          paragraphs: [
            ...Object.values(badRequest(invalid, REQUEST_PROBLEMS).body.errors ?? {}),
            "Go back to the form: what you entered is still there.",
          ],
        }),
      }),
    );
    form.post(
      "/api/privacy-requests",
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: {}, invalidInput: REQUEST_PROBLEMS },
        onRequest: [
          refuseCrossSiteForm(FORM, wantsJson),
          async (request, reply) => {
            const type = contentTypeOf(request);
            if (type === FORM_TYPE || type === "application/json") return;
            if (!wantsJson(request)) return sendFormTrouble(reply, FORM, 415);
            return reply.code(415).send({ error: `Content-Type must be ${FORM_TYPE} or application/json` });
          },
        ],
        // A form post's fields as the schema reads them; a JSON body as it is.
        preValidation: async (request: FastifyRequest) => {
          if (request.body instanceof URLSearchParams) request.body = formFields(request.body);
        },
        schema: { body: privacyRequestSchema },
      },
      async (request, reply) => {
        const json = wantsJson(request);
        await requests.submit(request.body, {
          ip: request.ip,
          userAgent: request.headers["user-agent"],
        });
        if (json) return reply.code(201).send({ next: "verify" });
        return sendPage(reply, 200, RECEIVED);
      },
    );
  });

  const verifyPage = (reply: FastifyReply, state: VerifyState | "done" | "missing", token?: string) => {
    const page = VERIFY_PAGES[state];
    return sendPage(reply, page.code, {
      title: page.title,
      paragraphs: page.text,
      form:
        state === "valid" && token
          ? {
              action: `/api/privacy-requests/verify?token=${encodeURIComponent(token)}`,
              button: "Confirm my request",
            }
          : undefined,
      back: state === "expired",
    });
  };

  const withToken = { schema: { querystring: linkTokenQuery } };
  app.get("/api/privacy-requests/verify", withToken, async (request, reply) => {
    const { token } = request.query;
    if (!token) return verifyPage(reply, "missing");
    return verifyPage(reply, await requests.tokenState(token), token);
  });

  app.post("/api/privacy-requests/verify", withToken, async (request, reply) => {
    const { token } = request.query;
    if (!token) return verifyPage(reply, "missing");
    let optOutsQueued = false;
    const state = await requests.verify(token, async (tx, verified) => {
      const recorded = await honourStopRequest(tx, verified, ledger, audit);
      if (recorded.length > 0) optOutsQueued = true;
    });
    if (optOutsQueued) notifyOptOutQueued();
    return verifyPage(reply, state === "valid" ? "done" : state);
  });

  const packageUrl = (token: string, format?: "json") =>
    `/api/privacy-requests/package?token=${encodeURIComponent(token)}${format ? "&format=json" : ""}`;
  const packageRefused = (reply: FastifyReply, expired: boolean) =>
    sendPage(reply, expired ? 410 : 404, {
      title: expired ? "This link has expired" : "This link is not valid",
      paragraphs: [
        expired
          ? "Links to a copy of your data work for 7 days. Ask again from our privacy request page."
          : "Check that you copied the whole link.",
      ],
      back: expired,
    });

  // An access request's copy of the data, through the link staff sent.
  // Following the link (GET, HEAD: what a mail scanner does) shows a button
  // and opens nothing; the button's POST opens the copy, and each opening is
  // in the audit log, shown with the request in the desk's queue.
  const withPackageToken = { schema: { querystring: packageQuery } };
  app.get("/api/privacy-requests/package", withPackageToken, async (request, reply) => {
    const { token, format } = request.query;
    const link = token ? await accessPackageLink(store, token) : undefined;
    if (!token || !link || link.state !== "valid") return packageRefused(reply, link?.state === "expired");
    return sendPage(reply, 200, {
      title: "Your copy of your data",
      paragraphs: [
        `This link opens a copy of the data we hold about ${link.email}, gathered when you open it. ` +
          `It works until ${formatLongZoned(link.expiresAt, settings.desk.timeZone)}.`,
        "Each opening is recorded, with its time and the browser it came from, and our team can see it.",
      ],
      form: { action: packageUrl(token, format), button: "Show my data" },
    });
  });

  app.post("/api/privacy-requests/package", withPackageToken, async (request, reply) => {
    const { token } = request.query;
    const found = token ? await openAccessPackage(store, token) : undefined;
    if (!token || !found || found.state !== "valid") return packageRefused(reply, found?.state === "expired");
    const format = request.query.format ?? "page";
    await audit(
      {
        actorId: null,
        actorEmail: null,
        action: "privacy-request.package-opened",
        target: found.requestId,
        details: { email: found.data.email, format, client: describeClient(request.headers["user-agent"]) },
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      },
      store,
    );
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex, nofollow");
    if (format === "json") {
      return reply
        .header("content-disposition", 'attachment; filename="my-data.json"')
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(found.data, null, 2));
    }
    return reply
      .type("text/html; charset=utf-8")
      .send(renderAccessPackagePage(found.data, packageUrl(token, "json"), settings.desk.timeZone));
  });
};

export default privacyRoutes;
