/** Where a key press is someone's typing (or a dialog's), not a page's shortcut. */
const TYPING =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="combobox"], [role="dialog"], [role="alertdialog"]';

/**
 * A key pressed on its own, free for a page's single-key shortcut (as in the
 * reps' mail tools): not while typing in a field or inside a dialog, not with
 * Ctrl, ⌘ or Alt held (the browser's and the screen reader's own keys), and
 * not one something else has already handled.
 */
export function isFreeKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey)
    return false;
  const target = event.target;
  return !(target instanceof Element && target.closest(TYPING));
}
