/**
 * Keys typed while a cell editor is opening. The first printable key starts editing, but the
 * editor's input is mounted and focused a moment later (a React commit); keys typed in between
 * land on the cell, where nothing took them: at 10 ms a key `1000⏎` became 1.00 and `wthd⏎`
 * resolved on `w`. They are held here and replayed, in order, to whatever has the focus once the
 * editor is ready: characters go into the input, other keys (Enter, Tab, Backspace…) are
 * dispatched as keydowns so the grid handles them as if typed (an Enter that moves on to the
 * next cell lets the keys after it start that cell's editor in turn).
 */
interface HeldKey {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** An editor that never becomes ready must not swallow the keyboard. */
const HOLD_LIMIT_MS = 1000;

export class KeyQueue {
  private keys: HeldKey[] = [];
  private since = 0;

  /** `opening`: editing has started but the editor's input does not have the focus yet. */
  constructor(private readonly opening: () => boolean) {}

  /** Takes the key if an editor is opening; the caller then stops it. */
  hold(event: KeyboardEvent): boolean {
    if (event.isComposing || event.key === 'Process' || event.key === 'Unidentified' || !this.opening()) return false;
    const now = performance.now();
    if (this.keys.length === 0) this.since = now;
    else if (now - this.since > HOLD_LIMIT_MS) {
      this.keys = [];
      return false;
    }
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    this.keys.push({ key, code, shiftKey, ctrlKey, altKey, metaKey });
    return true;
  }

  /** The editor is ready: the held keys go to the focused element, in order. */
  replay(): void {
    const keys = this.keys;
    this.keys = [];
    for (let i = 0; i < keys.length; i += 1) {
      // A replayed key opened another editor: the rest wait for that one.
      if (this.keys.length > 0 || this.opening()) {
        this.keys.push(...keys.slice(i));
        return;
      }
      const held = keys[i];
      if (held) press(held);
    }
  }
}

function press(held: HeldKey): void {
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  const event = new KeyboardEvent('keydown', { ...held, bubbles: true, cancelable: true, composed: true });
  if (!target.dispatchEvent(event) || !(target instanceof HTMLInputElement)) return;
  // What the browser would do with a key nobody handled, for the keys a cell's text takes.
  const start = target.selectionStart ?? target.value.length;
  const end = target.selectionEnd ?? start;
  if (held.key.length === 1 && !held.ctrlKey && !held.metaKey && !held.altKey) {
    target.setRangeText(held.key, start, end, 'end');
  } else if (held.key === 'Backspace' && (start > 0 || end > start)) {
    target.setRangeText('', start === end ? start - 1 : start, end, 'end');
  } else if (held.key === 'Delete' && (end < target.value.length || end > start)) {
    target.setRangeText('', start, start === end ? end + 1 : end, 'end');
  } else return;
  target.dispatchEvent(new Event('input', { bubbles: true }));
}
