import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEY_FILE_NAME, keyIdOf, keyringFrom, loadOrCreateKeyFile, parseMasterKey } from "./master-key";

const key = () => randomBytes(32).toString("base64");

describe("the documents' master key", () => {
  it("is 32 bytes in base64, known by an id derived from it", () => {
    const text = key();
    const parsed = parseMasterKey(text);
    expect(parsed.key.toString("base64")).toBe(text);
    expect(parsed.id).toMatch(/^[0-9a-f]{16}$/);
    expect(parseMasterKey(` ${text}\n`).id).toBe(parsed.id);
    expect(parseMasterKey(key()).id).not.toBe(parsed.id);
    expect(keyIdOf(parsed.key)).toBe(parsed.id);
  });

  it.each([
    ["too short", randomBytes(16).toString("base64")],
    ["too long", randomBytes(33).toString("base64")],
    ["not base64", "x".repeat(44)],
    ["hex", randomBytes(32).toString("hex")],
    ["empty", ""],
  ])("refuses a key that is %s, naming the setting and how to make one", (_name, text) => {
    expect(() => parseMasterKey(text)).toThrow(
      /DOCUMENTS_MASTER_KEY must be 32 random bytes in base64.*openssl rand -base64 32/,
    );
  });

  it("a keyring holds the current key and the previous ones, each once", () => {
    const [a, b, c] = [key(), key(), key()];
    const ring = keyringFrom(a, ` ${b}, ${c},${a}, `);
    expect(ring.current.id).toBe(parseMasterKey(a).id);
    expect(ring.ids).toEqual([a, b, c].map((text) => parseMasterKey(text).id));
    expect(ring.byId(parseMasterKey(c).id)?.key.toString("base64")).toBe(c);
    expect(ring.byId("0000000000000000")).toBeUndefined();
    expect(() => keyringFrom(a, "nonsense")).toThrow(/DOCUMENTS_PREVIOUS_MASTER_KEYS must be/);
  });
});

describe("the embedded default's key file", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const newDir = () => (dir = mkdtempSync(join(tmpdir(), "harborline-key-")));

  it("is made once with mode 0600 in DATA_DIR, then read back the same", () => {
    const path = join(newDir(), KEY_FILE_NAME);
    const first = loadOrCreateKeyFile(dir);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").trim()).toBe(first);
    expect(loadOrCreateKeyFile(dir)).toBe(first);
    expect(parseMasterKey(first).key).toHaveLength(32);
  });

  it("refuses a key file others may read, saying what to do", () => {
    const path = join(newDir(), KEY_FILE_NAME);
    writeFileSync(path, `${key()}\n`, { mode: 0o644 });
    chmodSync(path, 0o644);
    expect(() => loadOrCreateKeyFile(dir)).toThrow(/may be read by other users \(mode 644\): run chmod 600/);
  });

  it("refuses a key file that holds no key", () => {
    const path = join(newDir(), KEY_FILE_NAME);
    writeFileSync(path, "not a key\n", { mode: 0o600 });
    expect(() => loadOrCreateKeyFile(dir)).toThrow(/must be 32 random bytes in base64/);
  });
});
