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
