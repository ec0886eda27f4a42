/**
 * Which master keys this deployment's documents use (decision 0020): the
 * configured DOCUMENTS_MASTER_KEY; else, for the embedded store, the key it
 * made and keeps in DATA_DIR; else (PostgreSQL, where every instance must
 * share one key) none, and the document room stays off, saying why.
 */
import { mkdirSync } from "node:fs";
import type { Config } from "../config";
import { keyringFrom, loadOrCreateKeyFile, type Keyring } from "./master-key";

export type DocumentsKeys = { keyring: Keyring; source: "setting" | "key file" } | { off: string };

export const KEY_MISSING_ON_POSTGRES =
  "Documents are off: DOCUMENTS_MASTER_KEY is not set. With DATABASE_URL every instance must use the same key: " +
  "set it to 32 random bytes in base64 (openssl rand -base64 32) on each of them.";

export function documentsKeys(config: Pick<Config, "dataDir" | "databaseUrl" | "documents">): DocumentsKeys {
  const { masterKey, previousMasterKeys } = config.documents;
  if (masterKey) return { keyring: keyringFrom(masterKey, previousMasterKeys), source: "setting" };
  if (config.databaseUrl) return { off: KEY_MISSING_ON_POSTGRES };
  mkdirSync(config.dataDir, { recursive: true });
  return {
    keyring: keyringFrom(loadOrCreateKeyFile(config.dataDir), previousMasterKeys),
    source: "key file",
  };
}
