import { describe, expect, it } from "vitest";
import { NEWSLETTER_FORM_ACTION } from "#domain/newsletter/form-action";
import { ENGINES, useTestApp } from "../../test/support/server";

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * The footer's newsletter form sent by the browser itself (before its code
 * has arrived, or without JavaScript): its fields travel in the body and it
 * gets a page back, never JSON.
 */
describe.each(ENGINES)("POST /api/newsletter/form (the newsletter form as plain HTML) on %s", (engine) => {
  const ctx = useTestApp(engine);

  const post = (body: string, type = FORM_TYPE) =>
    ctx.app.inject({
      method: "POST",
      url: NEWSLETTER_FORM_ACTION,
      headers: { "content-type": type },
      payload: body,
    });
  const subscribers = async () =>
    (await ctx.db.store.query("SELECT email, status, spam_reason FROM newsletter_subscribers ORDER BY id"))
      .rows;
  const confirmations = async () =>
    (await ctx.db.store.query("SELECT kind, to_address FROM mail_outbox ORDER BY id")).rows;

  it("subscribes the address, pending confirmation, and answers a page saying where the link went", async () => {
    const response = await post(
      new URLSearchParams({ email: " Founder@Example.com ", website: "" }).toString(),
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.body).toContain("Almost there!");
    expect(response.body).toContain(
      "Check your inbox: we sent a link to founder@example.com to confirm your subscription.",
    );
    expect(response.body).toContain('href="/"');
    expect(await subscribers()).toEqual([
      { email: "founder@example.com", status: "pending", spam_reason: null },
    ]);
    expect(await confirmations()).toEqual([expect.objectContaining({ to_address: "founder@example.com" })]);
  });

  it.each(["email=nope", "email=", ""])(
    "answers 400 with a page naming the fix for %j, storing nothing",
    async (body) => {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("Check your e-mail address");
      expect(response.body).toContain("Please enter a valid email address");
      expect(await subscribers()).toEqual([]);
    },
  );

  it("keeps a honeypot hit as spam behind the same page", async () => {
    const response = await post("email=bot%40example.com&website=https%3A%2F%2Fspam.example");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Almost there!");
    expect(await subscribers()).toEqual([
      { email: "bot@example.com", status: "spam", spam_reason: "honeypot" },
    ]);
  });

  it("refuses JSON and too large a body with pages of their own", async () => {
    const json = await post(JSON.stringify({ email: "a@b.co" }), "application/json");
    expect(json.statusCode).toBe(415);
    expect(json.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(json.body).toContain("Use the newsletter form on our site");
    const large = await post(`email=a%40b.co&pad=${"x".repeat(8000)}`);
    expect(large.statusCode).toBe(413);
    expect(large.body).toContain("The form takes an e-mail address, nothing more.");
    expect(await subscribers()).toEqual([]);
  });
});
