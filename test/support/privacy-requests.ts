/**
 * Privacy requests as a visitor makes them: the public form's post, then the
 * link in the verification e-mail (read from the mail outbox) followed.
 */
import type { App } from "../../server/app";
import type { Store } from "../../server/store/store";

/** The link in a verification e-mail. */
export const VERIFY_LINK = /\/api\/privacy-requests\/verify\?token=([A-Za-z0-9_-]{43})/;

export const requestForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the public form; returns the response. */
export function postRequest(app: App, fields: Record<string, string>, accept = "text/html") {
  return app.inject({
    method: "POST",
    url: "/api/privacy-requests",
    headers: { "content-type": "application/x-www-form-urlencoded", accept },
    payload: requestForm(fields),
  });
}

/** The token in the newest verification e-mail to `to`. */
export async function verificationToken(store: Store, to: string): Promise<string> {
  const { rows } = await store.query<{ text: string }>(
    "SELECT text FROM mail_outbox WHERE kind = 'privacy-verify' AND to_address = $1 ORDER BY id DESC LIMIT 1",
    [to],
  );
  const token = rows[0]?.text.match(VERIFY_LINK)?.[1];
  if (!token) throw new Error(`no verification e-mail to ${to}`);
  return token;
}

/** A request filed and verified by its owner; returns its id. */
export async function verifiedRequest(
  app: App,
  store: Store,
  fields: { kind: string; email: string; name?: string; details?: string },
): Promise<string> {
  const email = fields.email.toLowerCase();
  const response = await postRequest(app, { name: "Pat Person", details: "", ...fields });
  if (response.statusCode !== 200) throw new Error(`form answered ${response.statusCode}: ${response.body}`);
  const token = await verificationToken(store, email);
  const verified = await app.inject({ method: "POST", url: `/api/privacy-requests/verify?token=${token}` });
  if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}`);
  const { rows } = await store.query<{ id: string }>(
    "SELECT id::text AS id FROM privacy_requests WHERE email = $1 AND status <> 'unverified' ORDER BY verified_at DESC LIMIT 1",
    [email],
  );
  return rows[0].id;
}

/** The link in an access request's answer. */
export const PACKAGE_LINK = /\/api\/privacy-requests\/package\?token=([A-Za-z0-9_-]{43})/;

/**
 * Opens a copy of the data as its page's button does (a POST to the link),
 * from a desktop Firefox; `format: "json"` as the page's download button.
 */
export function openPackage(app: App, token: string, format?: "json") {
  return app.inject({
    method: "POST",
    url: `/api/privacy-requests/package?token=${token}${format ? "&format=json" : ""}`,
    headers: {
      "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:153.0) Gecko/20100101 Firefox/153.0",
    },
  });
}
