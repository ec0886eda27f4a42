/**
 * How input that fails its route's schema is answered: through the one error
 * handler, in the one shape, with the schema's own messages, worded per part
 * (body, query string, path) and per route (config.invalidInput). A small app
 * with the project's error handler and validator, routes declared as the real
 * ones are.
 */
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import "#domain/lib/zod-config";
import errorHandler from "./error-handler";
import inputSchemas, { invalidInputOfRequest } from "./input-schemas";

const app = Fastify();
const seen: unknown[] = [];

beforeAll(async () => {
  await app.register(errorHandler);
  await app.register(inputSchemas);
  app.addHook("onResponse", async (request) => {
    seen.push(invalidInputOfRequest(request)?.problems.map((problem) => problem.code));
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const body = z
    .strictObject(
      { note: z.string({ error: "Write a note" }).max(5, { error: "Too long" }) },
      "Send an object",
    )
    .superRefine((value, ctx) => {
      if (value.note === "no") ctx.addIssue({ code: "custom", path: ["note"], message: "Not that" });
    });
  api.post("/body", { schema: { body } }, async (request) => request.body);
  api.post(
    "/rules",
    {
      schema: {
        body: z.object({ items: z.array(z.object({ max: z.number({ error: "max is a number" }) })) }),
      },
      config: {
        invalidInput: {
          rootField: "items",
          fullPath: true,
          headline: (field, message) => `${field}: ${message}`,
        },
      },
    },
    async () => ({}),
  );
  api.post(
    "/fixed",
    { schema: { body: z.object({ a: z.string() }) }, config: { invalidInput: { error: "One sentence" } } },
    async () => ({}),
  );
  api.get(
    "/query",
    {
      schema: {
        querystring: z.strictObject({ q: z.string().max(3, { error: "must be short" }).optional() }),
      },
    },
    async (request) => request.query,
  );
  api.get(
    "/alone",
    {
      schema: {
        querystring: z.object({ n: z.string().regex(/^\d$/, { error: "n is not valid" }).optional() }),
      },
      config: { invalidInput: { messageOnly: true } },
    },
    async () => ({}),
  );
  api.get(
    "/things/:id",
    {
      schema: { params: z.object({ id: z.string().regex(/^\d+$/) }) },
      config: { invalidInput: { notFound: "No such thing" } },
    },
    async (request) => request.params,
  );
  await app.ready();
});

afterAll(() => app.close());

const post = (url: string, payload: unknown) =>
  app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });

it("a body: each field's first problem by name, unknown fields named, the first message as error", async () => {
  const bad = await post("/body", { note: "far too long", extra: 1 });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({
    error: "Too long",
    errors: { note: "Too long", extra: "“extra” is not a field of this request" },
  });
  expect((await post("/body", { note: "no" })).json()).toEqual({
    error: "Not that",
    errors: { note: "Not that" },
  });
  // The body as a whole: its message is the error.
  expect((await post("/body", [1])).json()).toEqual({ error: "Send an object", errors: {} });
  // What passes reaches the handler parsed; the refusal's codes stay with the request.
  expect((await post("/body", { note: "ok" })).json()).toEqual({ note: "ok" });
  expect(seen.slice(-4)).toEqual([["too_big", "unrecognized_keys"], ["custom"], ["invalid_type"], undefined]);
});

it("a route's own wording: whole paths, a field for the whole body, its headline, one sentence", async () => {
  expect((await post("/rules", { items: [{ max: 1 }, { max: "x" }] })).json()).toEqual({
    error: "items.1.max: max is a number",
    errors: { "items.1.max": "max is a number" },
  });
  expect((await post("/rules", "nothing")).json().errors).toEqual({ items: expect.any(String) });
  expect((await post("/fixed", {})).json()).toEqual({ error: "One sentence" });
});

it("a query string: unknown parameters first, each named in the headline; or the message alone", async () => {
  const bad = await app.inject({ method: "GET", url: "/query?q=long&x=1" });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({
    error: "x is not a parameter here",
    errors: { x: "is not a parameter here", q: "must be short" },
  });
  expect((await app.inject({ method: "GET", url: "/query?q=ok" })).json()).toEqual({ q: "ok" });
  expect((await app.inject({ method: "GET", url: "/alone?n=xx" })).json()).toEqual({
    error: "n is not valid",
  });
});

it("path parameters that name nothing: 404", async () => {
  const missing = await app.inject({ method: "GET", url: "/things/abc" });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ error: "No such thing" });
  expect((await app.inject({ method: "GET", url: "/things/12" })).json()).toEqual({ id: "12" });
});
