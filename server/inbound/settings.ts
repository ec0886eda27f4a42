/**
 * The inbound webhook's secrets and tokens as settings (server/config.ts
 * reads them with these): one that cannot work stops the server at start-up
 * with a message naming its variable, never a sender's 500 later.
 */
import { z } from "zod";

/** A shortest secret worth the name: 16 bytes (the Standard Webhooks spec asks for 24 to 64). */
const MIN_SECRET_BYTES = 16;
const MIN_TOKEN_LENGTH = 16;

const SECRET_PROBLEM = `must be a Standard Webhooks secret: "whsec_" and at least ${MIN_SECRET_BYTES} bytes in base64`;

/** "whsec_" and standard base64 (its length a multiple of 4, as the library's decoder wants). */
export const webhookSecret = z
  .string()
  .trim()
  .refine(
    (secret) =>
      /^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(secret) &&
      Buffer.from(secret.slice("whsec_".length), "base64").length >= MIN_SECRET_BYTES,
    { error: SECRET_PROBLEM },
  );

/** A token sent as `Authorization: Bearer <token>`: one word, long enough not to be guessed. */
export const webhookToken = z
  .string()
  .trim()
  .refine((token) => /^\S+$/.test(token) && token.length >= MIN_TOKEN_LENGTH, {
    error: `must be at least ${MIN_TOKEN_LENGTH} characters, without spaces`,
  });
