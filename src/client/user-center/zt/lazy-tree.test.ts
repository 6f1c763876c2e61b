import { describe, expect, it } from 'vitest';
import type { ZtInfo } from '../../../shared/api/schemas/zt.js';
import { ancestorsOf, childrenRead, findUnit, hasChildren, mergeLevel, withChildren } from './lazy-tree.js';

const unit = (id: number, upperId: number | null, childCount: number, children?: ZtInfo[]): ZtInfo => ({
  id,
  name: `单位${id}`,
  code: String(id),
  upperId,
  level: 1,
  accountingSystem: 'union-county',
  expireTime: null,
  enable: true,
  isImproveUnit: false,
  isAssetCheck: false,
  saveLocalizationPrint: false,
  childCount,
  ...(children ? { children } : {}),
});

/** Ids with their children as far as read. */
type Shape = [number, Shape[]?];
const shape = (units: readonly ZtInfo[]): Shape[] => units.map((u) => (u.children ? [u.id, shape(u.children)] : [u.id]));

describe('the tree as far as read', () => {
  // 1 → 2 (→ 4 read), 3 (unread).
  const held = [unit(1, null, 2, [unit(2, 1, 1, [unit(4, 2, 0)]), unit(3, 1, 5)])];

  it('knows which units open and which have been read', () => {
    expect(hasChildren(unit(3, 1, 5))).toBe(true);
    expect(childrenRead(unit(3, 1, 5))).toBe(false);
    expect(childrenRead(unit(4, 2, 0))).toBe(true);
    expect(findUnit(held, 4)?.upperId).toBe(2);
    expect(ancestorsOf(held, 4)).toEqual([1, 2]);
    expect(ancestorsOf(held, 1)).toEqual([]);
    expect(ancestorsOf(held, 99)).toEqual([]);
  });

  it('keeps the branches opened when a fresh top level comes without them', () => {
    const fresh = [unit(1, null, 2, [unit(2, 1, 1), unit(3, 1, 5)]), unit(9, null, 0)];
    expect(shape(mergeLevel(held, fresh))).toEqual([[1, [[2, [[4]]], [3]]], [9]]);
  });

  it('drops what the fresh answer no longer has: a unit gone, children of a unit left without any', () => {
    const fresh = [unit(1, null, 1, [unit(2, 1, 0)])];
    expect(shape(mergeLevel(held, fresh))).toEqual([[1, [[2]]]]);
  });

  it("replaces one unit's children and its count, keeping its grandchildren already read", () => {
    const next = withChildren(held, 1, [unit(2, 1, 1), unit(5, 1, 0), unit(3, 1, 5)]);
    expect(shape(next)).toEqual([[1, [[2, [[4]]], [5], [3]]]]);
    expect(findUnit(next, 1)?.childCount).toBe(3);
    const read = withChildren(next, 3, [unit(6, 3, 0)]);
    expect(shape(read)).toEqual([[1, [[2, [[4]]], [5], [3, [[6]]]]]]);
    expect(findUnit(read, 3)?.childCount).toBe(1);
  });
});
