/**
 * At most `count` of one kind of heavy work at a time in this process (a
 * photo written again, a statement's text read): the others wait their turn,
 * in order, so many uploads at once hold a few files' memory, not all of them.
 */
export function turns(count: number): () => Promise<() => void> {
  let busy = 0;
  const waiting: (() => void)[] = [];
  /** A turn; call the function it resolves to when done. */
  return async () => {
    if (busy >= count) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy += 1;
    return () => {
      // The turn passes to the next in line (busy stays the same), or is given back.
      const next = waiting.shift();
      if (next) next();
      else busy -= 1;
    };
  };
}
