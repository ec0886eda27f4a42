/**
 * Characters nobody means to type: C0 control characters but tab, newline and
 * carriage return, DEL, and half of a surrogate pair without its other half.
 * PostgreSQL `text` cannot hold U+0000 and `jsonb` refuses a lone surrogate.
 * The server drops or replaces them in what it takes (server/clean-text.ts);
 * the inputs the desk and the server share refuse them (domain/desk/inputs.ts).
 */

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
export const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const UNSAFE = new RegExp(`${CONTROL.source}|${LONE_SURROGATE.source}`);

/** Does the text hold a control character (but tab and line breaks) or a lone surrogate? */
export function hasUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}
