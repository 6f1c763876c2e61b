/**
 * 收支分析 (spec earningsAnalysis, outlayAnalysis, accountAnalysis): per revenue or expense subject, the net movement
 * in its own direction (revenue credit − debit, expense debit − credit) of the range asked, of the same months of
 * the year before, and of the year to date, without the carry-forward (结转) vouchers that empty them into net
 * assets. Parents add their children (by this year's chart; a code of last year that this year's chart no longer
 * has is left out). Amounts in fen; rates and shares in hundredths of a percent.
 *
 * Earnings are the subjects of type 4 (union 4xx; government 4xxx 收入) and 6 (government 6xxx 预算收入); outlay type 5
 * (5xx; 5xxx 费用) and 7 (7xxx 预算支出). Each share is of the first-level total of the same type (a government set's
 * budget accounts are a parallel set of books); the report's total is the first type's.
 */
import { refuse } from '../http/app-error.js';
import { carryForwardTurnover } from '../books/carry-forward.js';
import { monthTurnover, type PeriodRange } from '../books/trial-balance.js';
import type { Db } from '../db/database.js';
import { listSubjects, type Scope } from '../subjects/subject-repository.js';
import { ReportsMessages } from '../../shared/assets/reports-messages.js';

export type AnalysisKind = 'earnings' | 'outlay';
export const ANALYSIS_TYPES: Readonly<Record<AnalysisKind, readonly number[]>> = { earnings: [4, 6], outlay: [5, 7] };

export interface AnalysisFenRow {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  type: number;
  current: number;
  lastYear: number;
  yearToDate: number;
  change: number;
  /** Hundredths of a percent; null when last year's figure is 0. */
  changeRate: number | null;
  /** Hundredths of a percent of the first-level total of the same type; null when that total is 0. */
  share: number | null;
}

/** a / b in hundredths of a percent, half away from zero; null when b is 0. */
export function hundredthsOf(a: number, b: number): number | null {
  if (b === 0) return null;
  const x = (a * 10_000) / b;
  return Math.sign(x) * Math.round(Math.abs(x));
}

export function percentText(hundredths: number | null): string | null {
  if (hundredths === null) return null;
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface Chart {
  subjects: { code: string; name: string; level: number; parentCode: string | null; type: number; direction: 1 | 2 }[];
  byCode: Map<string, { parentCode: string | null; direction: 1 | 2 }>;
}

async function chartOf(db: Db, scope: Scope, types: readonly number[]): Promise<Chart> {
  const rows = (await listSubjects(db.kysely, scope)).filter((s) => types.includes(s.type));
  const subjects = rows.map((s): Chart['subjects'][number] => ({
    code: s.code,
    name: s.name,
    level: s.level,
    parentCode: s.parent_code,
    type: s.type,
    direction: s.balance_direction === 2 ? 2 : 1,
  }));
  return { subjects, byCode: new Map(subjects.map((s) => [s.code, s])) };
}

/** Per subject of `chart` (parents added up), the net movement of each month 1..12 of `year` up to endMonth. */
async function monthlyNet(db: Db, scope: Scope, chart: Chart, endMonth: number): Promise<Map<string, number[]>> {
  const [turnover, closing] = await Promise.all([
    monthTurnover(db, scope, endMonth, false),
    carryForwardTurnover(db, scope, { endMonth, booked: false }),
  ]);
  const net = new Map<string, number[]>();
  const add = (code: string, month: number, debit: number, credit: number) => {
    for (
      let at = chart.byCode.get(code), c = code;
      at;
      c = at.parentCode ?? '', at = at.parentCode ? chart.byCode.get(at.parentCode) : undefined
    ) {
      let months = net.get(c);
      if (!months) net.set(c, (months = new Array<number>(13).fill(0)));
      months[month] = (months[month] ?? 0) + (at.direction === 1 ? debit - credit : credit - debit);
    }
  };
  for (const t of turnover) add(t.subjectCode, t.month, t.debit, t.credit);
  for (const t of closing) add(t.subjectCode, t.month, -t.debit, -t.credit);
  return net;
}

const sumMonths = (months: readonly number[] | undefined, from: number, to: number) => {
  let s = 0;
  for (let m = from; m <= to; m++) s += months?.[m] ?? 0;
  return s;
};

export async function readAnalysis(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  kind: AnalysisKind,
): Promise<{ rows: AnalysisFenRow[]; total: number }> {
  const chart = await chartOf(db, scope, ANALYSIS_TYPES[kind]);
  const [now, before] = await Promise.all([
    monthlyNet(db, scope, chart, range.endMonth),
    monthlyNet(db, { ...scope, year: scope.year - 1 }, chart, range.endMonth),
  ]);
  const firstLevelTotal = new Map<number, number>();
  for (const s of chart.subjects)
    if (s.parentCode === null)
      firstLevelTotal.set(
        s.type,
        (firstLevelTotal.get(s.type) ?? 0) + sumMonths(now.get(s.code), range.beginMonth, range.endMonth),
      );
  const rows = chart.subjects
    .map((s): AnalysisFenRow => {
      const current = sumMonths(now.get(s.code), range.beginMonth, range.endMonth);
      const lastYear = sumMonths(before.get(s.code), range.beginMonth, range.endMonth);
      return {
        code: s.code,
        name: s.name,
        level: s.level,
        parentCode: s.parentCode,
        type: s.type,
        current,
        lastYear,
        yearToDate: sumMonths(now.get(s.code), 1, range.endMonth),
        change: current - lastYear,
        changeRate: hundredthsOf(current - lastYear, Math.abs(lastYear)),
        share: hundredthsOf(current, firstLevelTotal.get(s.type) ?? 0),
      };
    })
    .filter((r) => r.current !== 0 || r.lastYear !== 0 || r.yearToDate !== 0);
  return { rows, total: firstLevelTotal.get(ANALYSIS_TYPES[kind][0] ?? 0) ?? 0 };
}

export interface AccountMonthFen {
  month: number;
  current: number;
  lastYear: number;
  yearToDate: number;
  change: number;
  changeRate: number | null;
}

/** One revenue or expense subject, month by month through December of the session's year. */
export async function readAccountAnalysis(
  db: Db,
  scope: Scope,
  code: string,
): Promise<{ code: string; name: string; months: AccountMonthFen[] }> {
  const chart = await chartOf(db, scope, [...ANALYSIS_TYPES.earnings, ...ANALYSIS_TYPES.outlay]);
  const subject = chart.subjects.find((s) => s.code === code);
  if (!subject) refuse('NotFound', ReportsMessages.notAnalysable(code));
  const [now, before] = await Promise.all([
    monthlyNet(db, scope, chart, 12),
    monthlyNet(db, { ...scope, year: scope.year - 1 }, chart, 12),
  ]);
  const months: AccountMonthFen[] = [];
  for (let m = 1; m <= 12; m++) {
    const current = now.get(code)?.[m] ?? 0;
    const lastYear = before.get(code)?.[m] ?? 0;
    months.push({
      month: m,
      current,
      lastYear,
      yearToDate: sumMonths(now.get(code), 1, m),
      change: current - lastYear,
      changeRate: hundredthsOf(current - lastYear, Math.abs(lastYear)),
    });
  }
  return { code, name: subject.name, months };
}
