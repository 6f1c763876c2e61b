/**
 * The funds units of a ledger set as the other funds pages need them (the funds-entry grid's unit
 * column and paste matching, the remittance register): code, name and kind, ordered by code.
 * The code is also the unit's item of the 经费单位 (JFDW) auxiliary type.
 */
import type { Q } from '../subjects/subject-repository.js';

export interface FundsUnitSummary {
  id: string;
  code: string;
  name: string;
  /** 'org': a funding organisation of a 县级以上 set; 'lower': a unit of the funds accounting dialog. */
  kind: 'org' | 'lower';
  /** The lower ledger set of the tree, null for an organisation or a unit keyed by hand. */
  lowerZtId: number | null;
  sameLevel: boolean;
  enable: boolean;
}

export async function listUnits(q: Q, ztId: number): Promise<FundsUnitSummary[]> {
  const rows = await q
    .selectFrom('funds_unit')
    .select(['id', 'code', 'name', 'kind', 'lower_zt_id', 'same_level', 'enable'])
    .where('zt_id', '=', ztId)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind === 'org' ? 'org' : 'lower',
    lowerZtId: r.lower_zt_id === null ? null : Number(r.lower_zt_id),
    sameLevel: Number(r.same_level) === 1,
    enable: Number(r.enable) === 1,
  }));
}
