/**
 * The CRM's short-lived link to one accepted document (docs/delivery.md,
 * "Accepted documents"): `${SITE_URL}/api/crm/documents/<id>?expires=<unix
 * seconds>&signature=<base64url>`, the signature an HMAC-SHA-256 of the id
 * and the expiry under a key derived from the documents' current master key
 * (HKDF, a label of its own): every instance that can open the file can
 * check the link, and nothing else need be configured. A new link is made
 * for each delivery attempt.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { Keyring } from "../documents/master-key";

/** How long a link works after it is made. */
export const DOCUMENT_LINK_TTL_MS = 30 * 60 * 1000;

export const DOCUMENT_LINK_PATH = "/api/crm/documents";

const KEY_LABEL = "harborline crm document link v1";

const linkKeys = new WeakMap<Keyring, Buffer>();

function linkKey(keyring: Keyring): Buffer {
  let key = linkKeys.get(keyring);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", keyring.current.key, Buffer.alloc(0), KEY_LABEL, 32));
    linkKeys.set(keyring, key);
  }
  return key;
}

const signatureOf = (keyring: Keyring, documentId: string, expires: number) =>
  createHmac("sha256", linkKey(keyring)).update(`crm-document:${documentId}:${expires}`).digest();

export interface DocumentLink {
  url: string;
  expiresAt: string;
}

/** A link to the document that works until `now` + DOCUMENT_LINK_TTL_MS. */
export function signDocumentLink(
  keyring: Keyring,
  siteUrl: string,
  documentId: string,
  now = new Date(),
): DocumentLink {
  const expires = Math.floor((now.getTime() + DOCUMENT_LINK_TTL_MS) / 1000);
  const signature = signatureOf(keyring, documentId, expires).toString("base64url");
  return {
    url: `${siteUrl}${DOCUMENT_LINK_PATH}/${documentId}?expires=${expires}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export type LinkCheck = "valid" | "expired" | "invalid";

/**
 * Whether a link's expiry and signature are ours for this document (compared
 * in constant time), and whether it still works at `now`. An altered id,
 * expiry or signature is invalid; a link of ours past its time is expired.
 */
export function checkDocumentLink(
  keyring: Keyring,
  documentId: string,
  expires: string,
  signature: string,
  now = new Date(),
): LinkCheck {
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return "invalid";
  // The text is compared, not its decoding: base64url's last character has
  // bits a decoder ignores, and a link differing only there is not ours.
  const expected = Buffer.from(signatureOf(keyring, documentId, Number(expires)).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expires) * 1000 > now.getTime() ? "valid" : "expired";
}
