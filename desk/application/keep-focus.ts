/**
 * The keyboard's place is kept after every save on the lead's page. A save
 * can take the focused control away (Claim is gone once the lead is yours; a
 * dialog's trigger changes; a button disabled while it works), and the
 * browser then drops the focus to <body>, sending a keyboard or
 * screen-reader user back to the top. After each change of the lead, when
 * the focus is on <body>, it goes back to the control last focused if it is
 * still there, else to the first control of the part of the page it was in
 * (a `data-focus-home` element; itself, focusable by script, without one),
 * else to the lead's heading.
 */
import { useEffect, useRef } from "react";

const focusHere = (element: HTMLElement | null | undefined) => {
  if (!element?.isConnected || (element as HTMLButtonElement).disabled) return false;
  element.focus({ preventScroll: true });
  return document.activeElement === element;
};

const CONTROLS =
  'button:not([disabled]), select:not([disabled]), textarea:not([disabled]), input:not([disabled]):not([type="hidden"]), a[href]';

/** A part of the page: its first control, else itself (focusable by script). */
const focusInside = (home: HTMLElement | null | undefined) =>
  Boolean(home?.isConnected) &&
  (Array.from(home!.querySelectorAll<HTMLElement>(CONTROLS)).some(focusHere) || focusHere(home));

const lost = () => !document.activeElement || document.activeElement === document.body;

/** Keeps the focus off <body> after each change of `version` (the lead as the last save answered it). */
export function useKeepFocus(version: unknown) {
  const last = useRef<{ element: HTMLElement; home: HTMLElement | null } | null>(null);
  const first = useRef(true);

  useEffect(() => {
    function remember(event: FocusEvent) {
      if (!(event.target instanceof HTMLElement)) return;
      last.current = { element: event.target, home: event.target.closest<HTMLElement>("[data-focus-home]") };
    }
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useEffect(() => {
    // The page's first answer is not a save: the route's own focus rule applies (desk/root.tsx).
    if (first.current) {
      first.current = false;
      return;
    }
    function restore() {
      if (!lost()) return;
      const heading = document.querySelector<HTMLElement>("main h1");
      if (focusHere(last.current?.element) || focusInside(last.current?.home)) return;
      focusHere(heading);
    }
    // Now, and once a closing dialog has handed the focus back (to a trigger that may be gone).
    const timers = [0, 150].map((ms) => setTimeout(restore, ms));
    return () => timers.forEach(clearTimeout);
  }, [version]);
}
