/** Reads of auxiliary types and items of a ledger set, and their trees. */
import type { AuxiInfo, AuxiType } from '../../shared/api/auxiliary.js';
import type { AuxiTypeItems } from '../../shared/subjects/auxiliary-rules.js';
import type { AuxiInfoRow, AuxiTypeRow } from '../db/schema.js';
import type { Q } from '../subjects/subject-repository.js';

export function listTypes(q: Q, ztId: number, typeNos?: readonly string[]): Promise<AuxiTypeRow[]> {
  let query = q.selectFrom('auxi_type').selectAll().where('zt_id', '=', ztId);
  if (typeNos) {
    if (typeNos.length === 0) return Promise.resolve([]);
    query = query.where('type_no', 'in', [...typeNos]);
  }
  return query.orderBy('sort').orderBy('type_no').execute();
}

export function listItems(q: Q, ztId: number, typeNos?: readonly string[]): Promise<AuxiInfoRow[]> {
  let query = q.selectFrom('auxi_info').selectAll().where('zt_id', '=', ztId);
  if (typeNos) {
    if (typeNos.length === 0) return Promise.resolve([]);
    query = query.where('type_no', 'in', [...typeNos]);
  }
  return query.orderBy('type_no').orderBy('info_no').execute();
}

export function findItem(q: Q, ztId: number, typeNo: string, infoNo: string): Promise<AuxiInfoRow | undefined> {
  return q
    .selectFrom('auxi_info')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .where('info_no', '=', infoNo)
    .executeTakeFirst();
}

export function toAuxiType(row: AuxiTypeRow): AuxiType {
  return { typeNo: row.type_no, typeName: row.type_name, builtInSystem: !!row.built_in_system, enable: !!row.enable };
}

/** The items of one type as a tree (ordered by code); leaves are items without children. */
export function itemTree(items: readonly AuxiInfoRow[], typeNo: string, onlyEnable = false): AuxiInfo[] {
  const own = items.filter((i) => i.type_no === typeNo && (!onlyEnable || i.is_enable));
  const parents = new Set(items.filter((i) => i.type_no === typeNo).map((i) => i.parent_no));
  const nodes = new Map<string, AuxiInfo>(
    own.map((i) => [
      i.info_no,
      {
        typeNo: i.type_no,
        infoNo: i.info_no,
        infoName: i.info_name,
        parentNo: i.parent_no,
        isEnable: !!i.is_enable,
        isLeaf: !parents.has(i.info_no),
        children: [],
      },
    ]),
  );
  const roots: AuxiInfo[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentNo ? nodes.get(node.parentNo) : undefined;
    if (parent) parent.children.push(node);
    else if (!node.parentNo) roots.push(node);
  }
  return roots;
}

/** Per type, what the choice check (checkAuxiChoice) needs. */
export function typeItemsOf(types: readonly AuxiTypeRow[], items: readonly AuxiInfoRow[]): Map<string, AuxiTypeItems> {
  const out = new Map<string, AuxiTypeItems>();
  for (const type of types) {
    const own = items.filter((i) => i.type_no === type.type_no);
    const parents = new Set(own.map((i) => i.parent_no));
    out.set(type.type_no, {
      typeNo: type.type_no,
      typeName: type.type_name,
      items: new Map(
        own.map((i) => [i.info_no, { infoName: i.info_name, isLeaf: !parents.has(i.info_no), isEnable: !!i.is_enable }]),
      ),
    });
  }
  return out;
}
