/**
 * The one way the desk talks to the server: JSON over fetch to /api/desk/*,
 * never cached (answers hold personal data), with the server's error message
 * carried to the screen as it was written.
 */

export const API_BASE = "/api/desk";

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field name -> message, for errors shown next to a form field. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Anything thrown, as an ApiError to show (a stranger failure gets a plain message). */
export const asApiError = (error: unknown): ApiError =>
  isApiError(error) ? error : new ApiError(0, "Something went wrong. Try again.");

/** The session is missing or over: the caller sends the user to sign in. */
export const isSignedOut = (error: unknown) => isApiError(error) && error.status === 401;

const NETWORK_ERROR = "The desk could not reach the server. Check your connection and try again.";

/** Words for a status whose answer carried no message of its own. */
function fallbackMessage(status: number, retryAfter: string | null): string {
  if (status === 401) return "Sign in to continue";
  if (status === 403) return "Your account is not allowed to do that";
  if (status === 404) return "Not found";
  if (status === 409) return "That cannot be done in the application's current state";
  if (status === 429) {
    const seconds = Number(retryAfter);
    return Number.isFinite(seconds) && seconds > 0
      ? `Too many attempts. Try again in ${Math.ceil(seconds)} seconds.`
      : "Too many attempts. Wait a moment and try again.";
  }
  if (status >= 500) return "The server could not do that. Try again in a moment.";
  return "The request was not accepted";
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** A file's bytes sent as they are (application/octet-stream) instead of a JSON body. */
  file?: Blob;
  signal?: AbortSignal;
}

/** Calls /api/desk<path> and returns its JSON (undefined for 204). Throws ApiError. */
export async function request<T>(path: string, { method = "GET", body, file, signal }: RequestOptions = {}) {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      // The browser adds Origin to every non-GET request; the server checks it.
      headers: file
        ? { accept: "application/json", "content-type": "application/octet-stream" }
        : body === undefined
          ? { accept: "application/json" }
          : {
              accept: "application/json",
              "content-type": "application/json",
            },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const answer = (payload ?? {}) as { error?: unknown; errors?: unknown };
    const fieldErrors =
      answer.errors && typeof answer.errors === "object" ? (answer.errors as Record<string, string>) : {};
    const message =
      typeof answer.error === "string" && answer.error
        ? answer.error
        : (Object.values(fieldErrors)[0] ??
          fallbackMessage(response.status, response.headers.get("retry-after")));
    throw new ApiError(response.status, message, fieldErrors);
  }
  return payload as T;
}

/** "?a=1&b=2" from the values that are set ("" when none are). */
export function queryString(values: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
