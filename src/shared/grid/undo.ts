/**
 * Undo and redo for the editor: an immutable history of entries, each undone or redone as a
 * whole. An entry is either a batch of cell changes (one edit, a paste, a clear of a range) or a
 * replacement of the row list (row operations), so one Ctrl+Z takes back one user action.
 * The functions never mutate their input; the editor keeps the current history in a ref.
 */

export interface CellChange<V> {
  readonly rowId: string;
  readonly fieldId: string;
  readonly before: V;
  readonly after: V;
}

export type UndoEntry<V, S> =
  | { readonly kind: 'cells'; readonly changes: readonly CellChange<V>[] }
  | { readonly kind: 'rows'; readonly before: S; readonly after: S };

export interface History<E> {
  readonly past: readonly E[];
  readonly future: readonly E[];
}

/** How many actions are kept; the oldest go first. */
export const UNDO_LIMIT = 200;

export function emptyHistory<E>(): History<E> {
  return { past: [], future: [] };
}

/** Records a new action; redo is no longer possible after it. */
export function record<E>(history: History<E>, entry: E, limit = UNDO_LIMIT): History<E> {
  const past = [...history.past, entry];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

/** Takes the last action back: the entry to revert, and the history after it. */
export function undo<E>(history: History<E>): { entry: E; history: History<E> } | null {
  const entry = history.past[history.past.length - 1];
  if (entry === undefined) return null;
  return { entry, history: { past: history.past.slice(0, -1), future: [entry, ...history.future] } };
}

/** Does the last undone action again. */
export function redo<E>(history: History<E>): { entry: E; history: History<E> } | null {
  const entry = history.future[0];
  if (entry === undefined) return null;
  return { entry, history: { past: [...history.past, entry], future: history.future.slice(1) } };
}

/** The changes that revert a batch: before and after swapped, in reverse order. */
export function invertChanges<V>(changes: readonly CellChange<V>[]): CellChange<V>[] {
  return changes.map((c) => ({ rowId: c.rowId, fieldId: c.fieldId, before: c.after, after: c.before })).reverse();
}

/** Drops changes that change nothing (as compared by `same`). */
export function effectiveChanges<V>(changes: readonly CellChange<V>[], same: (a: V, b: V) => boolean): CellChange<V>[] {
  return changes.filter((c) => !same(c.before, c.after));
}
