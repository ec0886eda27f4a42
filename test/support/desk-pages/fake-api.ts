/**
 * A stand-in for the server in component tests: answers fetch calls to
 * /api/desk/* from a table of handlers and records every call.
 */
import { vi } from "vitest";

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: Call) => Answer | Promise<Answer>;

/** Handlers keyed "GET /me", "POST /sign-in" (paths under /api/desk, without the query). */
export function fakeApi(handlers: Record<string, Handler | Answer>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://desk.test");
    const method = (init.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/^\/api\/desk/, "");
    const call: Call = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const answer: Answer = !handler
      ? { status: 404, body: { error: "Not Found" } }
      : typeof handler === "function"
        ? await handler(call)
        : handler;
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { "content-type": "application/json", ...answer.headers },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    /** The calls to one endpoint ("GET /applications"). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

export const admin = {
  id: "u-admin",
  email: "ada@harborline.test",
  name: "Ada Admin",
  role: "admin" as const,
  timeZone: "America/New_York",
  onDuty: true,
};
export const staffer = {
  id: "u-staff",
  email: "sam@harborline.test",
  name: "Sam Staff",
  role: "staff" as const,
  timeZone: "America/New_York",
  onDuty: true,
};

/** A new application's work state: unassigned, untouched, due a day after 2024-05-01T14:03Z. */
export const newWork = {
  owner: null,
  workStatus: "new" as const,
  closeReason: null,
  fundedAmount: null,
  reviewDueAt: "2024-05-02T14:03:00Z",
  firstTouchedAt: null,
  followUpAt: null,
  bookedCallAt: null,
};
