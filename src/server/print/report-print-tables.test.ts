import { describe, expect, it } from 'vitest';
import type { TrialBalanceResponse, TrialBalanceRow } from '../../shared/api/books.js';
import { trialBalanceTable } from './report-print-tables.js';

const row = (
  code: string,
  level: number,
  parentCode: string | null,
  endBalance: number,
  isGovernment = false,
): TrialBalanceRow => ({
  code,
  codeName: `科目${code}`,
  level,
  parentCode,
  lastLevel: level === 2,
  isGovernment,
  initialBalance: 0,
  initialDirection: 0,
  debitOccur: endBalance,
  creditOccur: 0,
  debitGrandTotal: endBalance,
  creditGrandTotal: 0,
  endBalance,
  endDirection: endBalance === 0 ? 0 : 1,
});

const check = { initialDebit: 0, initialCredit: 0, debitOccur: 0, creditOccur: 0, endDebit: 0, endCredit: 0, balanced: true };

describe('trialBalanceTable', () => {
  const answer: TrialBalanceResponse = {
    rows: [
      row('101', 1, null, 150_000),
      row('10101', 2, '101', 100_000),
      row('10102', 2, '101', 50_000),
      row('8001', 1, null, 999, true),
    ],
    financial: check,
    budget: check,
  };
  const table = trialBalanceTable(answer, '单位', '2026年3月');

  it('indents children by level and adds first-level financial subjects only in the bold total', () => {
    expect(table.rows.map((r) => r.indent ?? 0)).toEqual([0, 1, 1, 0, 0]);
    const total = table.rows.at(-1);
    expect(total?.bold).toBe(true);
    // 101 alone: its children are inside it, the budget-side 8001 is not added.
    expect(total?.cells).toEqual(['合计', '', '', '', '1,500.00', '', '1,500.00', '', '1,500.00', '']);
  });

  it('adds the listed children when a code or name filter leaves their parent out', () => {
    const filtered = trialBalanceTable({ ...answer, rows: answer.rows.slice(1, 3) }, '单位', '2026年3月');
    expect(filtered.rows.at(-1)?.cells).toEqual(['合计', '', '', '', '1,500.00', '', '1,500.00', '', '1,500.00', '']);
  });

  it('prints zero amounts blank and groups the eight amount columns under four headings', () => {
    expect(table.rows[0]?.cells).toEqual(['101', '科目101', '', '', '1,500.00', '', '1,500.00', '', '1,500.00', '']);
    expect(table.orientation).toBe('landscape');
    expect(table.columns.filter((c) => c.group === 'opening').map((c) => c.header)).toEqual(['借方', '贷方']);
    expect(table.groups?.map((g) => g.header)).toEqual(['期初余额', '本期发生额', '本年累计发生额', '期末余额']);
  });
});
