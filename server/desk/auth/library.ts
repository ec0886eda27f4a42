/**
 * How our routes talk to the authentication library: it is made on first use
 * (the store must be migrated by then; building the app needs no database),
 * and each call carries the request's client address and user agent plus, when
 * needed, the library's own cookie holding the value our cookie carries.
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { isAPIError } from "better-auth/api";
import { parseSetCookieHeader } from "better-auth/cookies";
import type { Config } from "../../config";
import type { Store } from "../../store/store";
import { loadAuthSecret } from "../../staff/auth-secret-repository";
import { createBetterAuth, type BetterAuth } from "./better-auth";

export interface Library {
  auth: BetterAuth;
  context: Awaited<BetterAuth["$context"]>;
  /** The library's names for its session cookie and its pending second-factor cookie. */
  names: { session: string; pending: string };
}

export function createLibrary(config: Config, store: Store, log: FastifyBaseLogger) {
  let made: Promise<Library> | undefined;
  const make = async (): Promise<Library> => {
    const auth = createBetterAuth({
      store,
      secret: await loadAuthSecret(store),
      baseURL: config.siteUrl,
      sessionMaxMs: config.desk.sessionMaxMs,
      log,
    });
    const context = await auth.$context;
    return {
      auth,
      context,
      names: {
        session: context.authCookies.sessionToken.name,
        pending: context.createAuthCookie("two_factor").name,
      },
    };
  };
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

/** Headers for an `auth.api.*` call on behalf of this request. */
export function libraryHeaders(
  library: Library,
  request: FastifyRequest | null,
  cookies: { session?: string; pending?: string } = {},
): Headers {
  const headers = new Headers();
  if (request) {
    headers.set("x-forwarded-for", request.ip);
    const userAgent = request.headers["user-agent"];
    if (typeof userAgent === "string") headers.set("user-agent", userAgent);
  }
  const pairs: string[] = [];
  if (cookies.session) pairs.push(`${library.names.session}=${cookies.session}`);
  if (cookies.pending) pairs.push(`${library.names.pending}=${cookies.pending}`);
  if (pairs.length) headers.set("cookie", pairs.join("; "));
  return headers;
}

/** The value the library set for one of its cookies in a response, if any. */
export function cookieFromResponse(headers: Headers, name: string): string | null {
  const setCookie = headers.getSetCookie().join(", ");
  const cookie = parseSetCookieHeader(setCookie).get(name);
  return cookie?.value ? cookie.value : null;
}

/** The library's error code when `error` is one of its API errors (e.g. "INVALID_CODE"). */
export function libraryErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === "string" ? body.code : String((error as { status?: unknown }).status);
}
