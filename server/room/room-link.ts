/**
 * The applicant's link to an application's document room (issue 42):
 * `${SITE_URL}/documents/<token>`, the token 256 random bits in base64url. Only
 * its SHA-256 is stored (migration 034, room_links), and a token is looked up
 * by that hash: the database compares digests, never the secret, and a copy of
 * it opens no room. Made with the application's receipt and again whenever the
 * address asks (room-routes.ts); each works until the application is purged.
 */
import { createHash, randomBytes } from "node:crypto";
import { ROOM_PAGE_PATH } from "#domain/documents/room-view";
import type { Queryable } from "../store/store";

/** A room token as it travels: 32 bytes in base64url, nothing else. */
export const ROOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const newRoomToken = () => randomBytes(32).toString("base64url");

export const hashRoomToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const roomUrl = (siteUrl: string, token: string) => `${siteUrl}${ROOM_PAGE_PATH}/${token}`;

export type RoomLinkMadeFor = "receipt" | "asked-again";

/** Stores a new token's hash for the application (in the caller's transaction when `db` is one); returns the token. */
export async function issueRoomLink(
  db: Queryable,
  applicationId: string,
  madeFor: RoomLinkMadeFor,
): Promise<string> {
  const token = newRoomToken();
  await db.query("INSERT INTO room_links (token_hash, application_id, made_for) VALUES ($1, $2, $3)", [
    hashRoomToken(token),
    applicationId,
    madeFor,
  ]);
  return token;
}
