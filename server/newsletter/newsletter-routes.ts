import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NEWSLETTER_FORM_ACTION } from "#domain/newsletter/form-action";
import { NEWSLETTER_HONEYPOT } from "#domain/newsletter/honeypot";
import { newsletterRequestSchema } from "#domain/newsletter/schema";
import { siteFacts } from "#domain/site-facts";
import { jsonPostOptions, requireJsonObject } from "../plugins/json-body";
import { linkTokenQuery } from "../site/link-token";
import {
  acceptFormPosts,
  formErrorPages,
  formFields,
  sendFormTrouble,
  sendNoticePage,
  type PublicForm,
} from "../site/notice-page";
import type { TokenState } from "./newsletter-repository";

/** Every sign-up gets the same answer, so the form cannot tell anyone who is on the list. */
const SIGN_UP_ANSWER = { next: "confirm" } as const;

/**
 * POST /api/newsletter
 *   201 {next: "confirm"}   the address waits for its owner to confirm (also for honeypot
 *                           hits, kept as spam, and for addresses already on the list)
 *   400 {error, errors: {email}} | {error}   413, 415, 429 as for applications
 */
const signUp: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const route = {
    ...jsonPostOptions,
    preValidation: requireJsonObject,
    schema: { body: newsletterRequestSchema },
  };
  app.post("/api/newsletter", route, async (request, reply) => {
    await subscribe(app, request, request.body.email, request.body[NEWSLETTER_HONEYPOT]);
    return reply.code(201).send(SIGN_UP_ANSWER);
  });
};

/** One sign-up, from either form: a filled honeypot keeps it as spam. */
async function subscribe(app: FastifyInstance, request: FastifyRequest, email: string, honeypot: unknown) {
  const isSpam = honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== "";
  await app.newsletter.subscribe({
    email,
    spamReason: isSpam ? "honeypot" : undefined,
    ip: request.ip,
    userAgent: request.headers["user-agent"]?.slice(0, 1000),
  });
}

/** An address and the honeypot; a form body beyond this is not ours. */
const FORM_BODY_LIMIT = 4096;

const FORM: PublicForm = {
  name: "newsletter form",
  takes: "an e-mail address",
  back: { href: "/", label: `Back to ${siteFacts.brand}` },
};

/**
 * POST /api/newsletter/form: the footer form as a plain HTML form
 * (application/x-www-form-urlencoded), for a visitor whose browser sends it
 * before the form's code has arrived, or without JavaScript.
 *   200  a page: check your inbox (the same for every valid address, as above)
 *   400  a page naming what to fix (nothing stored)
 *   413, 415, 429  a page too (429: rate-limited per IP, as the JSON sign-up is)
 */
const formSignUp: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  acceptFormPosts(app, FORM_BODY_LIMIT);
  app.setErrorHandler(
    formErrorPages(FORM, {
      invalid: ({ problems }) => ({
        title: "Check your e-mail address",
        paragraphs: [...new Set(problems.map((problem) => problem.message))],
      }),
    }),
  );
  app.post(
    NEWSLETTER_FORM_ACTION,
    {
      bodyLimit: FORM_BODY_LIMIT,
      config: { rateLimit: {} },
      // The form's fields as the schema reads them: a missing address is an empty one.
      preValidation: async (request, reply) => {
        if (!(request.body instanceof URLSearchParams)) return sendFormTrouble(reply, FORM, 415);
        const fields = formFields(request.body);
        request.body = { email: fields.email ?? "", [NEWSLETTER_HONEYPOT]: fields[NEWSLETTER_HONEYPOT] };
      },
      schema: { body: newsletterRequestSchema },
    },
    async (request, reply) => {
      const { email } = request.body;
      await subscribe(app, request, email, request.body[NEWSLETTER_HONEYPOT]);
      return sendNoticePage(reply, 200, {
        title: "Almost there!",
        paragraphs: [`Check your inbox: we sent a link to ${email} to confirm your subscription.`],
        link: FORM.back,
      });
    },
  );
};

type Action = "confirm" | "unsubscribe";

const PAGES: Record<
  Action,
  Record<TokenState | "done" | "missing", { code: number; title: string; text: string[] }>
> = {
  confirm: {
    valid: {
      code: 200,
      title: "Confirm your subscription",
      text: ["One more click and you will receive our funding insights."],
    },
    done: {
      code: 200,
      title: "You're subscribed",
      text: ["Thank you for confirming. Every issue has a link to unsubscribe."],
    },
    used: {
      code: 410,
      title: "This link was already used",
      text: ["If you confirmed your subscription, you are on the list and there is nothing more to do."],
    },
    expired: {
      code: 410,
      title: "This link has expired",
      text: [
        "Confirmation links work for 7 days. Subscribe again from the footer of our site for a new one.",
      ],
    },
    invalid: { code: 404, title: "This link is not valid", text: ["Check that you copied the whole link."] },
    missing: { code: 400, title: "This link is incomplete", text: ["Check that you copied the whole link."] },
  },
  unsubscribe: {
    valid: {
      code: 200,
      title: "Unsubscribe",
      text: ["Unsubscribe this address from our funding insights?"],
    },
    done: {
      code: 200,
      title: "You're unsubscribed",
      text: ["You will not receive our funding insights any more."],
    },
    used: { code: 200, title: "You're unsubscribed", text: [] },
    expired: { code: 200, title: "You're unsubscribed", text: [] },
    invalid: { code: 404, title: "This link is not valid", text: ["Check that you copied the whole link."] },
    missing: { code: 400, title: "This link is incomplete", text: ["Check that you copied the whole link."] },
  },
};

function sendPage(
  reply: FastifyReply,
  action: Action,
  state: TokenState | "done" | "missing",
  token?: string,
) {
  const page = PAGES[action][state];
  const form =
    state === "valid" && token
      ? {
          action: `/api/newsletter/${action}?token=${encodeURIComponent(token)}`,
          button: action === "confirm" ? "Confirm my subscription" : "Unsubscribe",
        }
      : undefined;
  return sendNoticePage(reply, page.code, { title: page.title, paragraphs: page.text, form });
}

/**
 * The links in newsletter e-mails. GET shows a page with a button (mail
 * scanners that open links must not confirm or unsubscribe anyone); the
 * button POSTs. POST /api/newsletter/unsubscribe?token= is also the one-click
 * unsubscribe mailbox providers send (RFC 8058: body "List-Unsubscribe=One-Click",
 * form-encoded or multipart), so these POSTs accept any small body and ignore it.
 */
const links: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const withToken = { schema: { querystring: linkTokenQuery } };
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, undefined),
  );

  for (const action of ["confirm", "unsubscribe"] as const) {
    app.get(`/api/newsletter/${action}`, withToken, async (request, reply) => {
      const { token } = request.query;
      if (!token) return sendPage(reply, action, "missing");
      return sendPage(reply, action, await app.newsletter.tokenState(token, action), token);
    });
    app.post(`/api/newsletter/${action}`, withToken, async (request, reply) => {
      const { token } = request.query;
      if (!token) return sendPage(reply, action, "missing");
      const state =
        action === "confirm" ? await app.newsletter.confirm(token) : await app.newsletter.unsubscribe(token);
      return sendPage(reply, action, state === "valid" ? "done" : state);
    });
  }
};

const newsletter: FastifyPluginAsync = async (app) => {
  await app.register(signUp);
  await app.register(formSignUp);
  await app.register(links);
};

export default newsletter;
