/**
 * The funds units of a set as the page shows them: the unit and the ratios in force at a period,
 * with both variants' spec names (an organisation's bjRata … taxCollectionFee, a lower unit's
 * lowerLevelUpperSolutionRatio … copeWithLowerLevelSubjects). The phone leaves encrypted with the
 * session's key (isEncrypt, shared/funds/phone-cipher.ts).
 */
import type { Selectable } from 'kysely';
import type { FundsUnitRow, UnitRatio } from '../../shared/api/schemas/funds-units.js';
import { encryptPhone } from '../../shared/funds/phone-cipher.js';
import { ppmToPercent } from '../../shared/funds/ratios.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { FundsUnitTable } from '../db/schema.js';
import type { Q, Scope } from '../subjects/subject-repository.js';
import { ratiosInForce, type RatioRow } from './ratio-lookup.js';

export type UnitDbRow = Selectable<FundsUnitTable>;

const pct = (ppm: number | null): number | null => (ppm === null ? null : ppmToPercent(Number(ppm)));
const yuan = (fen: number | null): number | null => (fen === null ? null : fenToYuan(Number(fen)));

async function subjectNames(q: Q, scope: Scope, codes: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (wanted.length === 0) return new Map();
  const rows = await q
    .selectFrom('subject')
    .select(['code', 'name'])
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.code, `${r.code} ${r.name}`]));
}

export function ratioOut(kind: string, r: RatioRow, names: ReadonlyMap<string, string>): UnitRatio {
  const org = kind === 'org';
  const full = (code: string | null) => (code ? (names.get(code) ?? code) : null);
  const sum = Number(r.base_ppm);
  return {
    fromYear: r.from_year,
    fromMonth: r.from_month,
    lowerLevelUpperSolutionRatio: org ? null : pct(sum),
    proportionLowerLevel: org ? null : pct(r.lower_retention_ppm),
    retentionRatioThisLevel: org ? null : pct(r.retained_ppm),
    dealingWithSuperiorRatioOne: org ? null : pct(r.superior_one_ppm),
    dealingWithSuperiorRatioTwo: org ? null : pct(r.superior_two_ppm),
    copeWithSubordinateRatio: org ? null : pct(r.lower_ppm),
    retentionThisLevelSubjects: r.retained_subject,
    copeWithSuperiorSubjectsOne: r.superior_one_subject,
    copeWithSuperiorSubjectsTwo: r.superior_two_subject,
    copeWithLowerLevelSubjects: r.lower_subject,
    retentionThisLevelSubjectsCodeFullName: full(r.retained_subject),
    copeWithSuperiorSubjectsOneCodeFullName: full(r.superior_one_subject),
    copeWithSuperiorSubjectsTwoCodeFullName: full(r.superior_two_subject),
    copeWithLowerLevelSubjectsCodeFullName: full(r.lower_subject),
    bjRata: org ? pct(r.retained_ppm) : null,
    bjsjRate: org ? pct(r.superior_one_ppm) : null,
    hbRate: org ? pct(r.lower_ppm) : null,
    fundsPayableJianhui: org ? pct(r.preparatory_ppm) : null,
    smallBusinessReturns: org ? pct(r.small_business_ppm) : null,
    sjrate: org ? pct(sum) : null,
    lcrate: org ? pct(r.lower_retention_ppm) : null,
    taxCollectionFee: org ? pct(r.collection_fee_ppm) : null,
    payableOfTheYearAmount: yuan(r.payable_of_the_year_amount),
    annualTheYearAmount: yuan(r.annual_the_year_amount),
  };
}

export function subjectCodesOf(rows: readonly RatioRow[]): (string | null)[] {
  return rows.flatMap((r) => [r.retained_subject, r.superior_one_subject, r.superior_two_subject, r.lower_subject]);
}

export function unitOut(u: UnitDbRow, ratio: UnitRatio | null, signKey: string): FundsUnitRow {
  return {
    id: u.id,
    kind: u.kind === 'org' ? 'org' : 'lower',
    code: u.code,
    name: u.name,
    ztid: u.lower_zt_id === null ? null : Number(u.lower_zt_id),
    hand: Number(u.hand) === 1,
    sameLevel: Number(u.same_level) === 1,
    lx: u.funding_type === null ? null : Number(u.funding_type),
    taxId: u.tax_id,
    ceo: u.ceo,
    cfo: u.cfo,
    phone: u.phone ? encryptPhone(signKey, u.phone) : null,
    isEncrypt: true,
    zip: u.zip,
    address: u.address,
    mcount: u.number_of_units === null ? null : Number(u.number_of_units),
    expenditureType: u.expenditure_type,
    ratio,
  };
}

/** The units (already read) with the ratios in force at the period. */
export async function unitRows(
  q: Q,
  scope: Scope,
  units: readonly UnitDbRow[],
  year: number,
  month: number,
  signKey: string,
): Promise<FundsUnitRow[]> {
  const ratios = await ratiosInForce(
    q,
    scope.ztId,
    units.map((u) => u.id),
    year,
    month,
  );
  const names = await subjectNames(q, scope, subjectCodesOf([...ratios.values()]));
  return units.map((u) => {
    const r = ratios.get(u.id);
    return unitOut(u, r ? ratioOut(u.kind, r, names) : null, signKey);
  });
}

export async function findUnit(q: Q, ztId: number, id: string): Promise<UnitDbRow | undefined> {
  return q.selectFrom('funds_unit').selectAll().where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
}

/** Every ratio row of a unit, by period (the spec's subList). */
export async function ratioHistory(q: Q, scope: Scope, unit: UnitDbRow): Promise<UnitRatio[]> {
  const rows = await q
    .selectFrom('funds_ratio')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('unit_id', '=', unit.id)
    .orderBy('from_year')
    .orderBy('from_month')
    .execute();
  const names = await subjectNames(q, scope, subjectCodesOf(rows));
  return rows.map((r) => ratioOut(unit.kind, r, names));
}
