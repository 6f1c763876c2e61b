/**
 * 账套管理's tree read level by level (issue 18 B11): a province's whole tree is 10,000 sets and
 * 2 MB, more than a page should wait for; the page shows the top units and their children, and
 * reads a unit's children when it is opened. Each level is one query on the upper unit's index
 * (migration 0027), every node with how many children it has, so the tree shows which units open.
 */
import { ZT_TREE_SEARCH_LIMIT, type ZtInfo, type ZtTreeSearchResult } from '../../shared/api/schemas/zt.js';
import type { Db } from '../db/database.js';
import { likeContains } from '../db/like.js';
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

/** Every set of the scope as one tree (`whole`: for a client that wants it at once), each with its number of children. */
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

type Step = { id: number; code: string; name: string; upper_id: number | null };

/**
 * The managed sets whose code or name contains the text, by code, each with the way down to it
 * from the top of the scope (never a unit above it: a county administrator is not shown its city).
 */
export async function treeSearch(db: Db, scope: ManagedScope, text: string): Promise<ZtTreeSearchResult> {
  let query = db.kysely
    .selectFrom('zt_info')
    .select(['id', 'code', 'name', 'upper_id', 'enable'])
    .where((eb) => eb.or([likeContains('code', text), likeContains('name', text)]))
    .orderBy('code');
  // The super administrator's matches are cut in the query; another's after the scope has chosen them.
  if (scope.all) query = query.limit(ZT_TREE_SEARCH_LIMIT + 1);
  const found = (await query.execute()).filter((r) => scope.all || scope.ids.has(r.id));
  const matches = found.slice(0, ZT_TREE_SEARCH_LIMIT);

  const known = new Map<number, Step>(matches.map((r) => [r.id, r]));
  const top = scope.all ? null : scope.rootId;
  const uppersOf = (rows: readonly Step[]) =>
    [...new Set(rows.filter((r) => r.id !== top && r.upper_id !== null).map((r) => r.upper_id as number))].filter(
      (id) => !known.has(id),
    );
  // A level at a time up the tree: as many queries as the deepest match has levels.
  for (let next = uppersOf(matches); next.length > 0;) {
    const rows: Step[] = [];
    for (let at = 0; at < next.length; at += 1000) {
      rows.push(
        ...(await db.kysely
          .selectFrom('zt_info')
          .select(['id', 'code', 'name', 'upper_id'])
          .where('id', 'in', next.slice(at, at + 1000))
          .execute()),
      );
    }
    for (const row of rows) known.set(row.id, row);
    next = uppersOf(rows);
  }
  const pathTo = (row: Step) => {
    const path: { id: number; code: string; name: string }[] = [];
    const seen = new Set<number>([row.id]);
    for (let at = row; at.id !== top && at.upper_id !== null;) {
      const upper = known.get(at.upper_id);
      if (!upper || seen.has(upper.id)) break;
      path.unshift({ id: upper.id, code: upper.code, name: upper.name });
      seen.add(upper.id);
      at = upper;
    }
    return path;
  };
  return {
    items: matches.map((r) => ({ id: r.id, code: r.code, name: r.name, enable: !!r.enable, path: pathTo(r) })),
    more: found.length > ZT_TREE_SEARCH_LIMIT,
  };
}
