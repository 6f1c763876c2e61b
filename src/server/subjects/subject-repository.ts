/** Reads of the chart of one ledger set's year: subjects, their auxiliary types, opening data. */
import type { Kysely } from 'kysely';
import type { AuxiTypeRef } from '../../shared/api/subjects.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { codeRulesFor, type SubjectCodeRules } from '../../shared/subjects/subject-code.js';
import type { ChartTemplate } from '../../shared/chart.js';
import { chartForSystem } from '../../../templates/charts/index.js';
import type { Database, SubjectRow } from '../db/schema.js';

/** The ledger set and year a call works on (always the session's). */
export interface Scope {
  ztId: number;
  year: number;
  system: AccountingSystem;
}

export type Q = Kysely<Database>;

export function chartOf(scope: Scope): { chart: ChartTemplate; rules: SubjectCodeRules } {
  const chart = chartForSystem(scope.system);
  return { chart, rules: codeRulesFor(chart) };
}

export function listSubjects(q: Q, scope: Scope): Promise<SubjectRow[]> {
  return q
    .selectFrom('subject')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .orderBy('code')
    .execute();
}

export function findSubject(q: Q, scope: Scope, code: string): Promise<SubjectRow | undefined> {
  return q
    .selectFrom('subject')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Auxiliary types of every subject of the year, in the types' order. */
export async function listSubjectTypes(q: Q, scope: Scope): Promise<Map<string, AuxiTypeRef[]>> {
  const rows = await q
    .selectFrom('subject_auxi_type as l')
    .innerJoin('auxi_type as t', (j) => j.onRef('t.zt_id', '=', 'l.zt_id').onRef('t.type_no', '=', 'l.type_no'))
    .select(['l.code', 't.type_no', 't.type_name'])
    .where('l.zt_id', '=', scope.ztId)
    .where('l.year', '=', scope.year)
    .orderBy('t.sort')
    .orderBy('t.type_no')
    .execute();
  const out = new Map<string, AuxiTypeRef[]>();
  for (const r of rows) {
    const list = out.get(r.code) ?? [];
    list.push({ typeNo: r.type_no, typeName: r.type_name });
    out.set(r.code, list);
  }
  return out;
}

export function hasAmounts(row: Pick<SubjectRow, 'init_amount' | 'cumule_debit_amount' | 'cumule_credit_amount'>): boolean {
  return row.init_amount !== 0 || row.cumule_debit_amount !== 0 || row.cumule_credit_amount !== 0;
}

/** Whether the subject has a non-zero opening or cumulative amount, or any auxiliary opening row. */
export async function hasOpeningData(q: Q, scope: Scope, row: SubjectRow): Promise<boolean> {
  if (hasAmounts(row)) return true;
  const aux = await q
    .selectFrom('auxi_opening')
    .select('code')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', row.code)
    .limit(1)
    .executeTakeFirst();
  return !!aux;
}

/** Whether any voucher of the year has a line on the subject (its balance then rests on vouchers, not only on openings). */
export async function usedByVouchers(q: Q, scope: Scope, code: string): Promise<boolean> {
  const line = await q
    .selectFrom('voucher_line')
    .select('subject_code')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('subject_code', '=', code)
    .limit(1)
    .executeTakeFirst();
  return !!line;
}

/**
 * Removes a subject row and its item types; a parent left without children becomes a last-level subject again.
 * The caller has checked that nothing holds the subject (openings, vouchers, children).
 */
export async function removeSubjectRow(q: Q, scope: Scope, code: string, parentCode: string | null): Promise<void> {
  await q
    .deleteFrom('subject_auxi_type')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', code)
    .execute();
  await q.deleteFrom('subject').where('zt_id', '=', scope.ztId).where('year', '=', scope.year).where('code', '=', code).execute();
  if (!parentCode) return;
  const sibling = await q
    .selectFrom('subject')
    .select('code')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('parent_code', '=', parentCode)
    .limit(1)
    .executeTakeFirst();
  if (!sibling)
    await q
      .updateTable('subject')
      .set({ last_level: 1 })
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .where('code', '=', parentCode)
      .execute();
}
