/**
 * Keyboard steps of a tree grid whose page hides the children of collapsed rows (WAI-ARIA
 * treegrid): expand shows a collapsed row's children, or on an expanded row moves to its first
 * child; collapse hides an expanded row's children, or moves to the row's parent.
 */
import type { GridRow, TreeDef } from '../../shared/grid/definition.js';

/** A row's state: null when it has no children. */
export type TreeState = 'expanded' | 'collapsed' | null;

export type TreeStep =
  | { readonly kind: 'toggle'; readonly rowId: string; readonly expand: boolean }
  | { readonly kind: 'focus'; readonly index: number }
  | null;

export function treeStep(
  rows: readonly GridRow[],
  index: number,
  tree: TreeDef | undefined,
  stateOf: (row: GridRow) => TreeState,
  expand: boolean,
): TreeStep {
  const row = rows[index];
  if (!row) return null;
  const state = stateOf(row);
  if (expand) {
    if (state === 'collapsed') return { kind: 'toggle', rowId: row.rowId, expand: true };
    return state === 'expanded' && index + 1 < rows.length ? { kind: 'focus', index: index + 1 } : null;
  }
  if (state === 'expanded') return { kind: 'toggle', rowId: row.rowId, expand: false };
  if (!tree) return null;
  const parentKey = row[tree.parentKey];
  if (parentKey === null || parentKey === undefined) return null;
  for (let i = index - 1; i >= 0; i--) {
    const candidate = rows[i];
    if (candidate && candidate !== row && candidate[tree.key] === parentKey && !tree.isLeaf?.(candidate)) {
      return { kind: 'focus', index: i };
    }
  }
  return null;
}
