/**
 * Staff password rules: the length (#domain/desk/passwords, which the desk
 * checks too: at least 12 characters, up to 256, no composition rules), and
 * hard enough to guess by zxcvbn's estimate (score 3 of
 * 4: common passwords and their variants, keyboard rows, repeats, sequences,
 * dates, dictionary words), with the company's name, the desk's name and
 * the person's own name and e-mail address counted as known to an attacker:
 * they are taken out before the rest is judged, so they add nothing.
 * Before that estimate, a password known from breaches is refused whatever
 * its score (./known-passwords.ts).
 * The dictionaries (a few MB) stay on the server; the desk checks only length.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { siteFacts } from "#domain/site-facts";
import { passwordLengthProblem } from "#domain/desk/passwords";
import { isKnownPassword, KNOWN_PASSWORD_MESSAGE } from "./known-passwords";

/** zxcvbn's score from 0 (too guessable) to 4; below this is refused. */
export const MIN_SCORE = 3;
/**
 * Only the first characters are estimated: the cost grows quickly with length
 * (seconds for 256 random characters with the defaults), and 64 characters
 * that are hard to guess make a password hard to guess whatever follows.
 */
const ESTIMATED_LENGTH = 64;

const CONTEXT_WARNING = "Don't use your name, your e-mail address or the company's name.";

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: {
      ...translations,
      warnings: {
        ...translations.warnings,
        userInputs: CONTEXT_WARNING,
      },
    },
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
    maxLength: ESTIMATED_LENGTH,
    // Each allowed substitution multiplies the variants tried (the default, 100,
    // took seconds); three catch "p@ssw0rd" and "h4rb0rl1n3" as well.
    l33tMaxSubstitutions: 3,
  });
  return estimator;
}

/** Who chooses the password: their own name and address count as easy to guess. */
export interface PasswordOwner {
  email: string;
  name?: string | null;
}

/** The words an attacker of this desk would try first, whole and in pieces. */
export function contextWords(owner: PasswordOwner): string[] {
  const [local = "", domain = ""] = owner.email.toLowerCase().split("@");
  const whole = [siteFacts.brand, "harborline", "lead desk", owner.name ?? "", owner.email, local, domain];
  const pieces = whole.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set([...whole, ...pieces].map((word) => word.trim()).filter((word) => word.length > 1))];
}

/** Context words of four letters or more, taken out wherever they appear (any case). */
function withoutContext(password: string, words: string[]): string {
  let rest = password;
  for (const word of words.filter((entry) => entry.length >= 4).sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "");
  }
  return rest;
}

/** Why zxcvbn finds the password easy to guess, in its own words. */
function reason(result: ZxcvbnResult, usedContext: boolean): string {
  const { warning, suggestions } = result.feedback;
  const words = [usedContext ? CONTEXT_WARNING : warning, ...suggestions].filter((text): text is string =>
    Boolean(text),
  );
  return words.length
    ? words.join(" ")
    : "This password is easy to guess. Add more words that are less common.";
}

/** The problem with a new password, in words for the person choosing it, or null. */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isKnownPassword(password)) return KNOWN_PASSWORD_MESSAGE;
  const words = contextWords(owner);
  const rest = withoutContext(password, words);
  const result = zxcvbn().check(rest, words);
  return result.score < MIN_SCORE ? reason(result, rest !== password) : null;
}
