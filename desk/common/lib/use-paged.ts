import { useState } from "react";
import { useAction } from "./use-action";

export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list whose first page came from the route's loader and whose later pages
 * are fetched by cursor ("Load more"). A new first page (the filters changed)
 * starts the list over. A failed fetch leaves the list as it was and keeps
 * its error for the screen.
 */
export function usePaged<T>(first: Paged<T>, fetchPage: (cursor: string) => Promise<Paged<T>>) {
  const more = useAction();
  const [state, setState] = useState({ first, items: first.items, nextCursor: first.nextCursor });
  // Derived reset (no effect): the loader gave a new first page.
  if (state.first !== first) setState({ first, items: first.items, nextCursor: first.nextCursor });
  const current = state.first === first ? state : { first, items: first.items, nextCursor: first.nextCursor };

  /** Fetches the next page; resolves to how many items it added. */
  async function loadMore() {
    const cursor = current.nextCursor;
    if (!cursor) return 0;
    const page = await more.run(() => fetchPage(cursor));
    if (!page) return 0;
    setState((previous) =>
      previous.first === first
        ? { first, items: [...previous.items, ...page.items], nextCursor: page.nextCursor }
        : previous,
    );
    return page.items.length;
  }

  return {
    items: current.items,
    nextCursor: current.nextCursor,
    loadMore,
    pending: more.pending,
    error: more.error,
  };
}

export type PagedList<T> = ReturnType<typeof usePaged<T>>;
