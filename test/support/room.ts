/**
 * The applicant's side of the document room in tests: apply and take the
 * room link from the intake's answer, start a session with it, read the
 * checklist, and upload through tus over real HTTP as the room's page does.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import * as tus from "tus-js-client";
import { expect } from "vitest";
import type { App } from "../../server/app";
import { validApplication } from "./server";

export const SITE = "http://localhost:3000";
export const ORIGIN = { origin: SITE };

export interface Applied {
  id: string;
  token: string;
  email: string;
}

/** Submits an application; its id, room token and e-mail address. */
export async function apply(app: App, overrides: Record<string, unknown> = {}): Promise<Applied> {
  const email = `room-${randomUUID().slice(0, 8)}@example.com`;
  const response = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers: { "content-type": "application/json" },
    payload: validApplication({ email, ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  await app.intake.settled();
  const { id, roomLink } = response.json() as { id: string; roomLink: string };
  expect(roomLink).toMatch(/^http:\/\/localhost:3000\/documents\/[A-Za-z0-9_-]{43}$/);
  return { id, token: roomLink.split("/").pop()!, email };
}

export const cookieOf = (setCookie: string | string[] | undefined) => {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return header ? header.split(";")[0] : undefined;
};

/** POST /api/room/session with the link's token: the answer and the cookie it set. */
export async function enter(app: App, token: string, headers: Record<string, string> = ORIGIN) {
  const response = await app.inject({
    method: "POST",
    url: "/api/room/session",
    headers: { "content-type": "application/json", ...headers },
    payload: { token },
  });
  return { response, cookie: cookieOf(response.headers["set-cookie"]) };
}

/** A session in the token's room: its cookie. */
export async function session(app: App, token: string): Promise<string> {
  const { response, cookie } = await enter(app, token);
  expect(response.statusCode).toBe(201);
  return cookie!;
}

export const room = (app: App, cookie?: string) =>
  app.inject({ method: "GET", url: "/api/room", headers: cookie ? { cookie } : {} });

export interface RoomDocument {
  id: string;
  fileName: string;
  size: number;
  type: string;
  held: boolean;
  needsPassword: boolean;
  checking: boolean;
}

export interface RoomItem {
  id: string;
  name: string;
  state: string;
  reason: string | null;
  documents: RoomDocument[];
}

/** GET /api/room's checklist. */
export async function checklist(app: App, cookie: string): Promise<RoomItem[]> {
  const response = await room(app, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().checklist as RoomItem[];
}

/** The app's address on loopback, listening from now on. */
export async function listening(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Uploads `file` through tus to `base`'s room for `itemId`; resolves the document's id. */
export function upload(base: string, cookie: string, itemId: string, file: Buffer, name = "statement.pdf") {
  return new Promise<string>((resolve, reject) => {
    const attempt = new tus.Upload(file, {
      endpoint: `${base}/api/room/uploads`,
      headers: { cookie, origin: SITE },
      metadata: { filename: name, itemId },
      chunkSize: 1_000_000,
      retryDelays: [],
      storeFingerprintForResuming: false,
      onSuccess: () => resolve(attempt.url!.split("/").pop()!),
      onError: reject,
    });
    attempt.start();
  });
}
