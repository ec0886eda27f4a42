/**
 * What happens when the session is missing or over: any call answering 401
 * sends the user to sign in, remembering where they were (a path inside the
 * desk only, so the sign-in page never forwards anyone elsewhere).
 */
import { redirect, type LoaderFunctionArgs } from "react-router";
import { isSignedOut } from "../api/client";

export const DESK_BASE = "/desk";

/**
 * A path inside the desk ("/inbox?state=dead"; "/desk/inbox" reads the same),
 * or the inbox for anything else: another site, the sign-in page itself.
 */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/inbox";
  const path =
    value === DESK_BASE || value.startsWith(`${DESK_BASE}/`) || value.startsWith(`${DESK_BASE}?`)
      ? value.slice(DESK_BASE.length) || "/"
      : value;
  if (!path.startsWith("/") || path.startsWith("//")) return "/inbox";
  if (path === "/" || path.startsWith("/?") || path.startsWith("/sign-in") || path.startsWith("/invite/")) {
    return "/inbox";
  }
  return path;
}

/** The sign-in page, coming back to `from` (a path inside the desk) afterwards. */
export function signInPath(from?: string): string {
  const next = from ? safeNext(from) : "/inbox";
  return next === "/inbox" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}

/** The desk path of a request's URL ("/desk/inbox?x=1" -> "/inbox?x=1"). */
export function deskPath(url: string): string {
  const { pathname, search } = new URL(url);
  const inside = pathname.startsWith(DESK_BASE) ? pathname.slice(DESK_BASE.length) : pathname;
  return `${inside || "/"}${search}`;
}

/** A route loader that sends a signed-out user to sign in instead of failing. */
export function guarded<T>(load: (args: LoaderFunctionArgs) => Promise<T>) {
  return async (args: LoaderFunctionArgs) => {
    try {
      return await load(args);
    } catch (error) {
      if (isSignedOut(error)) throw redirect(signInPath(deskPath(args.request.url)));
      throw error;
    }
  };
}
