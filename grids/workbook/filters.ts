/**
 * The filters a heading names for the books' grid exports: what the page's answer was queried
 * with (the form may have changed since; the export says what the rows are), named as the screen
 * names them and in screen order. Booleans are always named, 是 or 否: whether unbooked vouchers
 * count matters to an auditor either way.
 */
import type { GeneralLedgerQuery, TrialBalanceQuery } from '../../src/shared/api/schemas/books.js';
import { periodText, type ExportFilter } from './heading.js';

const yesNo = (on: boolean | undefined) => (on ? '是' : '否');

/** The month range of a query's 'yyyy-MM' bounds as the heading's period. */
export function queryPeriod(query: { beginTime: string; endTime: string }): string {
  const [year = 0, begin = 1] = query.beginTime.split('-').map(Number);
  const end = Number(query.endTime.split('-')[1] ?? begin);
  return periodText(year, begin, end);
}

export function trialBalanceFilters(q: Partial<TrialBalanceQuery>): ExportFilter[] {
  const out: ExportFilter[] = [];
  if (q.beginCode || q.endCode) out.push({ label: '科目', value: `${q.beginCode || '最小'} 至 ${q.endCode || '最大'}` });
  if (q.codeOrName) out.push({ label: '编码或名称', value: q.codeOrName });
  out.push({ label: '只含已记账凭证', value: yesNo(q.book) });
  out.push({ label: '只显示一级科目', value: yesNo(q.onlyFirst) });
  out.push({ label: '显示金额为零的科目', value: yesNo(q.amountIsZero) });
  return out;
}

export function generalLedgerFilters(q: Partial<GeneralLedgerQuery>): ExportFilter[] {
  return [
    { label: '科目', value: q.code || '全部一级科目' },
    { label: '只含已记账凭证', value: yesNo(q.book) },
    { label: '显示金额为零的科目', value: yesNo(q.amountIsZero) },
  ];
}

export function subjectFilters(keyword: string): ExportFilter[] {
  return keyword.trim() ? [{ label: '查找', value: keyword.trim() }] : [];
}
