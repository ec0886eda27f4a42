/**
 * The applicant's document room, the island of /documents/<token> and
 * /documents (app/islands). Prerendered as the welcome (a link) or the form
 * asking for a link (no token); it wakes on the applicant's press. A session
 * already in the browser opens the room at once (the loader wakes the island
 * when GET /api/room/session says it is open). An unknown link or an ended session comes back
 * to the form asking for a new link, with the server's words.
 */
import { useEffect, useState } from "react";
import type { RoomView } from "#domain/documents/room-view";
import type { IslandProps } from "~/islands/hydrate";
import { loadRoom, openSession, sessionOpen, tokenFromPath } from "./room-api";
import { AskForLink, Welcome } from "./room-entry";
import { Room } from "./room";

export type RoomEntry = "welcome" | "ask";

type View =
  | { kind: "welcome"; opening: boolean; error?: string }
  | { kind: "ask"; notice?: string }
  /** `opened`: the applicant has just opened it, so focus goes there. */
  | { kind: "room"; room: RoomView; opened: boolean };

export function DocumentRoom({ entry = "welcome", typedValues }: { entry?: RoomEntry } & IslandProps) {
  const [view, setView] = useState<View>(
    entry === "welcome" ? { kind: "welcome", opening: false } : { kind: "ask" },
  );

  useEffect(() => {
    // A session already here opens the room; without one, the page stays as it is (and asks
    // only whether there is one, so no refused request shows in the browser's console).
    let live = true;
    void sessionOpen()
      .then((open) => (open ? loadRoom() : null))
      .then((answer) => {
        if (live && answer?.ok)
          setView((current) =>
            current.kind === "room" ? current : { kind: "room", room: answer.value, opened: false },
          );
      });
    return () => {
      live = false;
    };
  }, []);

  async function open() {
    if (view.kind === "welcome" && view.opening) return;
    const token = tokenFromPath(window.location.pathname);
    if (!token) return setView({ kind: "ask" });
    setView({ kind: "welcome", opening: true });
    const opened = await openSession(token);
    if (!opened.ok) {
      if (opened.status === 404 || opened.status === 400) setView({ kind: "ask", notice: opened.message });
      else setView({ kind: "welcome", opening: false, error: opened.message });
      return;
    }
    await reload(true);
  }

  /** The room as the server has it now; an ended session goes back to asking for a link. */
  async function reload(opened = false) {
    const answer = await loadRoom();
    if (answer.ok) setView({ kind: "room", room: answer.value, opened });
    else if (answer.status === 401) setView({ kind: "ask", notice: answer.message });
    else
      setView((current) =>
        current.kind === "welcome" ? { kind: "welcome", opening: false, error: answer.message } : current,
      );
  }

  if (view.kind === "welcome")
    return <Welcome onOpen={() => void open()} opening={view.opening} error={view.error} />;
  // An address typed before the island woke is kept.
  if (view.kind === "ask") return <AskForLink notice={view.notice} typedEmail={typedValues?.email} />;
  return <Room room={view.room} onReload={() => reload()} focusOnShow={view.opened} />;
}
