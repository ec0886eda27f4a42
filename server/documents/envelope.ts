/**
 * The envelope (decision 0020): a data key per document, wrapped by a master
 * key, and each chunk of the document sealed under the data key. AES-256-GCM
 * from node:crypto throughout; what is ours is what each seal authenticates
 * besides its bytes (the additional data), so that nothing can be moved:
 *
 *   wrapped key = nonce(12) | AES-GCM(master key, data key(32)) | tag(16)
 *                 additional data: "harborline:document-key:v1" | document id(16) | key id
 *   chunk       = nonce(12) | AES-GCM(data key, plaintext) | tag(16)
 *                 additional data: "harborline:document-chunk:v1" | document id(16)
 *                                  | chunk index (uint32, big-endian) | final (1 byte)
 *
 * Nonces are random (crypto.randomBytes), never counters: a resumed upload
 * may seal the same index twice, and a repeated nonce would break GCM.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Keyring, MasterKey } from "./master-key";

export const DATA_KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What a seal adds to its plaintext. */
export const SEAL_OVERHEAD = NONCE_BYTES + TAG_BYTES;

const KEY_LABEL = Buffer.from("harborline:document-key:v1");
const CHUNK_LABEL = Buffer.from("harborline:document-chunk:v1");

/** The key ring has no key with the id a document's data key was wrapped with. */
export class DocumentKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentKeyError";
  }
}

/** Stored bytes that do not open: changed, moved, swapped or cut short. */
export class DocumentIntegrityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentIntegrityError";
  }
}

function uuidBytes(documentId: string): Buffer {
  const hex = documentId.replaceAll("-", "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`Not a document id: ${documentId}`);
  return Buffer.from(hex, "hex");
}

function seal(key: Buffer, plaintext: Uint8Array, additionalData: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData);
  return Buffer.concat([nonce, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** The plaintext, or null when the seal does not open with this key and additional data. */
function open(key: Buffer, sealed: Uint8Array, additionalData: Buffer): Buffer | null {
  if (sealed.length < SEAL_OVERHEAD) return null;
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(additionalData);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

const keyData = (documentId: string, keyId: string) =>
  Buffer.concat([KEY_LABEL, uuidBytes(documentId), Buffer.from(keyId, "ascii")]);

export function newDataKey(): Buffer {
  return randomBytes(DATA_KEY_BYTES);
}

/** The data key wrapped under `master`, for `documentId` only. */
export function wrapDataKey(master: MasterKey, documentId: string, dataKey: Buffer): Buffer {
  return seal(master.key, dataKey, keyData(documentId, master.id));
}

/** The document's data key; fails clearly when the deployment lacks its master key or the key does not open it. */
export function unwrapDataKey(
  keyring: Keyring,
  documentId: string,
  keyId: string,
  wrapped: Uint8Array,
): Buffer {
  const master = keyring.byId(keyId);
  if (!master) {
    throw new DocumentKeyError(
      `Document ${documentId} was stored under master key ${keyId}, which this server does not have ` +
        `(it has ${keyring.ids.join(", ")}): set DOCUMENTS_MASTER_KEY, or DOCUMENTS_PREVIOUS_MASTER_KEYS, to the key it was stored with`,
    );
  }
  const dataKey = open(master.key, wrapped, keyData(documentId, keyId));
  if (!dataKey || dataKey.length !== DATA_KEY_BYTES) {
    throw new DocumentIntegrityError(
      `Document ${documentId}'s data key does not open with master key ${keyId}`,
    );
  }
  return dataKey;
}

const chunkData = (documentId: string, index: number, final: boolean) => {
  const position = Buffer.alloc(5);
  position.writeUInt32BE(index, 0);
  position.writeUInt8(final ? 1 : 0, 4);
  return Buffer.concat([CHUNK_LABEL, uuidBytes(documentId), position]);
};

export function sealChunk(
  dataKey: Buffer,
  documentId: string,
  index: number,
  final: boolean,
  plaintext: Uint8Array,
) {
  return seal(dataKey, plaintext, chunkData(documentId, index, final));
}

export function openChunk(
  dataKey: Buffer,
  documentId: string,
  index: number,
  final: boolean,
  sealed: Uint8Array,
): Buffer {
  const plaintext = open(dataKey, sealed, chunkData(documentId, index, final));
  if (!plaintext) {
    throw new DocumentIntegrityError(
      `Document ${documentId}, chunk ${index}${final ? " (the last)" : ""}, does not open: it was changed, moved or cut short`,
    );
  }
  return plaintext;
}
