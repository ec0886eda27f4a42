/**
 * The list a rep opened a lead from (the inbox in one view: "Due soon",
 * "Mine", a search), so that on the lead j and k move to the next and the
 * previous lead of that list, as in the reps' mail tools. The inbox writes the
 * leads it shows, in their order, with its own address; the lead's page
 * reads them. Kept in this tab's sessionStorage: a reload keeps it, another
 * tab has its own.
 */

const KEY = "desk:lead-list";

export interface LeadList {
  /** The list's address in the desk ("/inbox?due=due_soon"). */
  url: string;
  /** The leads' ids, in the list's order (every page loaded so far). */
  ids: string[];
}

/** The inbox shows `ids` at `url`: the list j and k walk. */
export function rememberLeadList(list: LeadList): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private mode): j and k then have no list.
  }
}

function readList(): LeadList | null {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as LeadList | null;
    return list && typeof list.url === "string" && Array.isArray(list.ids) ? list : null;
  } catch {
    return null;
  }
}

/** The leads before and after `id` in the remembered list; null when it is not in one. */
export function leadNeighbours(
  id: string,
): { previous: string | null; next: string | null; list: LeadList } | null {
  const list = readList();
  const at = list ? list.ids.indexOf(id) : -1;
  if (!list || at < 0) return null;
  return { previous: list.ids[at - 1] ?? null, next: list.ids[at + 1] ?? null, list };
}
