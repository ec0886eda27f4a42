import { generateRandomString } from "better-auth/crypto";
import type { Store } from "../store/store";

/**
 * The key that signs the authentication library's tokens and encrypts the
 * second-factor secrets. Made once by the first instance to start and kept in
 * the store, so every instance (and every restart) uses the same one.
 */
export async function loadAuthSecret(store: Store): Promise<string> {
  await store.query(
    `INSERT INTO desk_settings (name, value) VALUES ('auth_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [generateRandomString(64)],
  );
  const { rows } = await store.query<{ value: string }>(
    `SELECT value FROM desk_settings WHERE name = 'auth_secret'`,
  );
  return rows[0].value;
}
