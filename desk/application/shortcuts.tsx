/**
 * The lead's keyboard shortcuts, as in the reps' mail tools (Front): j and k
 * walk the list the rep came from (desk/common/lib/lead-list.ts), c opens the
 * call's log form, a claims the lead, n starts a note, ? lists them. A key
 * does nothing while the rep types in a field, with Ctrl, ⌘ or Alt held (the
 * browser's and the screen reader's own keys), or inside a dialog.
 */
import { KeyboardIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "#ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#ui/dialog";
import { isFreeKey } from "../common/lib/free-key";

export const LEAD_SHORTCUTS = [
  { key: "j", does: "Next lead of the list you came from" },
  { key: "k", does: "Previous lead of that list" },
  { key: "c", does: "Log a call: the call's form, at its outcome" },
  { key: "a", does: "Claim the lead (give it to you)" },
  { key: "n", does: "Write a note" },
  { key: "?", does: "Show these shortcuts" },
] as const;

export type LeadShortcut = (typeof LEAD_SHORTCUTS)[number]["key"];

export function isShortcut(event: KeyboardEvent): event is KeyboardEvent & { key: LeadShortcut } {
  return isFreeKey(event) && LEAD_SHORTCUTS.some((shortcut) => shortcut.key === event.key);
}

/** Calls `on` with each shortcut pressed on the page (the latest `on`: no stale state). */
export function useLeadShortcuts(on: (key: LeadShortcut) => void) {
  const handler = useRef(on);
  useEffect(() => {
    handler.current = on;
  });
  useEffect(() => {
    function listen(event: KeyboardEvent) {
      if (!isShortcut(event)) return;
      event.preventDefault();
      handler.current(event.key);
    }
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}

/** The help overlay: a dialog listing the shortcuts, opened by ? or its button. */
export function ShortcutsHelp({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => onOpenChange(true)}
        aria-keyshortcuts="?"
        className="print:hidden"
      >
        <KeyboardIcon aria-hidden="true" />
        Shortcuts
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Keyboard shortcuts</DialogTitle>
            <DialogDescription>
              On a lead, when you are not typing in a field. In the inbox, j and k move between the leads and
              Enter opens one. Esc closes this.
            </DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2.5 text-sm">
            {LEAD_SHORTCUTS.map(({ key, does }) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="inline-flex min-w-7 justify-center rounded-md border border-border bg-muted px-2 py-0.5 font-mono text-sm font-semibold">
                    {key}
                  </kbd>
                </dt>
                <dd>{does}</dd>
              </div>
            ))}
          </dl>
        </DialogContent>
      </Dialog>
    </>
  );
}
