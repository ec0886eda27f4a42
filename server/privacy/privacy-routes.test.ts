import { beforeEach, describe, expect, it } from "vitest";
import { ENGINES, useTestApp, useTwoInstances } from "../../test/support/server";
import { submit } from "../../test/support/desk-applications";
import { verifiedRequest } from "../../test/support/privacy-requests";
import { createPrivacyRequestsRepository } from "./privacy-requests-repository";

const FORM = "application/x-www-form-urlencoded";

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const validFields = {
  kind: "access",
  email: "  Owner@Example.com ",
  name: "Dana Owner",
  details: "",
};

/** The link in the newest verification e-mail to `to`. */
const TOKEN_IN_MAIL = /\/api\/privacy-requests\/verify\?token=([A-Za-z0-9_-]{43})/;

describe.each(ENGINES)("privacy requests from the public form on %s", (engine) => {
  const ctx = useTestApp(engine);
  beforeEach(() => ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE"));

  const submit = (body: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "content-type": FORM, ...headers },
      payload: body,
    });
  const requests = async () =>
    (
      await ctx.db.store.query<Record<string, unknown>>(
        "SELECT kind, email, name, details, status, verified_at IS NOT NULL AS verified FROM privacy_requests ORDER BY created_at",
      )
    ).rows;
  const mails = async () =>
    (
      await ctx.db.store.query<{ kind: string; to_address: string; subject: string; text: string }>(
        "SELECT kind, to_address, subject, text FROM mail_outbox ORDER BY id",
      )
    ).rows;
  const tokenFor = async (to: string) => {
    const mail = (await mails()).filter((m) => m.to_address === to).at(-1);
    const token = mail?.text.match(TOKEN_IN_MAIL)?.[1];
    if (!token) throw new Error(`no verification link to ${to}`);
    return token;
  };
  const verifyUrl = (token: string) => `/api/privacy-requests/verify?token=${token}`;

  it("stores an unverified request and e-mails its owner a link; the answer is a page", async () => {
    const response = await submit(form(validFields));

    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Check your e-mail");
    expect(await requests()).toEqual([
      {
        kind: "access",
        email: "owner@example.com",
        name: "Dana Owner",
        details: "",
        status: "unverified",
        verified: false,
      },
    ]);
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: "privacy-verify", to_address: "owner@example.com" });
    expect(mail.text).toContain("Send me a copy of my data");
    expect(mail.text).toMatch(TOKEN_IN_MAIL);
  });

  it("answers an address we hold exactly as one we have never seen", async () => {
    await ctx.db.store.query(
      `INSERT INTO newsletter_subscribers (email, status) VALUES ('known@example.com', 'subscribed')`,
    );
    const known = await submit(form({ ...validFields, email: "known@example.com" }));
    const unknown = await submit(form({ ...validFields, email: "stranger@example.com" }));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    const asJson = await submit(form({ ...validFields, email: "known@example.com" }), {
      accept: "application/json",
    });
    expect(asJson.statusCode).toBe(201);
    expect(asJson.json()).toEqual({ next: "verify" });
  });

  it("verifies once through the link's button, never by opening the link", async () => {
    await submit(form({ ...validFields, kind: "delete" }));
    const token = await tokenFor("owner@example.com");

    const opened = await ctx.app.inject(verifyUrl(token));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(`action="/api/privacy-requests/verify?token=${token}"`);
    expect((await requests())[0]).toMatchObject({ status: "unverified" });

    const confirmed = await ctx.app.inject({ method: "POST", url: verifyUrl(token) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("Your request is confirmed");
    expect((await requests())[0]).toMatchObject({ status: "new", verified: true });
    const { rows } = await ctx.db.store.query<{ days: number }>(
      "SELECT extract(epoch FROM due_at - verified_at) / 86400 AS days FROM privacy_requests",
    );
    expect(Math.round(Number(rows[0].days))).toBe(30);

    const replay = await ctx.app.inject({ method: "POST", url: verifyUrl(token) });
    expect(replay.statusCode).toBe(410);
    expect(replay.body).toContain("already used");
  });

  it("refuses an expired link and removes expired unverified requests, keeping verified ones", async () => {
    await submit(form(validFields));
    await submit(form({ ...validFields, email: "kept@example.com" }));
    const expiring = await tokenFor("owner@example.com");
    await ctx.app.inject({ method: "POST", url: verifyUrl(await tokenFor("kept@example.com")) });
    await ctx.db.store.query(
      "UPDATE privacy_requests SET token_expires_at = now() - interval '1 second', created_at = now() - interval '2 days'",
    );

    const late = await ctx.app.inject({ method: "POST", url: verifyUrl(expiring) });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain("expired");

    // The sweep every instance runs.
    const repository = createPrivacyRequestsRepository(ctx.db.store, ctx.app.config);
    expect(await repository.removeExpired()).toBe(1);
    expect(await requests()).toEqual([expect.objectContaining({ email: "kept@example.com", status: "new" })]);
    expect((await ctx.app.inject(verifyUrl(expiring))).statusCode).toBe(404);
  });

  it.each([
    ["an unknown kind", { ...validFields, kind: "sell" }, "kind", "Choose what you are asking for"],
    ["a bad address", { ...validFields, email: "nope" }, "email", "Please enter a valid email address"],
    ["a blank name", { ...validFields, name: "   " }, "name", "Please enter your name"],
    [
      "a name of control characters",
      { ...validFields, name: "\u0000\u0007" },
      "name",
      "Please enter your name",
    ],
    [
      "a correction without details",
      { ...validFields, kind: "correct" },
      "details",
      "Please tell us what to correct",
    ],
    [
      "details over 2000 characters",
      { ...validFields, details: "x".repeat(2001) },
      "details",
      "Please keep the details under 2000 characters",
    ],
  ])(
    "refuses %s with a clear message, storing and sending nothing",
    async (_case, fields, field, message) => {
      const asPage = await submit(form(fields));
      expect(asPage.statusCode).toBe(400);
      expect(asPage.headers["content-type"]).toMatch(/^text\/html/);
      expect(asPage.body).toContain(message);
      expect(asPage.body).toContain('href="/privacy-request"');

      const asJson = await submit(form(fields), { accept: "application/json" });
      expect(asJson.statusCode).toBe(400);
      expect(asJson.json()).toEqual({ error: message, errors: { [field]: message } });
      expect(await requests()).toEqual([]);
      expect(await mails()).toEqual([]);
    },
  );

  it("answers hostile bodies with 4xx and a message, never a 500", async () => {
    const cases = [
      await submit(""),
      await submit("kind=access&kind=delete&email=a%40b.co&name=x&name=", { accept: "application/json" }),
      await submit("%%%&&&==="),
      await submit("[1,2]", { "content-type": "application/json" }),
      await submit("kind=access", { "content-type": "text/plain" }),
      await submit(form({ ...validFields, details: "y".repeat(20_000) })),
      await ctx.app.inject({ method: "POST", url: "/api/privacy-requests/verify?token=short" }),
      await ctx.app.inject(`/api/privacy-requests/verify?token=${"A".repeat(43)}`),
    ];
    expect(cases.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 415, 413, 400, 404]);
    for (const response of cases) expect(response.body).not.toMatch(/Internal Server Error|at .*\.ts/);
    expect(await requests()).toEqual([]);
  });

  it("sends one address at most three verification e-mails a day, and answers the fourth alike", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await submit(form(validFields))).body);
    expect(new Set(answers).size).toBe(1);
    expect(await mails()).toHaveLength(3);
    expect(await requests()).toHaveLength(3);
  });
});

/** What a browser sends with a form post: it asks for a page. */
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

describe.each(ENGINES)("the public form's refusals before its handler on %s", (engine) => {
  const ctx = useTestApp(engine, { env: { RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW: "1m" } });
  beforeEach(() => ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE"));

  let nextAddress = 1;
  /** Each test posts from an address of its own, so only its own posts count toward the limit. */
  const poster = () => {
    const remoteAddress = `198.51.100.${nextAddress++}`;
    return (body: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: "POST", url: "/api/privacy-requests", headers, payload: body, remoteAddress });
  };
  const stored = async () =>
    Number(
      (await ctx.db.store.query<{ n: string }>("SELECT count(*)::text AS n FROM privacy_requests")).rows[0].n,
    );
  const expectPage = (
    response: Awaited<ReturnType<ReturnType<typeof poster>>>,
    status: number,
    title: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.body).toContain(`<h1>${title}</h1>`);
    expect(response.body).toContain('href="/privacy-request"');
    expect(response.body).not.toMatch(/"error"|at .*\.ts/);
  };

  it("answers a browser's post over 16 KiB with a page (413), a JSON caller with JSON", async () => {
    const post = poster();
    const huge = form({ ...validFields, details: "y".repeat(20_000) });
    const page = await post(huge, { "content-type": FORM, accept: BROWSER_ACCEPT });
    expectPage(page, 413, "That was too much to send");
    expect(page.body).toContain("The form takes what you are asking for");

    const json = await post(huge, { "content-type": FORM, accept: "application/json" });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ error: "Request body is too large" });
    expect(await stored()).toBe(0);
  });

  it("answers a browser's post that is not a form with a page (415), a JSON caller with JSON", async () => {
    const post = poster();
    for (const type of ["text/plain", "multipart/form-data; boundary=x", "application/xml"]) {
      const page = await post("kind=access", { "content-type": type, accept: BROWSER_ACCEPT });
      expectPage(page, 415, "Send the form from our page");
      expect(page.body).toContain("Use the privacy request form on our site");
    }
    const json = await post("kind=access", { "content-type": "text/plain", accept: "application/json" });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      error: "Content-Type must be application/x-www-form-urlencoded or application/json",
    });
    expect(await stored()).toBe(0);
  });

  it("answers a browser's post over the rate limit with a page and Retry-After (429), a JSON caller with JSON", async () => {
    const post = poster();
    const headers = { "content-type": FORM, accept: BROWSER_ACCEPT };
    for (let i = 0; i < 3; i++) expect((await post(form(validFields), headers)).statusCode).toBe(200);
    const page = await post(form(validFields), headers);
    expectPage(page, 429, "Too many requests");
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);

    const json = await post(form(validFields), { ...headers, accept: "application/json" });
    expect(json.statusCode).toBe(429);
    expect(json.headers["content-type"]).toMatch(/^application\/json/);
    expect(json.json()).toEqual({ error: expect.stringMatching(/rate limit/i) });
    expect(Number(json.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored()).toBe(3);
  });
});

describe("the public form's limit across two instances (PostgreSQL)", () => {
  const ctx = useTwoInstances({ env: { RATE_LIMIT_MAX: "20", RATE_LIMIT_WINDOW: "1m" } });

  it("lets 20 of 200 concurrent posts from one address through, whichever instance takes them", async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 ? ctx.first : ctx.second).inject({
          method: "POST",
          url: "/api/privacy-requests",
          headers: { "content-type": FORM, accept: "application/json" },
          payload: form({ ...validFields, email: `person${i}@example.com` }),
          remoteAddress: "203.0.113.9",
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(180);
  });
});

describe.each(ENGINES)("a verified request to stop texts or e-mail on %s", (engine) => {
  const ctx = useTestApp(engine);
  beforeEach(() => ctx.db.store.exec("TRUNCATE privacy_requests, mail_outbox CASCADE"));

  const optOutsOf = async (note: string) =>
    (
      await ctx.db.store.query<{
        channel: string;
        phone: string | null;
        email: string | null;
        received_via: string;
      }>("SELECT channel, phone, email, received_via FROM opt_outs WHERE note = $1 ORDER BY id", [note])
    ).rows;
  const requestOf = async (email: string) =>
    (
      await ctx.db.store.query<{ id: string; status: string }>(
        "SELECT id::text AS id, status FROM privacy_requests WHERE email = $1",
        [email],
      )
    ).rows[0];

  it("records the address's e-mail opt-out when verified, tells the CRM, audits it and completes the request", async () => {
    const email = `stop-${engine}-${Date.now()}@example.com`;
    await ctx.db.store.query(`INSERT INTO newsletter_subscribers (email, status) VALUES ($1, 'subscribed')`, [
      email,
    ]);
    await verifiedRequest(ctx.app, ctx.db.store, { kind: "stop-email", email });
    const request = await requestOf(email);
    expect(request.status).toBe("completed");
    expect(await optOutsOf(`Privacy request ${request.id}`)).toEqual([
      { channel: "email", phone: null, email, received_via: "web-form" },
    ]);
    const newsletter = await ctx.db.store.query<{ status: string }>(
      "SELECT status FROM newsletter_subscribers WHERE email = $1",
      [email],
    );
    expect(newsletter.rows[0].status).toBe("unsubscribed");
    const queued = await ctx.db.store.query<{ payload: { email: string } }>(
      "SELECT payload FROM opt_out_outbox o JOIN opt_outs x ON x.id = o.opt_out_id WHERE x.note = $1",
      [`Privacy request ${request.id}`],
    );
    expect(queued.rows).toHaveLength(1);
    const audit = await ctx.db.store.query<{ action: string; actor_id: string | null }>(
      "SELECT action, actor_id FROM desk_audit_log WHERE target = $1",
      [request.id],
    );
    expect(audit.rows).toEqual([{ action: "consent.opt-out-recorded", actor_id: null }]);
  });

  it("stops texts to every number the address's applications gave; without one it waits for staff", async () => {
    const email = `texts-${engine}-${Date.now()}@example.com`;
    await submit(ctx.app, { email, phone: "+1 212 555 0177" });
    await submit(ctx.app, { email, phone: "(212) 555-0177" });
    await submit(ctx.app, { email, phone: "+1 718 555 0101" });
    await verifiedRequest(ctx.app, ctx.db.store, { kind: "stop-sms", email });
    const request = await requestOf(email);
    expect(request.status).toBe("completed");
    expect((await optOutsOf(`Privacy request ${request.id}`)).map((row) => row.channel)).toEqual([
      "sms",
      "sms",
    ]);

    const stranger = `nobody-${engine}-${Date.now()}@example.com`;
    await verifiedRequest(ctx.app, ctx.db.store, { kind: "stop-sms", email: stranger });
    expect((await requestOf(stranger)).status).toBe("new");
  });
});
