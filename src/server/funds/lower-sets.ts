/**
 * The ledger sets below a set in the tree (zt_info.upper_id): what jxhs_DepartList lists and the
 * only sets the funds accounting dialog may name (a set elsewhere in the province is refused).
 */
import type { JxhsDepart } from '../../shared/api/schemas/funds-units.js';
import type { Q } from '../subjects/subject-repository.js';

export interface LowerSet {
  id: number;
  name: string;
  code: string;
  upperId: number | null;
  depth: number;
}

/** Every set under ztId, parents before their children, each level by code. */
export async function lowerSetsOf(q: Q, ztId: number): Promise<LowerSet[]> {
  const out: LowerSet[] = [];
  let frontier = [ztId];
  for (let depth = 1; frontier.length > 0 && depth <= 32; depth++) {
    const rows = await q
      .selectFrom('zt_info')
      .select(['id', 'name', 'code', 'upper_id'])
      .where('upper_id', 'in', frontier)
      .orderBy('code')
      .execute();
    const fresh = rows.filter((r) => r.id !== ztId && !out.some((o) => o.id === r.id));
    out.push(...fresh.map((r) => ({ id: r.id, name: r.name, code: r.code, upperId: r.upper_id, depth })));
    frontier = fresh.map((r) => r.id);
  }
  return out;
}

export async function departList(q: Q, ztId: number): Promise<JxhsDepart[]> {
  const sets = await lowerSetsOf(q, ztId);
  const configured = new Set(
    (
      await q
        .selectFrom('funds_unit')
        .select('lower_zt_id')
        .where('zt_id', '=', ztId)
        .where('lower_zt_id', 'is not', null)
        .execute()
    ).map((r) => Number(r.lower_zt_id)),
  );
  return sets.map((s) => ({
    ztid: s.id,
    ztName: s.name,
    ztNo: s.code,
    upperId: s.upperId,
    depth: s.depth,
    configured: configured.has(s.id),
  }));
}
