/**
 * Text we accept from outside (request bodies, a CRM's answers) before it
 * reaches the store. PostgreSQL `text` cannot hold U+0000, and `jsonb` also
 * refuses a lone surrogate; neither is anything a person meant to type.
 */

import { CONTROL, hasUnsafeText, LONE_SURROGATE } from "#domain/lib/unsafe-text";

export { hasUnsafeText };

/** Drops control characters (keeping tab, newline, carriage return) and replaces lone surrogates by U+FFFD. */
export function cleanText(text: string): string {
  if (!hasUnsafeText(text)) return text;
  return text.replace(CONTROL, "").replace(LONE_SURROGATE, "\uFFFD");
}

/**
 * Cuts text to at most `max` UTF-16 units without splitting a surrogate pair,
 * then cleans it.
 */
export function boundedText(text: string, max: number): string {
  let end = Math.min(text.length, max);
  if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end--;
  return cleanText(text.slice(0, end));
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Cleans every string in a parsed JSON value, object keys included, in place
 * (and returns it). Walks with its own stack, so any nesting depth JSON.parse
 * accepted is fine.
 */
export function cleanJson<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (typeof value !== "object" || value === null) return value;
  const pending: object[] = [value];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node)) {
      const list = node as Json[];
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        if (typeof item === "string") list[i] = cleanText(item);
        else if (typeof item === "object" && item !== null) pending.push(item);
      }
      continue;
    }
    const record = node as Record<string, Json>;
    for (const key of Object.keys(record)) {
      const item = record[key];
      const cleaned = typeof item === "string" ? cleanText(item) : item;
      if (typeof cleaned === "object" && cleaned !== null) pending.push(cleaned);
      const cleanKey = cleanText(key);
      if (cleanKey === key) {
        if (cleaned !== item) record[key] = cleaned;
      } else {
        delete record[key];
        // defineProperty, not assignment: a key that becomes "__proto__" stays a plain key.
        Object.defineProperty(record, cleanKey, {
          value: cleaned,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return value;
}
