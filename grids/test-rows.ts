/** Opening-balance rows built from a chart template, for tests and benchmarks. */
import type { ChartTemplate } from '../src/shared/chart.js';
import type { OpeningBalanceRow } from './opening-balance.js';

export function openingRowsOf(chart: ChartTemplate, amounts: Readonly<Record<string, number>> = {}): OpeningBalanceRow[] {
  const parents = new Set(chart.subjects.map((s) => s.parentCode).filter((c): c is string => c !== null));
  return chart.subjects.map((s) => ({
    rowId: s.code,
    code: s.code,
    codeName: s.name,
    parentCode: s.parentCode,
    balanceDirection: s.balanceDirection,
    type: s.type,
    lastLevel: !parents.has(s.code),
    isGovernment: s.isBudget,
    isAuxiliary: false,
    auxiKey: null,
    initAmount: amounts[s.code] ?? 0,
    cumuleDebitAmount: 0,
    cumuleCreditAmount: 0,
  }));
}

/** An auxiliary detail row under `subject`. */
export function auxiliaryRow(subject: OpeningBalanceRow, auxiKey: string, initAmount: number): OpeningBalanceRow {
  return {
    ...subject,
    rowId: `${subject.code}#${auxiKey}`,
    codeName: auxiKey,
    parentCode: subject.code,
    lastLevel: true,
    isAuxiliary: true,
    auxiKey,
    incloudAuxi: true,
    initAmount,
  };
}
