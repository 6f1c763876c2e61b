/**
 * Parent/child structure of a tree grid's rows and which cells are derived, as pure functions:
 * the engine compiles derived formulas from it, the editor asks it which cells are read-only,
 * and the server can roll parent sums up without HyperFormula.
 *
 * Rules: the children of a row are the rows whose tree.parentKey equals its tree.key, unless
 * tree.isLeaf says the row cannot have children (auxiliary detail rows share their subject's
 * code); a derived cell is one whose row has children (any row, in a grid without a tree) and
 * satisfies the DerivedDef's `when`.
 */
import type { DerivedDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';
import { scanExpression } from './compile.js';

export interface TreeIndex {
  /** Row indexes of the children of the row at `index`, in row order. */
  childrenOf(index: number): readonly number[];
  hasChildren(index: number): boolean;
}

const NO_CHILDREN: readonly number[] = [];

function keyOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  return typeof value === 'number' ? String(value) : null;
}

export function buildTreeIndex<R extends GridRow>(def: GridDefinition<R>, rows: readonly R[]): TreeIndex {
  const tree = def.tree;
  if (!tree) return { childrenOf: () => NO_CHILDREN, hasChildren: () => false };
  const parentIndexByKey = new Map<string, number>();
  rows.forEach((row, i) => {
    const key = keyOf(row[tree.key]);
    if (key !== null && !tree.isLeaf?.(row) && !parentIndexByKey.has(key)) parentIndexByKey.set(key, i);
  });
  const children = new Map<number, number[]>();
  rows.forEach((row, i) => {
    const parentKey = keyOf(row[tree.parentKey]);
    const parent = parentKey === null ? undefined : parentIndexByKey.get(parentKey);
    if (parent === undefined || parent === i) return;
    const list = children.get(parent);
    if (list) list.push(i);
    else children.set(parent, [i]);
  });
  return {
    childrenOf: (index) => children.get(index) ?? NO_CHILDREN,
    hasChildren: (index) => children.has(index),
  };
}

/** The DerivedDef that computes `fieldId` of the row at `index`, if any. */
export function derivedDefFor<R extends GridRow>(
  def: GridDefinition<R>,
  index: TreeIndex,
  row: R,
  rowIndex: number,
  fieldId: string,
): DerivedDef<R> | undefined {
  if (def.tree && !index.hasChildren(rowIndex)) return undefined;
  return def.derived?.find((d) => d.field === fieldId && (d.when?.(row) ?? true));
}

/**
 * Rolls `SUM(CHILDREN(field))` and `SUM(CHILDREN(field, signBy))` derived fields up the tree in plain integers (children before
 * parents), returning new rows; for the server, which recomputes what it stores.
 */
export function rollUpDerivedSums<R extends GridRow>(def: GridDefinition<R>, rows: readonly R[]): R[] {
  const index = buildTreeIndex(def, rows);
  const out = [...rows];
  const sums = (def.derived ?? []).flatMap((d) => {
    const tokens = scanExpression(d.expression.replace(/\s/g, ''));
    const [sum, open, children, close] = tokens;
    const plainSum =
      tokens.length === 4 && sum?.type === 'function' && sum.name === 'SUM' && open?.text === '(' && close?.text === ')';
    return plainSum && children?.type === 'children' ? [{ def: d, source: children.field, signBy: children.signBy }] : [];
  });
  // done: 1 while a row's children are being summed (a cycle stops there), 2 when summed.
  const state = new Uint8Array(rows.length);
  const visit = (i: number): void => {
    if (state[i] !== 0) return;
    state[i] = 1;
    const kids = index.childrenOf(i);
    kids.forEach(visit);
    const row = out[i];
    if (row && kids.length > 0 && sums.length > 0) {
      const next: Record<string, unknown> = { ...row };
      for (const { def: d, source, signBy } of sums) {
        if (d.when && !d.when(row)) continue;
        next[d.field] = kids.reduce((acc, k) => {
          const kid = out[k];
          const sign = signBy !== null && kid?.[signBy] !== row[signBy] ? -1 : 1;
          return acc + sign * Number(kid?.[source] ?? 0);
        }, 0);
      }
      out[i] = next as R;
    }
    state[i] = 2;
  };
  rows.forEach((_, i) => visit(i));
  return out;
}
