/**
 * Staff password rules: at least 12 characters, up to 256 accepted, no
 * composition rules, and not one of the commonly used passwords (zxcvbn's
 * ranked list of about 49,000), compared case-insensitively.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX, PASSWORD_MIN } from "./better-auth";

let common: Set<string> | undefined;

/** Only entries long enough to pass the length rule can matter. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((entry) => entry.length >= PASSWORD_MIN)
      .map((entry) => entry.toLowerCase()),
  );
  return common;
}

/** The problem with a new password, in words for the person choosing it, or null. */
export function passwordProblem(password: string): string | null {
  // Length in characters as people count them (an emoji is one).
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (commonPasswords().has(password.toLowerCase())) {
    return "This password is too common. Choose one that is harder to guess.";
  }
  return null;
}
