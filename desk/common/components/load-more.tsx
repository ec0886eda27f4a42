import { Button } from "#ui/button";
import type { PagedList } from "../lib/use-paged";

/**
 * "Load more", while the list has a next page. When it has loaded some,
 * `onLoaded` hears how many, and focus goes to the first new item's `focus`
 * element (the one displayed: table row or card), so keyboard users carry
 * on where the list grew.
 */
export function LoadMore<T>({
  list,
  focus,
  onLoaded,
}: {
  list: PagedList<T>;
  /** A selector matching one element per item, in order. */
  focus?: string;
  onLoaded?: (count: number) => void;
}) {
  if (!list.nextCursor) return null;
  return (
    <div className="flex justify-center">
      <Button
        type="button"
        variant="outline"
        disabled={list.pending}
        onClick={async () => {
          const before = list.items.length;
          const count = await list.loadMore();
          if (!count) return;
          onLoaded?.(count);
          if (focus) focusShown(focus, before);
        }}
      >
        {list.pending ? "Loading…" : "Load more"}
      </Button>
    </div>
  );
}

/** Focuses the index-th displayed element matching `selector` once the new items are drawn. */
function focusShown(selector: string, index: number) {
  requestAnimationFrame(() => {
    const shown = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => element.offsetParent !== null,
    );
    shown[index]?.focus();
  });
}
