/**
 * Test helpers for the lead desk's API: staff accounts made the way people
 * make them (an invitation, a password, an authenticator app), through HTTP.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import type { App } from "../../server/app";
import { createInvitations } from "../../server/staff/invitation-repository";

/** Headers a same-origin page of the desk sends (inject adds the JSON content type with a payload). */
export function deskHeaders(app: App, cookie?: string): Record<string, string> {
  return { origin: new URL(app.config.siteUrl).origin, ...(cookie ? { cookie } : {}) };
}

/** The `name=value` pairs a response set (cleared cookies left out), as a Cookie header. */
export function cookiesFrom(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== "" && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

/** The current code an authenticator app would show for this base32 secret. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp });
}

/** An invitation link made directly in the store (as the CLI does); returns its token. */
export async function inviteToken(
  app: App,
  input: { email: string | null; role: "staff" | "admin"; purpose?: "setup" | "invite" },
): Promise<string> {
  const invitations = createInvitations({
    store: app.store,
    siteUrl: app.config.siteUrl,
    ttlMs: app.config.desk.inviteTtlMs,
  });
  const { url } = await invitations.create({ purpose: input.purpose ?? "invite", ...input });
  return url.split("/").pop()!;
}

/** A staff account with TOTP enrolled and a signed-in session on this app; returns the Cookie header value and the account. */
export async function signedInStaff(
  app: App,
  options: { role?: "staff" | "admin"; email?: string } = {},
): Promise<{ cookie: string; userId: string; email: string; password: string; totpSecret: string }> {
  const email = options.email ?? `staff-${randomUUID().slice(0, 8)}@example.test`;
  const password = `desk test ${randomUUID()}`;
  const token = await inviteToken(app, { email, role: options.role ?? "staff" });

  const accepted = await app.inject({
    method: "POST",
    url: `/api/desk/invitations/${token}/accept`,
    headers: deskHeaders(app),
    payload: { password },
  });
  if (accepted.statusCode !== 201) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const totpSecret: string = accepted.json().enrolment.secret;

  const confirmed = await app.inject({
    method: "POST",
    url: "/api/desk/enrolment/confirm",
    headers: deskHeaders(app, cookiesFrom(accepted)),
    payload: { code: totpCode(totpSecret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);

  const cookie = cookiesFrom(confirmed);
  const me = await app.inject({ method: "GET", url: "/api/desk/me", headers: { cookie } });
  if (me.statusCode !== 200) throw new Error(`me: ${me.statusCode} ${me.body}`);
  return { cookie, userId: me.json().id, email, password, totpSecret };
}

/**
 * A staff account whose invitation was accepted (password chosen) but whose
 * authenticator was never confirmed: it exists, and cannot sign in.
 */
export async function unconfirmedStaff(
  app: App,
  options: { role?: "staff" | "admin" } = {},
): Promise<{ userId: string; email: string }> {
  const email = `unconfirmed-${randomUUID().slice(0, 8)}@example.test`;
  const token = await inviteToken(app, { email, role: options.role ?? "staff" });
  const accepted = await app.inject({
    method: "POST",
    url: `/api/desk/invitations/${token}/accept`,
    headers: deskHeaders(app),
    payload: { password: `desk test ${randomUUID()}` },
  });
  if (accepted.statusCode !== 201) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const { rows } = await app.store.query<{ id: string }>("SELECT id FROM desk_user WHERE email = $1", [
    email,
  ]);
  if (!rows[0]) throw new Error(`no account for ${email}`);
  return { userId: rows[0].id, email };
}

/**
 * Both sign-in steps (password, then a TOTP code `offsetSteps` periods from now,
 * so one test can sign in more than once without reusing a code). Returns the
 * code step's response (its cookies are the new session).
 */
export async function signIn(
  app: App,
  account: { email: string; password: string; totpSecret: string },
  options: { offsetSteps?: number; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const password = await app.inject({
    method: "POST",
    url: "/api/desk/sign-in",
    headers: { ...deskHeaders(app), ...options.headers },
    payload: { email: account.email, password: account.password },
    remoteAddress: options.remoteAddress,
  });
  if (password.statusCode !== 200) throw new Error(`sign-in: ${password.statusCode} ${password.body}`);
  return app.inject({
    method: "POST",
    url: "/api/desk/sign-in/code",
    headers: { ...deskHeaders(app, cookiesFrom(password)), ...options.headers },
    payload: { code: totpCode(account.totpSecret, Date.now() + (options.offsetSteps ?? 0) * 30_000) },
    remoteAddress: options.remoteAddress,
  });
}
