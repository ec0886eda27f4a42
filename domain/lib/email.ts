/** The one rule for an e-mail address, shared by the application and the newsletter. */
import { z } from "zod";

/** What a visitor reads when an address is refused, in every form that asks for one. */
export const invalidEmailMessage = "Please enter a valid email address";

/** The longest address mail can be delivered to. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address: trimmed, at most 254 characters, in zod's address format.
 * `lowercase` lower-cases it before the checks (the newsletter list holds each
 * address once); `messageWhenMissing` gives a missing or non-text value the
 * same message instead of the generic "Required".
 */
export function emailAddress({ lowercase = false, messageWhenMissing = false } = {}) {
  const text = z.string(messageWhenMissing ? { error: invalidEmailMessage } : undefined).trim();
  return (lowercase ? text.toLowerCase() : text)
    .max(EMAIL_MAX_LENGTH, invalidEmailMessage)
    .pipe(z.email({ error: invalidEmailMessage }));
}
