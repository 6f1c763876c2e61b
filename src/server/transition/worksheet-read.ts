/**
 * The worksheet of a set as computeWorksheet sees it: the saved year-end figures and splits, the lines of the
 * adjustment vouchers, and the facts of both charts. New-side facts are the set's chart of its first year; a
 * target the set lacks is read from the county chart (a 基层 union may use any 县级以上 subject, S1 总说明), and the
 * finish adds it.
 */
import { findSubject, union2009, unionCounty2021 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import type { SubjectTemplate } from '../../shared/chart.js';
import {
  computeWorksheet,
  type AdjustmentLine,
  type SubjectFacts,
  type SplitInput,
  type WorksheetResult,
} from '../../shared/transition/worksheet.js';
import type { Q, TransitionContext } from './context.js';

export interface SetSubject {
  code: string;
  name: string;
  balance_direction: number;
  last_level: number;
  parent_code: string | null;
}

export interface WorksheetData {
  result: WorksheetResult;
  oldBalances: Map<string, number>;
  oldName: (code: string) => string;
  newName: (code: string) => string;
  newDirection: (code: string) => 1 | 2;
  /** The set's subjects of the first year, by code. */
  setSubjects: Map<string, SetSubject>;
}

const templateFacts = (s: SubjectTemplate, chart: readonly SubjectTemplate[]): SubjectFacts => ({
  name: s.name,
  balanceDirection: s.balanceDirection,
  lastLevel: !chart.some((c) => c.parentCode === s.code),
});

export const oldSubjectFacts = (code: string): SubjectFacts | undefined => {
  const s = findSubject(union2009, code);
  return s && templateFacts(s, union2009.subjects);
};

export async function readSetSubjects(q: Q, ztId: number, year: number): Promise<Map<string, SetSubject>> {
  const rows = await q
    .selectFrom('subject')
    .select(['code', 'name', 'balance_direction', 'last_level', 'parent_code'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .execute();
  return new Map(rows.map((r) => [r.code, r]));
}

export function newSubjectFacts(setSubjects: ReadonlyMap<string, SetSubject>): (code: string) => SubjectFacts | undefined {
  return (code) => {
    const own = setSubjects.get(code);
    if (own) return { name: own.name, balanceDirection: own.balance_direction === 2 ? 2 : 1, lastLevel: own.last_level === 1 };
    const s = findSubject(unionCounty2021, code);
    return s && templateFacts(s, unionCounty2021.subjects);
  };
}

export async function readOldBalances(q: Q, ztId: number): Promise<Map<string, number>> {
  const rows = await q.selectFrom('transition_balance').select(['code', 'amount']).where('zt_id', '=', ztId).execute();
  return new Map(rows.map((r) => [r.code, Number(r.amount)]));
}

export async function readAdjustmentLines(q: Q, ztId: number): Promise<AdjustmentLine[]> {
  const rows = await q
    .selectFrom('transition_voucher_line as l')
    .innerJoin('transition_voucher as v', (j) => j.onRef('v.zt_id', '=', 'l.zt_id').onRef('v.id', '=', 'l.voucher_id'))
    .select([
      'l.voucher_id',
      'v.pz_no',
      'l.line_no',
      'l.summary',
      'l.subject_code',
      'l.auxi_key',
      'l.debit_amount',
      'l.credit_amount',
    ])
    .where('l.zt_id', '=', ztId)
    .orderBy('v.pz_no')
    .orderBy('l.line_no')
    .execute();
  return rows.map((r) => ({
    voucherId: r.voucher_id,
    voucherNo: `调-${r.pz_no}`,
    lineNo: r.line_no,
    summary: r.summary,
    subjectCode: r.subject_code,
    auxiKey: r.auxi_key,
    debit: Number(r.debit_amount),
    credit: Number(r.credit_amount),
  }));
}

export async function readWorksheet(
  q: Q,
  ctx: TransitionContext,
  options: { withAdjustments?: boolean } = {},
): Promise<WorksheetData> {
  const [oldBalances, splitRows, adjustments, setSubjects] = await Promise.all([
    readOldBalances(q, ctx.ztId),
    q.selectFrom('transition_split').select(['part_key', 'amount', 'new_code']).where('zt_id', '=', ctx.ztId).execute(),
    options.withAdjustments === false ? Promise.resolve([]) : readAdjustmentLines(q, ctx.ztId),
    readSetSubjects(q, ctx.ztId, ctx.year),
  ]);
  const splits = new Map<string, SplitInput>(
    splitRows.map((r) => [r.part_key, { amount: Number(r.amount), ...(r.new_code ? { newCode: r.new_code } : {}) }]),
  );
  const newSubject = newSubjectFacts(setSubjects);
  const result = computeWorksheet({
    rows: transitionRows(ctx.level),
    oldBalances,
    splits,
    adjustments,
    oldSubject: oldSubjectFacts,
    newSubject,
  });
  return {
    result,
    oldBalances,
    oldName: (code) => findSubject(union2009, code)?.name ?? '',
    newName: (code) => newSubject(code)?.name ?? '',
    newDirection: (code) => newSubject(code)?.balanceDirection ?? 1,
    setSubjects,
  };
}
