/**
 * The staff password rule's limits and words, for the server (which also
 * judges how easy a password is to guess: zxcvbn, server/staff/passwords.ts,
 * whose dictionaries stay out of the desk's bundle) and the desk (which checks
 * the length before asking). Length counts characters as people do: an emoji
 * is one. No composition rules.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, hard to guess: a few unusual words are easier to remember than symbols. Not your name, your e-mail address or the company's name.`;

export const PASSWORD_MESSAGES = {
  /** None given at all. */
  missing: "Choose a password.",
  tooShort: `Use at least ${PASSWORD_MIN} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX} characters.`,
} as const;

/** A password's length as people count it (code points, not UTF-16 units). */
export const passwordLength = (password: string) => [...password].length;

/** What is wrong with a new password's length, in words for the person choosing it, or null. */
export function passwordLengthProblem(password: string): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN) return PASSWORD_MESSAGES.tooShort;
  if (length > PASSWORD_MAX) return PASSWORD_MESSAGES.tooLong;
  return null;
}
