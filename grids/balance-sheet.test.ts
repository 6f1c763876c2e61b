import { describe, expect, it } from 'vitest';
import type { ReportLineView, ReportResponse } from '../src/shared/api/reports.js';
import { balanceSheetGrid, balanceSheetGridAnnual, toBalanceSheetRows } from './balance-sheet.js';
import { incomeExpenseGrid, incomeExpenseGridAnnual, toIncomeExpenseRows } from './income-expense.js';

const line = (over: Partial<ReportLineView> & Pick<ReportLineView, 'name' | 'part' | 'row'>): ReportLineView => ({
  no: null,
  indent: 0,
  bold: false,
  center: false,
  side: 'debit',
  total: false,
  amounts: {},
  dashed: [],
  codes: [],
  ...over,
});

const report = (lines: ReportLineView[], columns: string[]): ReportResponse => ({
  kind: 'balance-sheet',
  formNo: '工会01表',
  title: '资产负债表',
  unitName: '工会',
  year: 2026,
  beginMonth: 1,
  endMonth: 3,
  period: '2026年1月至3月',
  mode: 'interim',
  book: false,
  carryOver: true,
  lineNumbersPrinted: false,
  columns: columns.map((id) => ({ id, name: id, hasData: true })),
  lines,
  checks: [],
  balanced: true,
  carriedOver: {},
  uncovered: [],
});

describe('balance sheet rows', () => {
  it('put both halves of a printed row on one grid row, with empty rows kept', () => {
    const rows = toBalanceSheetRows(
      report(
        [
          line({ name: '一、资产', part: 'left', row: 1, center: true, indent: 0 }),
          line({ name: '二、负债', part: 'right', row: 1, center: true }),
          line({ no: 1, name: '货币资金', part: 'left', row: 2, indent: 1, amounts: { opening: 600_000, closing: 760_000 } }),
          line({
            no: 29,
            name: '本期盈余',
            part: 'right',
            row: 3,
            side: 'credit',
            amounts: { opening: null, closing: 5 },
            dashed: ['opening'],
          }),
        ],
        ['opening', 'closing'],
      ),
    );
    expect(rows).toEqual([
      {
        rowId: 'r1',
        leftName: '一、资产',
        leftNo: null,
        leftOpening: null,
        leftClosing: null,
        rightName: '二、负债',
        rightNo: null,
        rightOpening: null,
        rightClosing: null,
      },
      {
        rowId: 'r2',
        leftName: '\u3000货币资金',
        leftNo: 1,
        leftOpening: 600_000,
        leftClosing: 760_000,
        rightName: '',
        rightNo: null,
        rightOpening: null,
        rightClosing: null,
      },
      {
        rowId: 'r3',
        leftName: '',
        leftNo: null,
        leftOpening: null,
        leftClosing: null,
        rightName: '本期盈余',
        rightNo: 29,
        rightOpening: null,
        rightClosing: 5,
      },
    ]);
  });

  it('take the figures by column id, whatever order the form prints its columns in (会政财01表: 期末余额 first)', () => {
    const lines = [line({ no: 1, name: '货币资金', part: 'left', row: 1, amounts: { closing: 50_000, opening: 0 } })];
    expect(toBalanceSheetRows(report(lines, ['closing', 'opening']))[0]).toMatchObject({ leftOpening: 0, leftClosing: 50_000 });
  });

  it('head the columns as the form does, 年末余额 in the annual report', () => {
    expect(balanceSheetGrid.fields.map((f) => f.header)).toEqual([
      '资产',
      '行次',
      '年初余额',
      '期末余额',
      '负债和净资产',
      '行次',
      '年初余额',
      '期末余额',
    ]);
    expect(balanceSheetGridAnnual.fields[3]?.header).toBe('年末余额');
    expect(balanceSheetGrid.fields.every((f) => f.editable === false)).toBe(true);
  });
});

describe('income statement rows', () => {
  it('take the statement column by column, blank where the form prints nothing', () => {
    const rows = toIncomeExpenseRows(
      report(
        [
          line({ no: 1, name: '一、年初资金结转结余', part: 'left', row: 1, amounts: { current: null, cumulative: null } }),
          line({ no: 5, name: '三、收入合计', part: 'left', row: 2, amounts: { current: 80_000, cumulative: 280_000 } }),
          line({ no: 6, name: '（一）会费收入', part: 'left', row: 3, indent: 1, amounts: { current: 0, cumulative: 200_000 } }),
        ],
        ['current', 'cumulative'],
      ),
    );
    expect(rows.map((r) => [r.name, r.no, r.current, r.cumulative])).toEqual([
      ['一、年初资金结转结余', 1, null, null],
      ['三、收入合计', 5, 80_000, 280_000],
      ['\u3000（一）会费收入', 6, 0, 200_000],
    ]);
    expect(incomeExpenseGrid.fields.map((f) => f.header)).toEqual(['项目', '行次', '本月数', '本年累计数']);
    expect(incomeExpenseGridAnnual.fields.map((f) => f.header)).toEqual(['项目', '行次', '本年数', '上年数']);
  });
});
