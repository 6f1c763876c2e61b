import { describe, expect, it } from 'vitest';
import type { GridRow, TreeDef } from '../../shared/grid/definition.js';
import { treeStep, type TreeState } from './tree-nav.js';

const tree: TreeDef = { key: 'code', parentKey: 'parentCode' };
const row = (code: string, parentCode: string | null): GridRow => ({ rowId: code, code, parentCode });
// 101 (leaf), 102 expanded with 10201, 103 collapsed.
const rows = [row('101', null), row('102', null), row('10201', '102'), row('103', null)];
const states: Record<string, TreeState> = { '102': 'expanded', '103': 'collapsed' };
const stateOf = (r: GridRow) => states[r.rowId] ?? null;

describe('tree grid keyboard steps', () => {
  it('expands a collapsed row, and from an expanded one moves to its first child', () => {
    expect(treeStep(rows, 3, tree, stateOf, true)).toEqual({ kind: 'toggle', rowId: '103', expand: true });
    expect(treeStep(rows, 1, tree, stateOf, true)).toEqual({ kind: 'focus', index: 2 });
    expect(treeStep(rows, 0, tree, stateOf, true)).toBeNull();
  });

  it('collapses an expanded row, and from a child moves to its parent', () => {
    expect(treeStep(rows, 1, tree, stateOf, false)).toEqual({ kind: 'toggle', rowId: '102', expand: false });
    expect(treeStep(rows, 2, tree, stateOf, false)).toEqual({ kind: 'focus', index: 1 });
    expect(treeStep(rows, 0, tree, stateOf, false)).toBeNull();
    expect(treeStep(rows, 3, tree, stateOf, false)).toBeNull();
  });

  it('does nothing without a row or, for the parent step, without a tree', () => {
    expect(treeStep(rows, 9, tree, stateOf, true)).toBeNull();
    expect(treeStep(rows, 2, undefined, stateOf, false)).toBeNull();
  });
});
