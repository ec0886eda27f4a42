import { useEffect } from "react";
import { isFreeKey } from "../common/lib/free-key";

/**
 * j and k in the inbox: the focus goes to the next or the previous lead's
 * link (the first one when none has it yet), so Enter opens it; on the lead,
 * j and k go on through the same list (desk/application/shortcuts.tsx).
 * Only the links shown count: the table on a wide screen, the cards on a phone.
 */
export function useListKeys() {
  useEffect(() => {
    function listen(event: KeyboardEvent) {
      if ((event.key !== "j" && event.key !== "k") || !isFreeKey(event)) return;
      const links = [...document.querySelectorAll<HTMLElement>("[data-application-link]")].filter(
        (link) => link.getClientRects().length > 0,
      );
      if (links.length === 0) return;
      event.preventDefault();
      const at = links.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? 0 : Math.min(Math.max(at + (event.key === "j" ? 1 : -1), 0), links.length - 1);
      links[next].focus();
      links[next].scrollIntoView({ block: "nearest" });
    }
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}
