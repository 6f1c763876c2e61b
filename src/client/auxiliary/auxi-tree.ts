/** Item trees of auxiliary types flattened for tables and pickers, and the lookups the shared rules need. */
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import type { AuxiTypeItems } from '../../shared/subjects/auxiliary-rules.js';

export interface ItemRow {
  item: AuxiInfo;
  depth: number;
  /** Names from the root, joined with ' / '. */
  path: string;
}

export function flattenItems(items: readonly AuxiInfo[], depth = 0, prefix = ''): ItemRow[] {
  const rows: ItemRow[] = [];
  for (const item of items) {
    const path = prefix ? `${prefix} / ${item.infoName}` : item.infoName;
    rows.push({ item, depth, path });
    rows.push(...flattenItems(item.children, depth + 1, path));
  }
  return rows;
}

export function findItem(items: readonly AuxiInfo[], infoNo: string): AuxiInfo | undefined {
  return flattenItems(items).find((r) => r.item.infoNo === infoNo)?.item;
}

/** What checkAuxiChoice needs to know of a type's items. */
export function typeItems(type: AuxiType): AuxiTypeItems {
  return {
    typeNo: type.typeNo,
    typeName: type.typeName,
    items: new Map(
      flattenItems(type.infoList ?? []).map(({ item }) => [
        item.infoNo,
        { infoName: item.infoName, isLeaf: item.isLeaf, isEnable: item.isEnable },
      ]),
    ),
  };
}

/**
 * The code proposed for a new top-level item: one more than the largest all-digit top-level code,
 * keeping its width (001, 002 → 003); 001 when there is none.
 */
export function nextTopCode(items: readonly AuxiInfo[]): string {
  const numeric = items.map((i) => i.infoNo).filter((c) => /^\d+$/.test(c));
  if (numeric.length === 0) return '001';
  const largest = numeric.reduce((a, b) => (BigInt(b) > BigInt(a) ? b : a));
  const next = (BigInt(largest) + 1n).toString();
  return next.padStart(largest.length, '0');
}
