/**
 * The document room's settings (docs/configuration.md): the master keys, the
 * size limits and the scanner, checked at start-up, and which keys the
 * deployment ends up with.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { KEY_MISSING_ON_POSTGRES, documentsKeys } from "./keyring-setup";
import { KEY_FILE_NAME, parseMasterKey } from "./master-key";

const key = () => randomBytes(32).toString("base64");
const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return {};
};

describe("the documents' settings", () => {
  it("default to 25 MB a file, 250 MB an application, no scanner, no key set", () => {
    expect(loadConfig({}).documents).toEqual({
      masterKey: undefined,
      previousMasterKeys: "",
      maxFileBytes: 25_000_000,
      maxApplicationBytes: 250_000_000,
      clamd: undefined,
    });
  });

  it("take sizes with units and the scanner by socket or by host", () => {
    const config = loadConfig({
      DOCUMENTS_MAX_FILE_SIZE: "10MB",
      DOCUMENTS_MAX_APPLICATION_SIZE: "1 GB",
      CLAMD_HOST: "127.0.0.1",
    });
    expect(config.documents).toMatchObject({
      maxFileBytes: 10_000_000,
      maxApplicationBytes: 1_000_000_000,
      clamd: { host: "127.0.0.1", port: 3310 },
    });
    expect(loadConfig({ CLAMD_SOCKET: "/run/clamav/clamd.ctl" }).documents.clamd).toEqual({
      socket: "/run/clamav/clamd.ctl",
    });
  });

  it("stop the server on a bad value, naming it", () => {
    expect(problems({ DOCUMENTS_MASTER_KEY: "short" })).toEqual({
      DOCUMENTS_MASTER_KEY: expect.stringMatching(/^must be 32 random bytes in base64/),
    });
    expect(problems({ DOCUMENTS_PREVIOUS_MASTER_KEYS: `${key()},nope` })).toEqual({
      DOCUMENTS_PREVIOUS_MASTER_KEYS: expect.stringMatching(/^each key must be 32 random bytes/),
    });
    expect(problems({ DOCUMENTS_MAX_FILE_SIZE: "25 megs" })).toEqual({
      DOCUMENTS_MAX_FILE_SIZE: 'must be a size such as "25MB", "500KB" or "1GB"',
    });
    expect(problems({ DOCUMENTS_MAX_FILE_SIZE: "30MB", DOCUMENTS_MAX_APPLICATION_SIZE: "20MB" })).toEqual({
      DOCUMENTS_MAX_APPLICATION_SIZE: "must be at least DOCUMENTS_MAX_FILE_SIZE",
    });
    expect(problems({ CLAMD_SOCKET: "/s", CLAMD_HOST: "h" })).toEqual({
      CLAMD_HOST: "set CLAMD_SOCKET or CLAMD_HOST, not both",
    });
  });
});

describe("the deployment's document keys", () => {
  let dataDir: string;
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = (env: Record<string, string>) => {
    dataDir = mkdtempSync(join(tmpdir(), "harborline-docs-"));
    return loadConfig({ DATA_DIR: join(dataDir, "data"), ...env });
  };

  it("are the configured key and the previous ones", () => {
    const [current, old] = [key(), key()];
    const keys = documentsKeys(
      config({ DOCUMENTS_MASTER_KEY: current, DOCUMENTS_PREVIOUS_MASTER_KEYS: old }),
    );
    if (!("keyring" in keys)) throw new Error(keys.off);
    expect(keys.source).toBe("setting");
    expect(keys.keyring.ids).toEqual([parseMasterKey(current).id, parseMasterKey(old).id]);
  });

  it("on the embedded store without a key: one made once in DATA_DIR, mode 0600, the same at every start", () => {
    const settings = config({});
    const first = documentsKeys(settings);
    const second = documentsKeys(settings);
    if (!("keyring" in first) || !("keyring" in second)) throw new Error("no keyring");
    expect(first.source).toBe("key file");
    expect(second.keyring.current.id).toBe(first.keyring.current.id);
    expect(statSync(join(settings.dataDir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
  });

  it("on PostgreSQL without a key: none, and the room is off, saying what to set", () => {
    const keys = documentsKeys(config({ DATABASE_URL: "postgres://db.example.test/harborline" }));
    expect(keys).toEqual({ off: KEY_MISSING_ON_POSTGRES });
    expect(KEY_MISSING_ON_POSTGRES).toMatch(/DOCUMENTS_MASTER_KEY is not set.*same key/);
  });
});
