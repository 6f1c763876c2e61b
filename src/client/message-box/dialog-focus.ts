/**
 * Where a dialog takes the keyboard focus and where it gives it back. A dialog opened from a grid
 * cell, a field or a button takes the focus at once (its first field, else itself), so Enter and
 * Escape work before anything is clicked; when it closes and nothing else took the focus, the
 * focus goes back to the element it came from, so the bookkeeper goes on typing where they were.
 */
import { useEffect, useState, type RefObject } from 'react';

const FIELDS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/** The element that had the focus when the dialog first rendered (before any autoFocus inside it). */
function activeElement(): Element | null {
  return typeof document === 'undefined' ? null : document.activeElement;
}

/** True when the focus has nowhere to be: on the page body, on a removed element, or inside `within`. */
export function focusIsLost(now: Element | null, within: Element | null): boolean {
  return !now || now === now.ownerDocument.body || !now.isConnected || (within?.contains(now) ?? false);
}

/**
 * `ref` is the dialog's element (it needs tabIndex -1 to take the focus itself). `initial`: the
 * first field, or the dialog itself (views whose keys are the dialog's own).
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, initial: 'field' | 'dialog' = 'field'): void {
  const [origin] = useState(activeElement);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      const field = initial === 'field' ? dialog.querySelector<HTMLElement>(FIELDS) : null;
      (field ?? dialog).focus();
    }
    return () => {
      if (focusIsLost(document.activeElement, dialog) && origin instanceof HTMLElement && origin.isConnected) origin.focus();
    };
  }, [ref, initial, origin]);
}
