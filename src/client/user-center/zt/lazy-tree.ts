/**
 * 账套管理's tree as far as it has been read: the server answers a level at a time (each node with
 * its childCount; `children` only where that level was read), and these graft each answer into
 * what the page already holds without losing the branches the user has opened.
 */
import type { ZtInfo } from '../../../shared/api/schemas/zt.js';

export const hasChildren = (unit: ZtInfo): boolean => (unit.childCount ?? unit.children?.length ?? 0) > 0;

/** Whether the unit's children have been read (a unit without children has nothing to read). */
export const childrenRead = (unit: ZtInfo): boolean => unit.children !== undefined || !hasChildren(unit);

export function findUnit(tree: readonly ZtInfo[], id: number): ZtInfo | undefined {
  for (const unit of tree) {
    if (unit.id === id) return unit;
    const below = unit.children ? findUnit(unit.children, id) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** The ids from the top unit down to the unit's upper unit (empty for a top unit or one not in the tree). */
export function ancestorsOf(tree: readonly ZtInfo[], id: number): number[] {
  const walk = (units: readonly ZtInfo[]): number[] | null => {
    for (const unit of units) {
      if (unit.id === id) return [];
      const below = unit.children ? walk(unit.children) : null;
      if (below) return [unit.id, ...below];
    }
    return null;
  };
  return walk(tree) ?? [];
}

/**
 * A fresher answer for the same level laid over what is held: the fresh units win (a unit gone is
 * gone), and a unit the fresh answer leaves unopened keeps the children already read while it
 * still has some.
 */
export function mergeLevel(held: readonly ZtInfo[], fresh: readonly ZtInfo[]): ZtInfo[] {
  const byId = new Map(held.map((u) => [u.id, u]));
  return fresh.map((unit) => {
    const old = byId.get(unit.id);
    if (unit.children) return { ...unit, children: mergeLevel(old?.children ?? [], unit.children) };
    if (old?.children && hasChildren(unit)) return { ...unit, children: old.children };
    return unit;
  });
}

/** The tree with one unit's children replaced by a fresh answer for them. */
export function withChildren(tree: readonly ZtInfo[], parentId: number, children: readonly ZtInfo[]): ZtInfo[] {
  return tree.map((unit) => {
    if (unit.id === parentId) {
      return { ...unit, childCount: children.length, children: mergeLevel(unit.children ?? [], children) };
    }
    return unit.children ? { ...unit, children: withChildren(unit.children, parentId, children) } : unit;
  });
}
