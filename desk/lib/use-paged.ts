import { useState } from "react";

export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list whose first page came from the route's loader and whose later pages
 * are fetched by cursor ("Load more"). A new first page (the filters changed)
 * starts the list over.
 */
export function usePaged<T>(first: Paged<T>, fetchPage: (cursor: string) => Promise<Paged<T> | undefined>) {
  const [state, setState] = useState({ first, items: first.items, nextCursor: first.nextCursor });
  // Derived reset (no effect): the loader gave a new first page.
  if (state.first !== first) setState({ first, items: first.items, nextCursor: first.nextCursor });
  const current = state.first === first ? state : { first, items: first.items, nextCursor: first.nextCursor };

  async function loadMore() {
    if (!current.nextCursor) return 0;
    const page = await fetchPage(current.nextCursor);
    if (!page) return 0;
    setState((previous) =>
      previous.first === first
        ? { first, items: [...previous.items, ...page.items], nextCursor: page.nextCursor }
        : previous,
    );
    return page.items.length;
  }

  return { items: current.items, nextCursor: current.nextCursor, loadMore };
}
