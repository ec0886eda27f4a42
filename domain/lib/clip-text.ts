/**
 * `value` cut to at most `max` UTF-16 units without splitting a surrogate
 * pair: a cut through an emoji would leave half of it, which no store can hold.
 */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
