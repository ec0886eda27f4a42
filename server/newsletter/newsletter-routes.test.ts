import { describe, expect, it } from "vitest";
import { ENGINES, useTestApp } from "../../test/support/server";

describe.each(ENGINES)("POST /api/newsletter and GET /healthz on %s", (engine) => {
  const ctx = useTestApp(engine);

  const subscribe = (payload: unknown, type = "application/json") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": type },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const subscribers = async () =>
    (await ctx.db.store.query("SELECT email, status, spam_reason FROM newsletter_subscribers ORDER BY id"))
      .rows;

  it("stores a valid address once, pending its owner's confirmation; every sign-up gets the same answer", async () => {
    const first = await subscribe({ email: "  Founder@Example.com " });
    const again = await subscribe({ email: "founder@example.com" });

    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ next: "confirm" });
    // A repeat looks the same: the form tells no one who is on the list.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ next: "confirm" });
    expect(await subscribers()).toEqual([
      { email: "founder@example.com", status: "pending", spam_reason: null },
    ]);
  });

  it.each([{ email: "nope" }, { email: "" }, {}, { email: 42 }])(
    "answers 400 {errors: {email}} for %j",
    async (body) => {
      const response = await subscribe(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "Please enter a valid email address",
        errors: { email: "Please enter a valid email address" },
      });
      expect(await subscribers()).toEqual([]);
    },
  );

  it("stores a honeypot hit as spam and answers an ordinary success", async () => {
    const response = await subscribe({ email: "bot@example.com", website: "https://spam.example" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ next: "confirm" });
    expect(await subscribers()).toEqual([
      { email: "bot@example.com", status: "spam", spam_reason: "honeypot" },
    ]);
  });

  it("lets the person's own sign-up replace a bot's use of the address", async () => {
    await subscribe({ email: "victim@example.com", website: "x" });
    expect((await subscribe({ email: "victim@example.com" })).statusCode).toBe(201);
    expect(await subscribers()).toEqual([
      { email: "victim@example.com", status: "pending", spam_reason: null },
    ]);
  });

  it("answers 415 for a form post, 413 over the limit, 400 for bad JSON", async () => {
    expect((await subscribe("email=a%40b.co", "application/x-www-form-urlencoded")).statusCode).toBe(415);
    expect((await subscribe({ email: "a@b.co", pad: "x".repeat(20_000) })).statusCode).toBe(413);
    const bad = await subscribe("{");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Request body is not valid JSON" });
    expect(await subscribers()).toEqual([]);
  });

  it("GET /healthz answers 200 {status: ok} when the store answers", async () => {
    const response = await ctx.app.inject("/healthz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});
