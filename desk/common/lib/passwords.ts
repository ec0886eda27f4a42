/**
 * The part of the server's password rule the browser can check before asking:
 * the length, counted as the server counts it (an emoji is one character).
 * How easy a password is to guess only the server judges (zxcvbn and its
 * dictionaries stay there, out of the desk's bundle); its reason comes back
 * as the field's error.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters, hard to guess: a few unusual words are easier to remember than symbols. Not your name, your e-mail address or the company's name.`;

/** A new password and its confirmation: what is wrong, by field (`password`, `confirm`). */
export function passwordProblems(password: string, confirm: string): Record<string, string> {
  const length = [...password].length;
  if (!password) return { password: "Choose a password" };
  if (length < PASSWORD_MIN) return { password: `Use at least ${PASSWORD_MIN} characters` };
  if (length > PASSWORD_MAX) return { password: `Use at most ${PASSWORD_MAX} characters` };
  if (password !== confirm) return { confirm: "The two passwords are not the same" };
  return {};
}
