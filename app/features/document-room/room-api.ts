/**
 * The room page's requests to /api/room (server/room/room-routes.ts), each
 * answer turned into what the page shows. The server's own words are shown
 * as they come; a request that never arrived is said so.
 */
import {
  ROOM_PAGE_PATH,
  ROOM_SESSION_PATH,
  type RoomSessionAnswer,
  type NotApplicableAnswer,
  type RoomView,
  type UnlockAnswer,
} from "#domain/documents/room-view";

export const OFFLINE = "We could not reach our server. Check your connection and try again.";
export const SOMETHING_WRONG = "Something went wrong on our side. Please try again in a minute.";

/** A request's outcome: its answer, or the sentence to show and the status it came with. */
export type Answer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

async function request<T>(path: string, init?: RequestInit): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: init?.body ? { "content-type": "application/json" } : undefined,
    });
  } catch {
    return { ok: false, status: 0, message: OFFLINE };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, value: body as T };
  return { ok: false, status: response.status, message: messageOf(body) ?? SOMETHING_WRONG };
}

/** The server's sentence: the field's message for a refused field, else its error. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { error, errors } = body as { error?: unknown; errors?: Record<string, unknown> };
  const first = errors && Object.values(errors).find((message) => typeof message === "string");
  if (typeof first === "string") return first;
  return typeof error === "string" ? error : undefined;
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

/** Starts the session the link's token opens (the applicant's deliberate step). */
export const openSession = (token: string) =>
  request<{ reference: string; expiresAt: string }>("/api/room/session", post({ token }));

/** Whether this browser holds a live session (always a 200: no failed request in the console). */
export const sessionOpen = () =>
  request<RoomSessionAnswer>(ROOM_SESSION_PATH).then((answer) => answer.ok && answer.value.open);

/** The session's room; 401 when there is no session or it has ended. */
export const loadRoom = () => request<RoomView>("/api/room");

/** Asks for fresh links by e-mail; the answer is the same for any address. */
export const askForLinks = (email: string) =>
  request<{ message: string }>("/api/room/links", post({ email }));

export const declareNotApplicable = (itemId: string, reason: string) =>
  request<NotApplicableAnswer>(
    `/api/room/items/${encodeURIComponent(itemId)}/not-applicable`,
    post({ reason }),
  );

/** Sends a locked PDF's password once; the server opens the file with it and keeps nothing of it. */
export const unlockDocument = (documentId: string, password: string) =>
  request<UnlockAnswer>(`/api/room/documents/${encodeURIComponent(documentId)}/unlock`, post({ password }));

/** The link's token: the address's one segment under /documents/, if any. */
export function tokenFromPath(pathname: string): string | null {
  if (!pathname.startsWith(`${ROOM_PAGE_PATH}/`)) return null;
  const segment = pathname.slice(ROOM_PAGE_PATH.length + 1).replace(/\/$/, "");
  if (!segment || segment.includes("/")) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
