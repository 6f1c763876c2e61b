/**
 * 账套管理's tree read level by level (issue 18 B11): a province's whole tree is 10,000 sets and
 * 2 MB, more than a page should wait for; the page shows the top units and their children, and
 * reads a unit's children when it is opened. Each level is one query on the upper unit's index
 * (migration 0027), every node with how many children it has, so the tree shows which units open.
 */
import type { ZtInfo } from '../../shared/api/schemas/zt.js';
import type { Db } from '../db/database.js';
import type { ZtInfoRow } from '../db/schema.js';
import type { ManagedScope } from '../admin/scope.js';
import { toZtInfo } from './routes.js';

type Counted = ZtInfoRow & { child_count: number | string | bigint };

const node = (row: Counted): ZtInfo => ({ ...toZtInfo(row), childCount: Number(row.child_count) });

/** Rows chosen by `where`, each with its number of direct children, by code. */
function counted(db: Db) {
  return db.kysely
    .selectFrom('zt_info')
    .selectAll('zt_info')
    .select((eb) =>
      eb
        .selectFrom('zt_info as lower')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('lower.upper_id', '=', 'zt_info.id')
        .as('child_count'),
    )
    .orderBy('zt_info.code');
}

/** The direct children of the given units, as nodes, by upper unit (in slices: a level of a province is thousands). */
async function childrenOf(db: Db, ids: readonly number[]): Promise<Map<number, ZtInfo[]>> {
  const out = new Map<number, ZtInfo[]>();
  for (let at = 0; at < ids.length; at += 1000) {
    const rows = (await counted(db)
      .where('zt_info.upper_id', 'in', ids.slice(at, at + 1000))
      .execute()) as Counted[];
    for (const row of rows) {
      if (row.upper_id === null) continue;
      const list = out.get(row.upper_id) ?? [];
      list.push(node(row));
      out.set(row.upper_id, list);
    }
  }
  return out;
}

/** The scope's top units: the sets without an upper unit for the super administrator, else the session's set. */
async function topUnits(db: Db, scope: ManagedScope): Promise<ZtInfo[]> {
  if (scope.all) return ((await counted(db).where('zt_info.upper_id', 'is', null).execute()) as Counted[]).map(node);
  if (scope.rootId === null) return [];
  return ((await counted(db).where('zt_info.id', '=', scope.rootId).execute()) as Counted[]).map(node);
}

/** Fills `children` below the given nodes, `levels` levels deep (1: the nodes alone). */
async function descend(db: Db, nodes: readonly ZtInfo[], levels: number): Promise<void> {
  let level = nodes.filter((n) => (n.childCount ?? 0) > 0);
  for (let depth = 1; depth < levels && level.length > 0; depth++) {
    const children = await childrenOf(
      db,
      level.map((n) => n.id),
    );
    for (const n of level) n.children = children.get(n.id) ?? [];
    level = level.flatMap((n) => n.children ?? []).filter((n) => (n.childCount ?? 0) > 0);
  }
}

/** The scope's top units and `levels` levels under them. */
export async function treeTop(db: Db, scope: ManagedScope, levels: number): Promise<ZtInfo[]> {
  const top = await topUnits(db, scope);
  await descend(db, top, levels);
  return top;
}

/** One unit's direct children (the caller has checked the unit is in the scope). */
export async function treeChildren(db: Db, parentId: number): Promise<ZtInfo[]> {
  return (await childrenOf(db, [parentId])).get(parentId) ?? [];
}

/**
 * The top units, and the children of every unit on the way from the top down to the set's upper
 * unit, so the set shows in the tree (the caller has checked the set is in the scope).
 */
export async function treeReveal(db: Db, scope: ManagedScope, ztId: number): Promise<ZtInfo[]> {
  // The way up, from the set's upper unit to the top of the scope (a cycle cannot loop: each unit once).
  const path: number[] = [];
  const seen = new Set<number>([ztId]);
  let at = ztId;
  while (scope.all || at !== scope.rootId) {
    const row = await db.kysely.selectFrom('zt_info').select('upper_id').where('id', '=', at).executeTakeFirst();
    const upper = row?.upper_id ?? null;
    if (upper === null || seen.has(upper)) break;
    path.unshift(upper);
    seen.add(upper);
    at = upper;
  }
  const top = await topUnits(db, scope);
  const children = await childrenOf(db, path);
  const fill = (nodes: readonly ZtInfo[]) => {
    for (const n of nodes) {
      const below = children.get(n.id);
      if (!below) continue;
      n.children = below;
      fill(below);
    }
  };
  fill(top);
  return top;
}

/** Every set of the scope as one tree (the people pages' unit pickers), each with its number of children. */
export function treeWhole(list: readonly ZtInfo[]): ZtInfo[] {
  const byId = new Map(list.map((z) => [z.id, { ...z, children: [] as ZtInfo[] }]));
  const roots: ZtInfo[] = [];
  for (const n of byId.values()) {
    const parent = n.upperId !== null ? byId.get(n.upperId) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  for (const n of byId.values()) n.childCount = n.children.length;
  return roots;
}
