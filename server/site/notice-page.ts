/**
 * The small server-rendered pages the public forms and the e-mails' links
 * answer with (the privacy request form, the opt-out form, the newsletter's
 * and privacy requests' links): one way to send such a page, one way to take
 * a plain HTML form post, and one set of pages for what is refused before a
 * handler runs (too large, not a form, too many).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cleanJson } from "../clean-text";
import { renderNoticePage, type NoticePageProps } from "../mail/compose";
import { crossSite } from "../plugins/same-origin";
import { invalidInputOf, rememberInvalidInput, type InvalidInput } from "../plugins/input-schemas";

/** The encoding a browser posts an HTML form in. */
export const FORM_TYPE = "application/x-www-form-urlencoded";

/** Sends a notice page: HTML, never cached (it may answer a token's link), never indexed. */
export function sendNoticePage(reply: FastifyReply, code: number, page: NoticePageProps) {
  return reply
    .code(code)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("x-robots-tag", "noindex, nofollow")
    .send(renderNoticePage(page));
}

/**
 * Takes plain HTML form posts in this plugin's context: the body, at most
 * `bodyLimit` bytes, becomes URLSearchParams (left as sent: the app's cleaning
 * of bodies passes it by; `formFields` cleans).
 */
export function acceptFormPosts(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit }, (_request, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
}

/**
 * A form body as an object: each field's last value (a repeated field cannot
 * smuggle a second one in), control characters dropped (clean-text.ts).
 */
export function formFields(params: URLSearchParams): Record<string, string> {
  return cleanJson(Object.fromEntries(params));
}

/** A public form, as its refusal pages speak of it. */
export interface PublicForm {
  /** Its name in a sentence: "opt-out form". */
  name: string;
  /** What it takes, for the page that refuses too large a body: "a phone number and an e-mail address". */
  takes: string;
  /** The way back to it, on every refusal. */
  back: { href: string; label: string };
}

type Trouble = 403 | 413 | 415 | 429;

const TROUBLE: Record<Trouble, (form: PublicForm) => Pick<NoticePageProps, "title" | "paragraphs">> = {
  403: (form) => ({
    title: "Send the form from our own page",
    paragraphs: [
      `This request came from another website, so we did not act on it: nothing was recorded.`,
      `If you meant to send it, use the ${form.name} on our site.`,
    ],
  }),
  413: (form) => ({
    title: "That was too much to send",
    paragraphs: [`The form takes ${form.takes}, nothing more.`],
  }),
  415: (form) => ({
    title: "Send the form from our page",
    paragraphs: [`Use the ${form.name} on our site to send your request.`],
  }),
  429: () => ({
    title: "Too many requests",
    paragraphs: ["Please wait a minute, then send the form again."],
  }),
};

/**
 * A refused form post as a page: sent by another site (403), too large (413),
 * not a form (415), too many (429).
 */
export function sendFormTrouble(reply: FastifyReply, form: PublicForm, status: Trouble) {
  return sendNoticePage(reply, status, { ...TROUBLE[status](form), link: form.back });
}

/**
 * An onRequest hook for a public form's post: another site's page (a foreign
 * `Origin`, `Sec-Fetch-Site: cross-site`; plugins/same-origin.ts) cannot make
 * a visitor's browser send the form in their name. The browser gets the
 * form's own refusal page (403, nothing recorded); a caller that
 * `answersJson` picks gets `{"error"}`.
 */
export function refuseCrossSiteForm(form: PublicForm, answersJson?: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!crossSite(request)) return;
    if (answersJson?.(request)) return reply.code(403).send({ error: "Cross-site request refused" });
    return sendFormTrouble(reply, form, 403);
  };
}

/** The page for a form post its route's schema refused: what to fix, in the schema's words. */
export type InvalidFormPage = (invalid: InvalidInput) => Pick<NoticePageProps, "title" | "paragraphs">;

/**
 * An error handler for a form's plugin: what is refused before its handler
 * (size, encoding, the rate limit, whose Retry-After stays) is a page too,
 * never JSON; a 500 is a page with no detail (the log has it). A post its
 * route's schema refuses is a 400 page, `invalid`'s (plugins/input-schemas.ts).
 * A request `answersJson` picks is passed on to the app's JSON error handler.
 */
export function formErrorPages(
  form: PublicForm,
  {
    answersJson,
    invalid,
  }: { answersJson?: (request: FastifyRequest) => boolean; invalid?: InvalidFormPage } = {},
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (answersJson?.(request)) throw error;
    const refused = invalid && invalidInputOf(error);
    if (refused) {
      rememberInvalidInput(request, refused);
      request.log.info({ code: error.code, status: 400, url: request.url }, "form input refused");
      return sendNoticePage(reply, 400, { ...invalid(refused), link: form.back });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || status === 429) return sendFormTrouble(reply, form, status);
    if (status === 415 || error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return sendFormTrouble(reply, form, 415);
    if (status >= 400 && status < 500)
      return sendNoticePage(reply, 400, {
        title: "Check what you sent",
        paragraphs: [error.message.slice(0, 200)],
        link: form.back,
      });
    request.log.error({ err: error, url: request.url }, "request failed");
    return sendNoticePage(reply, 500, {
      title: "Something went wrong",
      paragraphs: ["Your request was not recorded. Please try again in a minute."],
      link: form.back,
    });
  };
}
