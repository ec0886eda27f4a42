/**
 * A new password and its confirmation, checked in the browser before asking:
 * the length by the server's own rule (#domain/desk/passwords), counted as
 * the server counts it. How easy a password is to guess only the server
 * judges (zxcvbn and its dictionaries stay there, out of the desk's bundle);
 * its reason comes back as the field's error.
 */
import { PASSWORD_MESSAGES, passwordLengthProblem } from "#domain/desk/passwords";

export { PASSWORD_HINT } from "#domain/desk/passwords";

/** What is wrong, by field (`password`, `confirm`). */
export function passwordProblems(password: string, confirm: string): Record<string, string> {
  if (!password) return { password: PASSWORD_MESSAGES.missing };
  const length = passwordLengthProblem(password);
  if (length) return { password: length };
  if (password !== confirm) return { confirm: "The two passwords are not the same." };
  return {};
}
