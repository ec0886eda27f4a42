/**
 * Passwords that attackers try first because they are known from breaches,
 * checked as an exact match (after normalising) beside zxcvbn's estimate,
 * which judges how a password is built and so accepts well-known passphrases
 * made of ordinary words ("correcthorsebatterystaple" scores 4 of 4).
 *
 * Two sources:
 * - zxcvbn's own ranked list of the most common breached passwords
 *   (`passwords-common` in @zxcvbn-ts/language-common, about 49,000), already
 *   installed and kept up by that project: nothing to ship or update here.
 * - KNOWN_PHRASES below: passphrases of 12 characters or more that are
 *   famous, and so in every breach corpus, yet missing from that list (it
 *   is mostly short passwords). A short list kept here, because no
 *   maintained offline list of such phrases is installed, and asking an
 *   online breach service would send a hash prefix of every new staff
 *   password out of the server.
 *
 * Normalising: case, spaces and punctuation are ignored, and so is a short
 * tail of digits or symbols ("Correct Horse Battery Staple 1!" matches).
 */
import { dictionary } from "@zxcvbn-ts/language-common";

const KNOWN_PHRASES = [
  "correcthorsebatterystaple",
  "troubadour&3",
  "thequickbrownfox",
  "thequickbrownfoxjumpsoverthelazydog",
  "maythe4thbewithyou",
  "maytheforcebewithyou",
  "itsasecrettoeverybody",
  "supercalifragilisticexpialidocious",
  "mypasswordismypassword",
  "thisismypassword",
  "thisisapassword",
  "nothingtoseehere",
  "bigbrotheriswatching",
  "sunshineandrainbows",
  "youwillneverguess",
  "youllneverguess",
  "thisisasecret",
  "iwantmymoney",
  "allyourbasearebelongtous",
  "ihatemyjob",
  "letmeinplease",
  "changemeplease",
  "passwordisincorrect",
  "iamthebest",
  "winteriscoming",
  "tothemoon",
  "hodlhodlhodl",
  "welcometothejungle",
  "helloworld",
  "opensesame",
];

/** Lower case, only letters and digits (a password's words joined however they were). */
const normalised = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** A common password with up to four digits or symbols added at the end still counts. */
const withoutTail = (text: string) => text.replace(/[^\p{L}]{1,4}$/u, "");

let known: Set<string> | undefined;

function knownSet(): Set<string> {
  known ??= new Set(
    [...dictionary["passwords-common"], ...KNOWN_PHRASES]
      .map(normalised)
      .filter((entry) => entry.length >= 6),
  );
  return known;
}

/** The message for a password on the lists, for the person choosing it. */
export const KNOWN_PASSWORD_MESSAGE =
  "This password is on lists of passwords leaked from other sites, which attackers try first. Choose another.";

/** Whether the password is, apart from case, spacing, punctuation and a short tail, a known breached one. */
export function isKnownPassword(password: string): boolean {
  const flat = normalised(password);
  const set = knownSet();
  return set.has(flat) || set.has(normalised(withoutTail(password.trim())));
}
