/**
 * The deployment's master keys for documents (decision 0020): the current
 * one (DOCUMENTS_MASTER_KEY, base64 of 32 bytes) wraps every new data key;
 * previous ones (DOCUMENTS_PREVIOUS_MASTER_KEYS) still open the data keys
 * they wrapped until a re-wrap pass moves them to the current one. Each key
 * is known by an id derived from it, so no setting names ids.
 */
import { createHmac, randomBytes } from "node:crypto";
import { closeSync, fstatSync, openSync, readFileSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";

export const MASTER_KEY_BYTES = 32;

export interface MasterKey {
  /** 16 hex digits of HMAC-SHA-256(key, KEY_ID_LABEL). */
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** Wraps every new data key. */
  current: MasterKey;
  /** The key with this id, current or previous; undefined when the deployment has none. */
  byId(id: string): MasterKey | undefined;
  /** Every key id the keyring holds, the current one first. */
  ids: string[];
}

const KEY_ID_LABEL = "harborline documents master key id v1";

export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MasterKeyError";
  }
}

export function keyIdOf(key: Buffer): string {
  return createHmac("sha256", key).update(KEY_ID_LABEL).digest("hex").slice(0, 16);
}

/** A key from its base64 text; the error names `setting`. */
export function parseMasterKey(text: string, setting = "DOCUMENTS_MASTER_KEY"): MasterKey {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, "base64");
  // Buffer.from ignores what is not base64: check that the text was exactly the key's encoding.
  if (key.length !== MASTER_KEY_BYTES || key.toString("base64") !== trimmed) {
    throw new MasterKeyError(
      `${setting} must be ${MASTER_KEY_BYTES} random bytes in base64 (44 characters), such as the output of: openssl rand -base64 32`,
    );
  }
  return { id: keyIdOf(key), key };
}

/** Keys from a comma-separated list of their texts (empty entries ignored); the error names `setting`. */
export function parseMasterKeyList(text: string, setting = "DOCUMENTS_PREVIOUS_MASTER_KEYS"): MasterKey[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => parseMasterKey(entry, setting));
}

/** The keyring from the current key's text and the previous keys' (a comma-separated list). */
export function keyringFrom(current: string, previous = ""): Keyring {
  const keys = new Map<string, MasterKey>();
  for (const key of [parseMasterKey(current), ...parseMasterKeyList(previous)]) {
    if (!keys.has(key.id)) keys.set(key.id, key);
  }
  const [currentKey] = keys.values();
  return { current: currentKey, byId: (id) => keys.get(id), ids: [...keys.keys()] };
}

/** A new random key's text (what `openssl rand -base64 32` prints). */
export function randomMasterKeyText(): string {
  return randomBytes(MASTER_KEY_BYTES).toString("base64");
}

/** Where the embedded default keeps the key it made: in DATA_DIR, never in the database. */
export const KEY_FILE_NAME = "documents-master-key";

/**
 * The embedded default's key: read from DATA_DIR/documents-master-key, or made
 * (32 random bytes) and written there first, created exclusively with mode
 * 0600. A file that group or others may read, or that is not a key, stops
 * the server with a message saying what to do.
 */
export function loadOrCreateKeyFile(dataDir: string): string {
  const path = join(dataDir, KEY_FILE_NAME);
  try {
    const fd = openSync(path, "wx", 0o600);
    try {
      writeSync(fd, `${randomMasterKeyText()}\n`);
      // The umask may have narrowed the mode further; it never widens it.
      if ((fstatSync(fd).mode & 0o077) !== 0)
        throw new MasterKeyError(`${path} was created readable by others`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new MasterKeyError(
      `${path} may be read by other users (mode ${mode.toString(8)}): run chmod 600 on it, or set DOCUMENTS_MASTER_KEY`,
    );
  }
  const text = readFileSync(path, "utf8").trim();
  parseMasterKey(text, path);
  return text;
}
